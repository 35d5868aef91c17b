package dev.inboxes.mcp.message;

import static dev.inboxes.mcp.ToolFailures.asToolErrors;

import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.SearchWords;
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

/** The message tools an agent calls over MCP. */
public class MessageTools {

    static final String Q = "Words to find, separated by spaces: a message matches when each word is a "
            + "case-insensitive part of its sender (address or name), its subject or its text; at most "
            + SearchWords.MAX_WORDS + " words.";

    @Inject
    MessageService messages;

    @Inject
    CallerAccount caller;

    @Inject
    AgentPages pages;

    @Tool(name = "list_messages", inputSchema = @Tool.InputSchema(generator = PageLimitInputSchema.class),
            description = "Lists the mail one inbox received (id, inbox_id, from, to, subject, preview, received_at, "
                    + "thread_id, has_attachments); preview is the first " + MessageContent.PREVIEW_LENGTH
                    + " characters of the text, and get_message reads a whole message. limit=1 returns the latest "
                    + "message and, as total, how many there are. To find messages, pass q: words that must each "
                    + "appear (case-insensitive) in the sender, the subject or the text, e.g. q=\"verification code\". "
                    + ListToolDocs.PROTOCOL + " " + ListToolDocs.EXTERNAL_CONTENT + " " + ExternalContent.DESCRIBED
                    + " Read-only. An inbox_id not in this account is an error; list_inboxes finds ids.",
            outputSchema = @Tool.OutputSchema(from = AgentMessage.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "List messages", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse listMessages(
            @ToolArg(name = "inbox_id", description = "The inbox whose mail to list, as list_inboxes or create_inbox "
                    + "returned it, e.g. inb_7fQ2LmX0pZ9aK3vB8nTc.")
            String inboxId,
            @ToolArg(description = ListToolDocs.LIMIT, required = false) String limit,
            @ToolArg(description = ListToolDocs.CURSOR, required = false) String cursor,
            @ToolArg(description = Q, required = false) String q) {
        return asToolErrors(() -> {
            String accountId = caller.id();
            MessageFilter filter = MessageFilter.parse(q);
            return pages.respond(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                    request -> messages.list(accountId, inboxId, filter, request), AgentMessage::fromDomain,
                    AgentPages.Listing.of("message", "messages").filteredWith("q")
                            .widenedBy(filter.isEmpty() ? null : "use fewer or shorter words in q")
                            .framedBy(ExternalContent::markMessages));
        });
    }
}
