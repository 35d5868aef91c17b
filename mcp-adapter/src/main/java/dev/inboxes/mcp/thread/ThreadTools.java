package dev.inboxes.mcp.thread;

import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.thread.ThreadService;
import dev.inboxes.mcp.respond.AgentResponder;
import dev.inboxes.mcp.respond.Listing;
import dev.inboxes.mcp.protocol.AgentErrors;
import dev.inboxes.mcp.protocol.CallerAccount;
import dev.inboxes.mcp.respond.ExternalContent;
import dev.inboxes.mcp.protocol.ListToolDocs;
import dev.inboxes.mcp.protocol.PageOutputSchema;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;

/** The thread tools: an inbox's conversations, and one conversation read in order. */
@AgentErrors
public class ThreadTools {

    /** What list_threads says about a walk whose rows move. */
    /** How much more of each text get_thread reads when it leaves the quoted history out. */
    static final int QUOTED_SCAN_FACTOR = 8;

    static final String THREAD_WALK = "A thread with new mail moves up and comes again.";

    @Inject
    ThreadService threads;

    @Inject
    CallerAccount caller;

    @Inject
    AgentResponder responder;

    @Tool(name = "list_threads",
            description = "Lists an inbox's threads, latest activity first, with the "
                    + "latest snippet; get_thread reads one. " + ListToolDocs.PAGED + " " + THREAD_WALK,
            outputSchema = @Tool.OutputSchema(from = AgentThread.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "List threads", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse listThreads(
            @ToolArg(name = "inbox_id", description = ListToolDocs.INBOX_ID)
            String inboxId,
            @ToolArg(required = false) String limit,
            @ToolArg(required = false) String cursor) {
        String accountId = caller.id();
        return responder.page(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                request -> threads.list(accountId, inboxId, request), AgentThread::fromDomain,
                Listing.of("thread", "threads").inOrder("latest activity first").marked());
    }

    @Tool(name = "get_thread",
            description = "Reads a thread's messages, oldest first, each with its text's first "
                    + ExternalContent.TEXT_CHARACTERS + " characters (text_cut if more; get_message reads it whole). "
                    + ListToolDocs.PAGED,
            outputSchema = @Tool.OutputSchema(from = AgentThreadMessage.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "Read a thread", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse getThread(
            @ToolArg(name = "inbox_id", description = ListToolDocs.INBOX_ID)
            String inboxId,
            @ToolArg(name = "thread_id", description = ListToolDocs.THREAD_ID)
            String threadId,
            @ToolArg(required = false) String limit,
            @ToolArg(required = false) String cursor,
            @ToolArg(description = ListToolDocs.QUOTES + " Default false.", required = false) String quotes) {
        boolean withQuotes = ListToolDocs.quotes(quotes, false);
        // Without quotes, more of each text is read, so that what is left once the history is out fills the part.
        int read = withQuotes ? ExternalContent.TEXT_CHARACTERS : ExternalContent.TEXT_CHARACTERS * QUOTED_SCAN_FACTOR;
        String accountId = caller.id();
        return responder.page(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                request -> threads.read(accountId, inboxId, threadId, request, read),
                withQuotes ? AgentThreadMessage::fromDomain
                        : message -> AgentThreadMessage.withoutQuotes(message, ExternalContent.TEXT_CHARACTERS),
                Listing.of("message", "messages").inOrder("oldest first").marked());
    }
}
