package dev.inboxes.api.inbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.paging.Page;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "InboxPage", description = "One page of inboxes, newest first.")
public record InboxPage(
        @Schema(description = PagingDocs.DATA, required = true) List<InboxResponse> data,
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL, examples = "3219") Long total,
        @JsonProperty("total_exact") @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL_EXACT, examples = "false") Boolean totalExact) {

    static InboxPage fromDomain(Page<Inbox> page) {
        return new InboxPage(page.items().stream().map(InboxResponse::fromDomain).toList(), page.nextCursor(),
                page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
    }
}
