package dev.inboxes.mcp.thread;

import static dev.inboxes.mcp.ToolFailures.asToolErrors;

import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.thread.ThreadService;
import dev.inboxes.mcp.AgentPages;
import dev.inboxes.mcp.CallerAccount;
import dev.inboxes.mcp.ExternalContent;
import dev.inboxes.mcp.ListToolDocs;
import dev.inboxes.mcp.PageLimitInputSchema;
import dev.inboxes.mcp.PageOutputSchema;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;

/** The thread tools: an inbox's conversations, and one conversation read in order. */
public class ThreadTools {

    /** What list_threads says about a walk whose rows move. */
    /** How much more of each text get_thread reads when it leaves the quoted history out. */
    static final int QUOTED_SCAN_FACTOR = 8;

    static final String THREAD_WALK = "A thread that receives a message while you page moves up and comes again; "
            + "none is missed.";

    @Inject
    ThreadService threads;

    @Inject
    CallerAccount caller;

    @Inject
    AgentPages pages;

    @Tool(name = "list_threads", inputSchema = @Tool.InputSchema(generator = PageLimitInputSchema.class),
            description = "Lists an inbox's threads (a message and its replies), with the latest message's snippet; "
                    + "read one with get_thread. Paged, latest activity first: the first page has total (limit=1 only "
                    + "counts); while has_more, pass cursor back with the same arguments. " + THREAD_WALK + " "
                    + ListToolDocs.MARKED,
            outputSchema = @Tool.OutputSchema(from = AgentThread.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "List threads", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse listThreads(
            @ToolArg(name = "inbox_id", description = "inb_… of the inbox whose threads to list.")
            String inboxId,
            @ToolArg(description = ListToolDocs.LIMIT, required = false) String limit,
            @ToolArg(description = ListToolDocs.CURSOR, required = false) String cursor) {
        return asToolErrors(() -> {
            String accountId = caller.id();
            return pages.respond(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                    request -> threads.list(accountId, inboxId, request), AgentThread::fromDomain,
                    AgentPages.Listing.of("thread", "threads").inOrder("latest activity first")
                            .framedBy(ExternalContent::markMessages));
        });
    }

    @Tool(name = "get_thread", inputSchema = @Tool.InputSchema(generator = PageLimitInputSchema.class),
            description = "Reads a thread's messages with the first " + ExternalContent.TEXT_CHARACTERS
                    + " characters of each text (text_cut when there is more; get_message reads it whole). "
                    + ListToolDocs.OLDEST_FIRST + " " + ListToolDocs.MARKED,
            outputSchema = @Tool.OutputSchema(from = AgentThreadMessage.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "Read a thread", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse getThread(
            @ToolArg(name = "inbox_id", description = "inb_… of the inbox the thread is in.")
            String inboxId,
            @ToolArg(name = "thread_id", description = "thr_…, from list_threads or a message's thread_id.")
            String threadId,
            @ToolArg(description = ListToolDocs.LIMIT, required = false) String limit,
            @ToolArg(description = ListToolDocs.CURSOR, required = false) String cursor,
            @ToolArg(description = ListToolDocs.QUOTES + " Default false.", required = false) String quotes) {
        boolean withQuotes = asToolErrors(() -> ListToolDocs.quotes(quotes, false));
        // Without quotes, more of each text is read, so that what is left once the history is out fills the part.
        int read = withQuotes ? ExternalContent.TEXT_CHARACTERS : ExternalContent.TEXT_CHARACTERS * QUOTED_SCAN_FACTOR;
        return asToolErrors(() -> {
            String accountId = caller.id();
            return pages.respond(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                    request -> threads.read(accountId, inboxId, threadId, request, read),
                    withQuotes ? AgentThreadMessage::fromDomain
                            : message -> AgentThreadMessage.withoutQuotes(message, ExternalContent.TEXT_CHARACTERS),
                    AgentPages.Listing.of("message", "messages").inOrder("oldest first")
                            .framedBy(ExternalContent::markMessages));
        });
    }
}
