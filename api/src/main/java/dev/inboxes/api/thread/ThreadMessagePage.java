package dev.inboxes.api.thread;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.message.MessageResponse;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.paging.Page;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "ThreadMessagePage", description = "One page of a thread's messages, oldest first.")
public record ThreadMessagePage(
        @Schema(description = "At most `limit` messages, oldest first (received_at ascending, ties broken by id, "
                + "ascending).", required = true) List<MessageResponse> data,
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL, examples = "3") Long total) {

    static ThreadMessagePage fromDomain(Page<Message> page) {
        return new ThreadMessagePage(page.items().stream().map(MessageResponse::fromDomain).toList(),
                page.nextCursor(), page.hasMore(), page.totalOrNull());
    }
}
