package dev.inboxes.api.message;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.json.JsonBodies;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.outbound.OutboundMessage;
import dev.inboxes.domain.outbound.OutboundService;
import dev.inboxes.domain.outbound.SendRequest;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
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

/**
 * Mail out: send, reply (to one or all) and forward. Each answers 202 once the message and one queued delivery per
 * recipient are committed; the outbox workers deliver, and the message's {@code deliveries} say how it went.
 */
// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/inboxes/{inbox_id}/messages")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Messages")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
@APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
@APIResponse(responseCode = "409", description = "A request with this Idempotency-Key is still being handled "
        + "(idempotency-key-in-flight): nothing was done for this one. Send it again after Retry-After seconds to get "
        + "the first request's result.")
@APIResponse(responseCode = "422", description = "The Idempotency-Key was used before with a different body "
        + "(idempotency-key-reused), or a recipient is suppressed (recipient-suppressed: the detail names it and how to "
        + "lift it).")
@APIResponse(responseCode = "429", description = "The account or the inbox has sent to as many recipients this hour "
        + "as it may (rate-limited), or the account's outbox holds too many deliveries not yet gone out (outbox-full). "
        + "Retry after Retry-After seconds.")
public class OutboundResource {

    private static final String ACCEPTED = "The stored outbound message, with one delivery per recipient (queued, "
            + "or failed at once when nothing routes to its domain; smtp_reply says why). For a repeated "
            + "Idempotency-Key, the message of the first request.";
    private static final String REPLAYED = "Idempotent-Replayed";

    @Inject
    OutboundService outbound;

    @Inject
    CurrentAccount account;

    @Inject
    JsonBodies jsonBodies;

    @POST
    @Path("/send")
    @Operation(operationId = "sendMessage", summary = "Send a new message from the inbox",
            description = "Sends from the inbox's own address, DKIM-signed, to every address in to, cc and bcc. "
                    + "Mail to this service's own domain is delivered into that inbox; other domains go through "
                    + "the configured relay. The message joins the inbox's list and starts a thread.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = SendMessageRequest.class)))
    @APIResponse(responseCode = "202", description = ACCEPTED, headers = @Header(name = REPLAYED,
            description = "true when this is the result of an earlier request with the same Idempotency-Key.",
            schema = @Schema(type = SchemaType.BOOLEAN)), content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = MessageDetailResponse.class)))
    @APIResponse(responseCode = "404", description = "No such inbox in this account.")
    public Response send(
            @Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId,
            byte[] body,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @Parameter(description = MessageFields.IDEMPOTENCY_KEY) @HeaderParam("Idempotency-Key") String key)
            throws JsonProcessingException {
        SendRequest request = SendMessageRequest.fromJson(jsonBodies.read(body, contentType));
        return accepted(outbound.send(account.id(), inboxId, request, key));
    }

    @POST
    @Path("/{message_id}/reply")
    @Operation(operationId = "replyToMessage", summary = "Reply to a message of the inbox",
            description = "Answers the message: to its Reply-To (else its From), with reply_all also to its To and "
                    + "Cc except the inbox itself; subject with one Re:, In-Reply-To and References set, in the "
                    + "original's thread.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ReplyRequest.class)))
    @APIResponse(responseCode = "202", description = ACCEPTED, content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MessageDetailResponse.class)))
    @APIResponse(responseCode = "404", description = "No such inbox, or no such message in it, in this account.")
    public Response reply(
            @Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId,
            @Parameter(description = "Id of the message to answer.") @PathParam("message_id") String messageId,
            byte[] body,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @Parameter(description = MessageFields.IDEMPOTENCY_KEY) @HeaderParam("Idempotency-Key") String key)
            throws JsonProcessingException {
        ReplyRequest.Parsed request = ReplyRequest.fromJson(jsonBodies.read(body, contentType));
        return accepted(outbound.reply(account.id(), inboxId, messageId, request.body(), request.replyAll(), key));
    }

    @POST
    @Path("/{message_id}/forward")
    @Operation(operationId = "forwardMessage", summary = "Forward a message of the inbox",
            description = "Sends the message on to others: attached whole as message/rfc822, under one Fwd:, after "
                    + "your own text or html if given.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ForwardRequest.class)))
    @APIResponse(responseCode = "202", description = ACCEPTED, content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MessageDetailResponse.class)))
    @APIResponse(responseCode = "404", description = "No such inbox, or no such message in it, in this account.")
    public Response forward(
            @Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId,
            @Parameter(description = "Id of the message to forward.") @PathParam("message_id") String messageId,
            byte[] body,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @Parameter(description = MessageFields.IDEMPOTENCY_KEY) @HeaderParam("Idempotency-Key") String key)
            throws JsonProcessingException {
        ForwardRequest.Parsed request = ForwardRequest.fromJson(jsonBodies.read(body, contentType));
        return accepted(outbound.forward(account.id(), inboxId, messageId, request.to(), request.body(), key));
    }

    private static Response accepted(OutboundMessage sent) {
        Response.ResponseBuilder response = Response.accepted(
                MessageDetailResponse.fromDomain(sent.message(), sent.deliveries()));
        if (sent.replayed()) {
            response.header(REPLAYED, "true");
        }
        return response.build();
    }
}
