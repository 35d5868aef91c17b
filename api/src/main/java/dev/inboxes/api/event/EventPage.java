package dev.inboxes.api.event;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.inboxes.api.paging.PageFields;
import dev.inboxes.api.paging.PagingDocs;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

@Schema(name = "EventPage", description = "One page of the account's events, newest first.",
        properties = @SchemaProperty(name = "total", examples = "12"))
public record EventPage(@Schema(description = PagingDocs.DATA, required = true) List<EventResponse> data,
        @JsonUnwrapped PageFields paging) {
}
