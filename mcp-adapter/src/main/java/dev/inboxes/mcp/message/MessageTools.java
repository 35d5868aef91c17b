package dev.inboxes.mcp.message;

import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.SearchWords;
import dev.inboxes.mcp.respond.AgentResponder;
import dev.inboxes.mcp.respond.Listing;
import dev.inboxes.mcp.protocol.AgentErrors;
import dev.inboxes.mcp.protocol.CallerAccount;
import dev.inboxes.mcp.protocol.ListToolDocs;
import dev.inboxes.mcp.protocol.PageOutputSchema;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;

/** The message tools an agent calls over MCP. */
@AgentErrors
public class MessageTools {

    static final String Q = "Words each part of the sender, subject or text (any case), e.g. verification code; at "
            + "most " + SearchWords.MAX_WORDS + ".";

    @Inject
    MessageService messages;

    @Inject
    CallerAccount caller;

    @Inject
    AgentResponder responder;

    @Tool(name = "list_messages",
            description = "Lists the mail an inbox received, newest first, each with its text's first "
                    + MessageContent.PREVIEW_LENGTH + " characters (get_message reads it whole); limit=1 gives the "
                    + "latest. " + ListToolDocs.PAGED + ListToolDocs.FILTER_INSTEAD,
            outputSchema = @Tool.OutputSchema(from = AgentMessage.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "List messages", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse listMessages(
            @ToolArg(name = "inbox_id", description = ListToolDocs.INBOX_ID)
            String inboxId,
            @ToolArg(required = false) String limit,
            @ToolArg(required = false) String cursor,
            @ToolArg(description = Q, required = false) String q) {
        String accountId = caller.id();
        MessageFilter filter = MessageFilter.parse(q);
        return responder.page(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                request -> messages.list(accountId, inboxId, filter, request), AgentMessage::fromDomain,
                Listing.of("message", "messages").filteredWith("q")
                        .widenedBy(filter.isEmpty() ? null : "use fewer or shorter words in q").marked());
    }
}
