package dev.inboxes.api.inbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.inboxes.api.json.JsonBodies;
import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.paging.PageQuery;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.inbox.CreatedInbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.Timestamps;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.RestResponse;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/inboxes")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Inboxes")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
public class InboxResource {

    /** The list's search, for the list and the bulk delete alike. */
    static final String Q = "Words to find: an inbox matches when each word is a case-insensitive substring of its "
            + "address or display name (`acme order 1234` finds \"ACME order #1234\"); word order does not matter. At "
            + "most " + InboxFilter.MAX_Q_WORDS + " words and " + InboxFilter.MAX_Q_LENGTH + " characters.";

    @Inject
    InboxService inboxes;

    @Inject
    CurrentAccount account;

    @Inject
    JsonBodies jsonBodies;

    @POST
    @Operation(operationId = "createInbox", summary = "Create an inbox",
            description = "Creates an inbox at username@<mail domain> (a random username when absent). Send an "
                    + "Idempotency-Key to make retries safe: a repeated key from the same account returns the first "
                    + "result and creates nothing.")
    @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = CreateInboxRequest.class)))
    @APIResponse(responseCode = "201", description = "The new inbox (or, for a repeated Idempotency-Key, the first one).",
            headers = @Header(name = "Idempotent-Replayed", description = "true when this is the stored result of an "
                    + "earlier request with the same Idempotency-Key.", schema = @Schema(type = SchemaType.BOOLEAN)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = InboxResponse.class)))
    @APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
    @APIResponse(responseCode = "409", description = "The address is taken.")
    @APIResponse(responseCode = "422", description = "The Idempotency-Key was used before with a different body.")
    public Response create(
            byte[] body,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @Parameter(description = "Makes the create safe to retry: 1 to 255 visible ASCII characters, e.g. a UUID.")
            @HeaderParam("Idempotency-Key") String idempotencyKey,
            @Context UriInfo uriInfo) throws JsonProcessingException {
        CreateInboxRequest request = CreateInboxRequest.fromJson(jsonBodies.read(body, contentType));
        CreatedInbox created = inboxes.create(account.id(), request.toDomain(), idempotencyKey);
        Response.ResponseBuilder response = Response
                .created(uriInfo.getBaseUriBuilder().path("v1/inboxes/{id}").build(created.inbox().id()))
                .entity(InboxResponse.fromDomain(created.inbox()));
        if (created.replayed()) {
            response.header("Idempotent-Replayed", "true");
        }
        return response.build();
    }

    @GET
    @Path("/{inbox_id}")
    @Operation(operationId = "getInbox", summary = "Get an inbox")
    @APIResponse(responseCode = "200", description = "The inbox.")
    @APIResponse(responseCode = "404", description = "No such inbox in this account.")
    public InboxResponse get(@Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId) {
        return InboxResponse.fromDomain(inboxes.get(account.id(), inboxId));
    }

    @DELETE
    @Path("/{inbox_id}")
    @Operation(operationId = "deleteInbox", summary = "Delete an inbox")
    @APIResponse(responseCode = "204", description = "Deleted.")
    @APIResponse(responseCode = "404", description = "No such inbox in this account.")
    public void delete(@Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId) {
        inboxes.delete(account.id(), inboxId);
    }

    @POST
    @Path("/bulk-delete")
    @Operation(operationId = "bulkDeleteInboxes", summary = "Delete the inboxes matching filters, after a preview",
            description = "Deletes every inbox matching the list's filters (`q`, `created_after`, `created_before`), "
                    + "with their messages, in two steps:\n\n"
                    + "1. Without `confirm_token`: deletes nothing, and returns `matched`, a `sample` and a "
                    + "`confirm_token` bound to this account, these filters and exactly these matches.\n"
                    + "2. With that `confirm_token` and the same filters: deletes up to 1000 of them. While `has_more` "
                    + "is true, call again with the new `confirm_token`.\n\n"
                    + "If the matching inboxes changed since the token was issued (one was created or deleted), "
                    + "nothing is deleted and the answer is `409` `matches-changed`: preview again. A token is valid "
                    + "for an hour. No filter matches every inbox of the account. A call with `confirm_token` is not "
                    + "safe to retry blindly: after a lost response, preview again.")
    @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = BulkDeleteRequest.class)))
    @APIResponse(responseCode = "200", description = "The preview, or what this call deleted.")
    @APIResponse(responseCode = "400", description = "A filter or the confirm_token is malformed.")
    @APIResponse(responseCode = "409",
            description = "The matches changed since the confirm_token was issued; nothing was deleted.")
    public BulkDeleteResponse bulkDelete(byte[] body, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType)
            throws JsonProcessingException {
        BulkDeleteRequest request = BulkDeleteRequest.fromJson(jsonBodies.read(body, contentType));
        return BulkDeleteResponse.fromDomain(inboxes.bulkDelete(account.id(), request.filter(), request.confirmToken()));
    }

    @GET
    @Operation(operationId = "listInboxes", summary = "List inboxes, newest first, one page at a time",
            description = "Returns one page of the account's inboxes, newest first (`created_at` descending, ties "
                    + "by id descending). When `total` is large, narrow the query with `q`, `created_after` or "
                    + "`created_before` instead of paging through everything; `limit=1` counts cheaply (read `total`)."
                    + "\n\n" + PagingDocs.PROTOCOL)
    @APIResponse(responseCode = "200", description = "One page of inboxes.")
    @APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
    public RestResponse<InboxPage> list(
            @BeanParam PageQuery paging,
            @Parameter(description = Q, examples = {}) @QueryParam("q") String q,
            @Parameter(description = "Only inboxes created at or after this time. Accepted: " + Timestamps.ACCEPTED + ".",
                    schema = @Schema(type = SchemaType.STRING, format = "date-time"))
            @QueryParam("created_after") String createdAfter,
            @Parameter(description = "Only inboxes created before this time. Accepted: " + Timestamps.ACCEPTED + ".",
                    schema = @Schema(type = SchemaType.STRING, format = "date-time"))
            @QueryParam("created_before") String createdBefore) {
        PageRequest request = paging.request();
        InboxFilter filter = InboxFilter.parse(q, createdAfter, createdBefore);
        return paging.respond(inboxes.list(account.id(), filter, request), InboxResponse::fromDomain, InboxPage::new);
    }
}
