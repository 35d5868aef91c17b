package dev.inboxes.mcp.inbox;

import static dev.inboxes.mcp.ToolFailures.asToolErrors;

import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.mcp.AgentPages;
import dev.inboxes.mcp.CallerAccount;
import dev.inboxes.mcp.ListToolDocs;
import dev.inboxes.mcp.PageLimitInputSchema;
import dev.inboxes.mcp.PageOutputSchema;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;

/** The inbox tools an agent calls over MCP; the descriptions teach the paging protocol. */
public class InboxTools {

    static final String FILTERS = "q, created_after or created_before";

    @Inject
    InboxService inboxes;

    @Inject
    CallerAccount caller;

    @Inject
    AgentPages pages;

    @Tool(name = "list_inboxes", inputSchema = @Tool.InputSchema(generator = PageLimitInputSchema.class),
            description = "Lists the account's email inboxes. " + ListToolDocs.PROTOCOL + " When total is large, "
                    + "narrow the query with " + FILTERS + " instead of reading every page.\n"
                    + "Returns {data:[{id, address, display_name?, created_at}], cursor, has_more, total?}.",
            outputSchema = @Tool.OutputSchema(from = AgentInbox.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "List inboxes", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse listInboxes(
            @ToolArg(description = ListToolDocs.LIMIT, required = false) String limit,
            @ToolArg(description = ListToolDocs.CURSOR, required = false) String cursor,
            @ToolArg(description = "Case-insensitive text to find in the address or display name.", required = false)
            String q,
            @ToolArg(name = "created_after", description = "Only inboxes created at or after this time, RFC 3339, "
                    + "e.g. 2026-11-29T00:00:00Z.", required = false) String createdAfter,
            @ToolArg(name = "created_before", description = "Only inboxes created before this time, RFC 3339, "
                    + "e.g. 2026-11-30T00:00:00Z.", required = false) String createdBefore) {
        return asToolErrors(() -> {
            String accountId = caller.id();
            InboxFilter filter = InboxFilter.parse(q, createdAfter, createdBefore);
            return pages.respond(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                    request -> inboxes.list(accountId, filter, request), AgentInbox::fromDomain, "inbox", "inboxes",
                    FILTERS);
        });
    }

    @Tool(name = "get_inbox", description = "Gets one inbox by id. Returns {id, address, display_name?, created_at}.",
            structuredContent = true,
            annotations = @Tool.Annotations(title = "Get an inbox", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    AgentInbox getInbox(@ToolArg(name = "inbox_id", description = "The inbox id, e.g. inb_7fQ2LmX0pZ9aK3vB8nTc.")
            String inboxId) {
        return asToolErrors(() -> AgentInbox.fromDomain(inboxes.get(caller.id(), inboxId)));
    }

    @Tool(name = "create_inbox", description = """
            Creates an email inbox at username@<domain>. Both arguments are optional: without username the \
            address is random. Returns {id, address, display_name?, created_at}.""",
            structuredContent = true,
            annotations = @Tool.Annotations(title = "Create an inbox", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = false, openWorldHint = false))
    AgentInbox createInbox(
            @ToolArg(description = "The part before @: 1 to " + CreateInbox.MAX_USERNAME_LENGTH + " ASCII letters, digits, '.', '_' or '-', starting with "
                    + "a letter or digit. Omit it for a random address.", required = false) String username,
            @ToolArg(name = "display_name", description = "A human-readable name, up to "
                    + CreateInbox.MAX_DISPLAY_NAME_LENGTH + " characters.",
                    required = false) String displayName) {
        return asToolErrors(() -> AgentInbox.fromDomain(
                inboxes.create(caller.id(), CreateInbox.of(username, displayName), null).inbox()));
    }

    @Tool(name = "delete_inbox", description = "Deletes an inbox and all its messages. This cannot be undone.",
            annotations = @Tool.Annotations(title = "Delete an inbox", readOnlyHint = false, destructiveHint = true,
                    idempotentHint = false, openWorldHint = false))
    String deleteInbox(@ToolArg(name = "inbox_id", description = "The id of the inbox to delete.") String inboxId) {
        return asToolErrors(() -> {
            inboxes.delete(caller.id(), inboxId);
            return "Deleted inbox " + inboxId + " and its messages.";
        });
    }
}
