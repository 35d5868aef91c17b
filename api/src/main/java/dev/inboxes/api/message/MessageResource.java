package dev.inboxes.api.message;

import dev.inboxes.domain.message.RecordMessage;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.json.JsonBodies;
import dev.inboxes.api.paging.PageResponses;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
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
@Path("/v1/inboxes/{inbox_id}/messages")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Messages")
@SecurityRequirement(name = InboxesApiDefinition.API_KEY)
@APIResponse(responseCode = "400", description = "Invalid input; the detail says which and how to fix it.",
        content = @Content(mediaType = "application/problem+json", schema = @Schema(implementation = Problem.class)))
@APIResponse(responseCode = "401", description = "Missing or invalid API key.",
        content = @Content(mediaType = "application/problem+json", schema = @Schema(implementation = Problem.class)))
@APIResponse(responseCode = "404", description = "No such inbox in this account.",
        content = @Content(mediaType = "application/problem+json", schema = @Schema(implementation = Problem.class)))
public class MessageResource {

    @Inject
    MessageService messages;

    @Inject
    CurrentAccount account;

    @Inject
    JsonBodies jsonBodies;

    @POST
    @Operation(operationId = "recordMessage", summary = "Record an inbound message",
            description = "Records a message received by the inbox. Its preview is the first "
                    + RecordMessage.PREVIEW_LENGTH + " characters of text.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = RecordMessageRequest.class)))
    @APIResponse(responseCode = "201", description = "The recorded message.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MessageResponse.class)))
    public Response record(
            @Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId,
            byte[] body,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType) throws JsonProcessingException {
        RecordMessageRequest request = RecordMessageRequest.fromJson(jsonBodies.read(body, contentType));
        return Response.status(Response.Status.CREATED)
                .entity(MessageResponse.fromDomain(messages.record(account.id(), inboxId, request.toDomain())))
                .build();
    }

    @GET
    @Operation(operationId = "listMessages", summary = "List an inbox's messages, newest first, one page at a time",
            description = "Returns one page of the inbox's messages, newest first (`received_at` descending, ties "
                    + "by id descending). A cursor belongs to its inbox.\n\n" + PagingDocs.PROTOCOL)
    @APIResponse(responseCode = "200", description = "One page of messages.",
            headers = @Header(name = "Link", description = PagingDocs.NEXT_LINK,
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MessagePage.class)))
    public RestResponse<MessagePage> list(
            @Parameter(description = "Inbox id.") @PathParam("inbox_id") String inboxId,
            @Parameter(description = PagingDocs.LIMIT, schema = @Schema(type = SchemaType.INTEGER,
                    minimum = PagingDocs.LIMIT_MINIMUM, maximum = PagingDocs.LIMIT_MAXIMUM,
                    defaultValue = PagingDocs.LIMIT_DEFAULT)) @QueryParam("limit") String limit,
            @Parameter(description = PagingDocs.CURSOR_PARAMETER)
            @QueryParam("cursor") String cursor,
            @Context UriInfo uriInfo) {
        var page = messages.list(account.id(), inboxId, PageRequest.parse(limit, cursor, PageLimits.PROGRAMS));
        return PageResponses.ok(page, MessagePage.fromDomain(page), uriInfo);
    }
}
