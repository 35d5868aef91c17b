package dev.inboxes.mcp;

import dev.inboxes.mcp.text.TextFormat;
import io.quarkiverse.mcp.server.InitialResponseInfo;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * The {@code instructions} of the {@code initialize} result: how the tools fit together and the protocol they
 * share, said once for the whole server (each tool's description then stays about the tool).
 */
@Singleton
public class ServerInstructions implements InitialResponseInfo {

    private final String instructions;

    @Inject
    public ServerInstructions(AgentSettings settings) {
        this.instructions = of(settings);
    }

    static String of(AgentSettings settings) {
        String text = settings.textFormat() == TextFormat.TOON ? ListToolDocs.TEXT
                : "The text of a result is the same data as compact JSON, followed by a one-line summary of what "
                        + "came back and what to do next.";
        return String.join("\n",
                "Inboxes gives this account real email inboxes that receive mail from anyone. Inbox tools: "
                        + "list_inboxes, get_inbox, create_inbox, delete_inbox, delete_inboxes. Mail: list_messages. "
                        + "Ids look like inb_… (inbox) and msg_… (message); lists and create_inbox return the ids the "
                        + "other tools take.",
                "Lists page newest first. The first page (no cursor) has total; while has_more is true, call again "
                        + "with cursor and the same other arguments. limit=1 is the cheap count and the latest item. "
                        + "To find something, filter (list_inboxes q: every word must appear in the address or display "
                        + "name; created_after, created_before) instead of reading every page.",
                "structuredContent holds each result as JSON (see the tool's outputSchema). " + text + " No "
                        + "result's text exceeds " + AgentPages.TEXT_BUDGET + " characters and "
                        + settings.tokenBudget() + " tokens: large rows mean fewer rows per page, and the summary says so.",
                "A mistaken call returns a result with isError true whose text says how to correct it.",
                "delete_inbox and delete_inboxes cannot be undone: confirm with the user first. delete_inboxes "
                        + "previews what it would delete and needs that preview's confirm_token to delete.",
                ListToolDocs.EXTERNAL_CONTENT);
    }

    @Override
    public Optional<String> instructions(String serverName) {
        return Optional.of(instructions);
    }
}
