package dev.inboxes.api.thread;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.thread.MessageThread;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "ThreadPage", description = "One page of an inbox's threads, latest activity first.")
public record ThreadPage(
        @Schema(description = ThreadPage.DATA, required = true) List<ThreadResponse> data,
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL, examples = "12") Long total) {

    static final String DATA = "At most `limit` threads, latest activity first; threads that received a message "
            + "since the walk's first page come at its end, in the order they received it.";

    /** What a walk of the threads list guarantees, for the operation's description. */
    static final String WALK = "A thread moves up when it receives a message, so a walk guarantees: every thread "
            + "that exists for the whole walk is returned at least once, and a thread is returned a second time only "
            + "if it received a message during the walk. Threads that received a message since the first page (and "
            + "new ones) come at the end of the walk, in the order they received it.";

    static ThreadPage fromDomain(Page<MessageThread> page) {
        return new ThreadPage(page.items().stream().map(ThreadResponse::fromDomain).toList(), page.nextCursor(),
                page.hasMore(), page.totalOrNull());
    }
}
