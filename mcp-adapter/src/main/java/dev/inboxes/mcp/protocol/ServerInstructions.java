package dev.inboxes.mcp.protocol;

import dev.inboxes.mcp.respond.AgentBudget;
import dev.inboxes.mcp.respond.ExternalContent;
import dev.inboxes.mcp.respond.AgentSettings;

import dev.inboxes.mcp.text.TextFormat;
import io.quarkiverse.mcp.server.InitialResponseInfo;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * The {@code instructions} of the {@code initialize} result: how the tools fit together and the protocol they
 * share, said once for the whole server (each tool's description then stays about the tool). The tools are named
 * from the tool manager, so a new tool is listed without an edit here.
 */
@Singleton
public class ServerInstructions implements InitialResponseInfo {

    private final AgentSettings settings;
    private final ToolManager tools;

    @Inject
    public ServerInstructions(AgentSettings settings, ToolManager tools) {
        this.settings = settings;
        this.tools = tools;
    }

    @Override
    public Optional<String> instructions(String serverName) {
        String names = StreamSupport.stream(tools.spliterator(), false).map(ToolInfo::name).sorted()
                .collect(Collectors.joining(", "));
        return Optional.of(of(settings, names));
    }

    static String of(AgentSettings settings, String toolNames) {
        String text = settings.textFormat() == TextFormat.TOON ? ListToolDocs.TEXT
                : "The text of a result is the same data as compact JSON, followed by a one-line summary of what "
                        + "came back and what to do next.";
        return String.join("\n",
                "Inboxes gives this account real email inboxes that receive mail from anyone. Tools: " + toolNames
                        + ". Ids look like inb_… (inbox), msg_… (message) and thr_… (thread); lists and create_inbox "
                        + "return the ids the other tools take.",
                "Lists page in the order each tool names (newest or latest activity first; get_thread oldest "
                        + "first). " + ListToolDocs.COUNT + " " + ListToolDocs.WALK + " To find something, filter "
                        + "(list_inboxes q: every word must appear in the address or display name; created_after, "
                        + "created_before) instead of reading every page. " + ListToolDocs.FITS,
                "structuredContent holds each result as JSON (see the tool's outputSchema; its times are RFC "
                        + "3339 date-times). " + text + " No "
                        + "result's text exceeds " + AgentBudget.TEXT_BUDGET + " characters and "
                        + settings.tokenBudget() + " tokens: a long message text comes in parts (body_cursor).",
                "A mistaken call returns a result with isError true whose text says how to correct it.",
                "delete_inbox and delete_inboxes cannot be undone: confirm with the user first. delete_inboxes "
                        + "previews what it would delete and needs that preview's confirm_token to delete; where the "
                        + "client supports elicitation, it asks the user itself instead.",
                ListToolDocs.EXTERNAL_CONTENT + " " + ExternalContent.DESCRIBED);
    }
}
