package dev.inboxes.api.thread;

import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.paging.PageQuery;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.thread.ThreadService;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/inboxes/{inbox_id}/threads")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Threads")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
@APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
public class ThreadResource {

    @Inject
    ThreadService threads;

    @Inject
    CurrentAccount account;

    @GET
    @Operation(operationId = "listThreads", summary = "List an inbox's threads, latest activity first",
            description = "Returns one page of the inbox's threads (conversations), the one that most recently "
                    + "received a message first. A cursor belongs to its inbox.\n\n" + PagingDocs.STEPS + "\n\n"
                    + ThreadPage.WALK + " " + PagingDocs.CURSOR_SCOPE)
    @APIResponse(responseCode = "200", description = "One page of threads.")
    @APIResponse(responseCode = "404", description = "No such inbox in this account.")
    public RestResponse<ThreadPage> list(
            @Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId,
            @BeanParam PageQuery paging) {
        return paging.respond(threads.list(account.id(), inboxId, paging.request()), ThreadPage::fromDomain);
    }

    @GET
    @Path("/{thread_id}/messages")
    @Operation(operationId = "listThreadMessages", summary = "List a thread's messages, oldest first",
            description = "Returns one page of the thread's messages in the order they were received, oldest first "
                    + "(`received_at` ascending, ties by id ascending), as list rows (get a message for its whole "
                    + "text). A cursor belongs to its thread.\n\n" + PagingDocs.PROTOCOL)
    @APIResponse(responseCode = "200", description = "One page of the thread's messages.")
    @APIResponse(responseCode = "404", description = "No such inbox, or no such thread in it, in this account.")
    public RestResponse<ThreadMessagePage> messages(
            @Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId,
            @Parameter(description = "Thread id, from the threads list or a message's thread_id.")
            @PathParam("thread_id") String threadId,
            @BeanParam PageQuery paging) {
        return paging.respond(threads.messages(account.id(), inboxId, threadId, paging.request()),
                ThreadMessagePage::fromDomain);
    }
}
