package dev.inboxes.mcp.message;

import dev.inboxes.mcp.protocol.AgentErrors;
import dev.inboxes.mcp.protocol.NullableOutputSchema;
import dev.inboxes.mcp.protocol.CallerAccount;
import dev.inboxes.mcp.protocol.ListToolDocs;
import dev.inboxes.mcp.respond.SenderVerdict;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;

/** Reading one message, for agents: {@code get_message}. */
@AgentErrors
public class MessageReadTools {

    @Inject
    AgentMessageReader reader;

    @Inject
    CallerAccount caller;

    @Tool(name = "get_message", description = "Reads one message: headers, attachments (each, and the raw mail, a "
            + "linked resource), codes and links found, and its text (from the HTML if no "
            + "text part), in parts: while has_more_body, call again with body_cursor. Newest code: "
            + "list_messages limit=1, then this. " + SenderVerdict.ADVICE + " " + ListToolDocs.MARKED,
            outputSchema = @Tool.OutputSchema(from = AgentMessageDetail.class, generator = NullableOutputSchema.class),
            annotations = @Tool.Annotations(title = "Read a message", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = true))
    ToolResponse getMessage(
            @ToolArg(name = "inbox_id", description = ListToolDocs.INBOX_ID) String inboxId,
            @ToolArg(name = "message_id", description = ListToolDocs.MESSAGE_ID) String messageId,
            @ToolArg(name = "body_cursor", description = "From the last part.", required = false)
            String bodyCursor,
            @ToolArg(description = ListToolDocs.QUOTES + " Default true.", required = false) String quotes) {
        return reader.read(caller.id(), inboxId, messageId, bodyCursor, ListToolDocs.quotes(quotes, true));
    }
}
