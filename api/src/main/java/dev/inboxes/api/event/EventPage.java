package dev.inboxes.api.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.event.Event;
import dev.inboxes.domain.paging.Page;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "EventPage", description = "One page of the account's events, newest first.")
public record EventPage(
        @Schema(description = PagingDocs.DATA, required = true) List<EventResponse> data,
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL, examples = "12") Long total,
        @JsonProperty("total_exact") @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL_EXACT, examples = "false") Boolean totalExact) {

    static EventPage fromDomain(Page<Event> page) {
        return new EventPage(page.items().stream().map(EventResponse::fromDomain).toList(), page.nextCursor(),
                page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
    }
}
