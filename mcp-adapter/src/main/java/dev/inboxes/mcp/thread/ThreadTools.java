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
    static final String THREAD_WALK = "A thread that receives a message while you page moves up and is returned "
            + "again at the end; every thread is returned at least once.";

    @Inject
    ThreadService threads;

    @Inject
    CallerAccount caller;

    @Inject
    AgentPages pages;

    @Tool(name = "list_threads", inputSchema = @Tool.InputSchema(generator = PageLimitInputSchema.class),
            description = "Lists an inbox's threads (conversations: a message and its replies), the one that most "
                    + "recently received a message first. Paged, latest activity first. " + ListToolDocs.COUNT + " "
                    + ListToolDocs.WALK + " " + THREAD_WALK + " " + ListToolDocs.FITS + "\n"
                    + "Returns {data:[{id, subject, participants, message_count, last_message_at, snippet}], cursor, "
                    + "has_more, total?}; snippet is the latest message's preview. Read a thread with get_thread. "
                    + ListToolDocs.EXTERNAL_CONTENT + " " + ExternalContent.DESCRIBED,
            outputSchema = @Tool.OutputSchema(from = AgentThread.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "List threads", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse listThreads(
            @ToolArg(name = "inbox_id", description = "The inbox whose threads to list, e.g. inb_7fQ2LmX0pZ9aK3vB8nTc.")
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
            description = "Reads a thread: its messages in the order they arrived, each with its headers and the "
                    + "first " + ExternalContent.TEXT_CHARACTERS + " characters of its text (text_cut: true when "
                    + "there is more; get_message reads a whole message). Paged, oldest first. "
                    + ListToolDocs.COUNT + " " + ListToolDocs.WALK + " " + ListToolDocs.EXACTLY_ONCE + " "
                    + ListToolDocs.FITS + "\n"
                    + "Returns {data:[{id, from, to, subject, received_at, has_attachments, text, text_cut?}], cursor, "
                    + "has_more, total?}. " + ListToolDocs.EXTERNAL_CONTENT + " " + ExternalContent.DESCRIBED,
            outputSchema = @Tool.OutputSchema(from = AgentThreadMessage.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "Read a thread", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse getThread(
            @ToolArg(name = "inbox_id", description = "The inbox the thread is in, e.g. inb_7fQ2LmX0pZ9aK3vB8nTc.")
            String inboxId,
            @ToolArg(name = "thread_id", description = "The thread to read: an id from list_threads, or a message's "
                    + "thread_id, e.g. thr_9LmQ2xT7vB0cK4nP8sWz.") String threadId,
            @ToolArg(description = ListToolDocs.LIMIT, required = false) String limit,
            @ToolArg(description = ListToolDocs.CURSOR, required = false) String cursor) {
        return asToolErrors(() -> {
            String accountId = caller.id();
            return pages.respond(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                    request -> threads.read(accountId, inboxId, threadId, request, ExternalContent.TEXT_CHARACTERS),
                    AgentThreadMessage::fromDomain,
                    AgentPages.Listing.of("message", "messages").inOrder("oldest first")
                            .framedBy(ExternalContent::markMessages));
        });
    }
}
