package dev.inboxes.api.message;

import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.wait.WaitOutcome;
import dev.inboxes.domain.wait.WaitRequest;
import dev.inboxes.domain.wait.WaitService;
import io.smallrye.common.annotation.Blocking;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET …/messages/wait}: an asynchronous response. The worker thread that checks the request returns as soon as
 * the wait is registered; the response is written when the wait ends, from whichever thread ends it.
 */
// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/inboxes/{inbox_id}/messages/wait")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Messages")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
public class MessageWaitResource {

    /** How often a wait checks that its client is still connected (one that went away frees its place). */
    private static final long CLIENT_CHECK_MILLIS = 1_000;

    @Inject
    WaitService waits;

    @Inject
    CurrentAccount account;

    @Inject
    Vertx vertx;

    @Inject
    WaitsPerAddress addresses;

    @GET
    @Blocking
    @Operation(operationId = "waitForMessage", summary = "Wait for the next message",
            description = "Waits until the inbox receives a message after `since` (matching `from` and `subject` "
                    + "when given) and returns it at once, or returns at the timeout with `timed_out: true`. Either "
                    + "way the answer carries `next`: pass it as `since` to wait for the following message, so no "
                    + "message is missed or returned twice, whichever replica answers. Works across replicas: a "
                    + "message received by any of them ends the wait. An account may have "
                    + "a limited number of waits in progress (429 beyond). Keep the client's read timeout above "
                    + "`timeout`.")
    @APIResponse(responseCode = "200", description = "The wait ended: a message, or the timeout.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WaitResponse.class)))
    @APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
    @APIResponse(responseCode = "404", description = "No such inbox in this account (also when it is deleted "
            + "during the wait).")
    public CompletionStage<WaitResponse> waitForMessage(
            @Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId,
            @Parameter(description = "Where to start: " + WaitRequest.SINCE_FORMS + ".")
            @QueryParam("since") String since,
            @Parameter(description = "Seconds to wait at most, " + WaitRequest.MIN_TIMEOUT_SECONDS + " to "
                    + WaitRequest.MAX_TIMEOUT_SECONDS + ".", schema = @Schema(type = SchemaType.INTEGER,
                    minimum = "" + WaitRequest.MIN_TIMEOUT_SECONDS, maximum = "" + WaitRequest.MAX_TIMEOUT_SECONDS,
                    defaultValue = "" + WaitRequest.DEFAULT_TIMEOUT_SECONDS)) @QueryParam("timeout") String timeout,
            @Parameter(description = "Only a message whose sender's address contains this (any case), e.g. "
                    + "`@github.com`.") @QueryParam("from") String from,
            @Parameter(description = "Only a message whose subject contains this (any case), e.g. `verification`.")
            @QueryParam("subject") String subject,
            @Context HttpServerRequest request, @Context HttpServerResponse response) {
        WaitRequest parsed = WaitRequest.parse(since, timeout, "timeout", from, subject);
        String address = request.remoteAddress() == null ? "unknown" : request.remoteAddress().host();
        addresses.acquire(address);
        CompletableFuture<WaitOutcome> wait;
        try {
            wait = waits.await(account.id(), inboxId, parsed);
        } catch (RuntimeException refused) {
            addresses.release(address);
            throw refused;
        }
        wait.whenComplete((outcome, failure) -> addresses.release(address));
        long watch = vertx.setPeriodic(CLIENT_CHECK_MILLIS, tick -> {
            if (response.closed()) {
                wait.cancel(false);
            }
        });
        return wait.whenComplete((outcome, failure) -> vertx.cancelTimer(watch)).thenApply(WaitResponse::fromDomain);
    }
}
