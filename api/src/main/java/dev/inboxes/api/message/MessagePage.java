package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.paging.Page;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "MessagePage", description = "One page of an inbox's messages, newest first.")
public record MessagePage(
        @Schema(description = PagingDocs.DATA, required = true) List<MessageResponse> data,
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL, examples = "12") Long total,
        @JsonProperty("total_exact") @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL_EXACT, examples = "false") Boolean totalExact) {

    static MessagePage fromDomain(Page<Message> page) {
        return new MessagePage(page.items().stream().map(MessageResponse::fromDomain).toList(), page.nextCursor(),
                page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
    }
}
