package dev.inboxes.api.event;

import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.paging.PageQuery;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.event.EventFilter;
import dev.inboxes.domain.event.EventService;
import dev.inboxes.domain.event.StreamPosition;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/events")
@Tag(name = "Events")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
@APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
@APIResponse(responseCode = "401", description = "Missing or invalid API key.")
public class EventResource {

    static final String TYPE = "Only events of this type: message.received, message.sent, message.deferred, "
            + "message.bounced, message.failed, inbox.created or inbox.deleted.";
    static final String INBOX_ID = "Only events of this inbox (a deleted one's too).";

    @Inject
    EventService events;

    @Inject
    EventStreams streams;

    @Inject
    CurrentAccount account;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listEvents", summary = "List the account's events, newest first, one page at a time",
            description = "Returns one page of the account's events (kept 30 days by default), newest first "
                    + "(`created_at` descending, ties by id descending). Each event was committed in the same "
                    + "transaction as its change.\n\n" + PagingDocs.PROTOCOL)
    @APIResponse(responseCode = "200", description = "One page of events.")
    public RestResponse<EventPage> list(
            @BeanParam PageQuery paging,
            @Parameter(description = TYPE) @QueryParam("type") String type,
            @Parameter(description = INBOX_ID) @QueryParam("inbox_id") String inboxId) {
        EventFilter filter = EventFilter.parse(type, inboxId);
        return paging.respond(events.list(account.id(), filter, paging.request()),
                EventResponse::fromDomain, EventPage::new);
    }

    @GET
    @Path("/stream")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(operationId = "streamEvents", summary = "Stream the account's events as they happen (Server-Sent Events)",
            description = "A `text/event-stream` of the account's events, oldest first: each SSE event has `id:` the "
                    + "event id, `event:` its type and `data:` the Event JSON. Without `Last-Event-ID` it starts now; "
                    + "with it, right after that event, without gaps or repeats (within the retention). A comment "
                    + "line is sent at least every 15 seconds to keep the connection open. An account may hold a few "
                    + "streams at once (5 by default); more are answered `429`.")
    @APIResponse(responseCode = "200", description = "The stream.",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "429", description = "Too many streams open for this account or on this replica.",
            headers = @Header(name = "Retry-After", description = "Seconds to wait before trying again.",
                    schema = @Schema(type = SchemaType.INTEGER)))
    public void stream(
            @Parameter(description = TYPE) @QueryParam("type") String type,
            @Parameter(description = INBOX_ID) @QueryParam("inbox_id") String inboxId,
            @Parameter(description = "The id of the last event received, to resume right after it.")
            @HeaderParam("Last-Event-ID") String lastEventId,
            @Context SseEventSink sink,
            @Context Sse sse,
            @Context RoutingContext routing) {
        EventFilter filter = EventFilter.parse(type, inboxId);
        StreamPosition start = events.streamStart(account.id(), lastEventId);
        Runnable close = streams.open(account.id(), filter, start, sink, sse);
        routing.addEndHandler(ended -> close.run());
    }
}
