package dev.inboxes.mcp.inbox;

import dev.inboxes.domain.inbox.BulkDeletion;
import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.mcp.protocol.AgentErrors;
import dev.inboxes.mcp.respond.AgentResponder;
import dev.inboxes.mcp.respond.Listing;
import dev.inboxes.mcp.protocol.CallerAccount;
import dev.inboxes.mcp.protocol.ListToolDocs;
import dev.inboxes.mcp.protocol.PageOutputSchema;
import dev.inboxes.mcp.confirm.UserConfirmations;
import dev.inboxes.mcp.confirm.UserConfirmations.Answer;
import io.quarkiverse.mcp.server.Cancellation;
import io.quarkiverse.mcp.server.Elicitation;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolCallException;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The inbox tools an agent calls over MCP; their descriptions teach when to use which, and how. */
@AgentErrors
public class InboxTools {

    static final String FILTERS = "q, created_after or created_before";

    private static final String Q = "Words all in the address or name, any case or order (acme 1234 finds \"ACME "
            + "order #1234\"); at most " + InboxFilter.MAX_Q_WORDS + ".";
    private static final String CREATED_AFTER = "RFC 3339, inclusive.";
    private static final String CREATED_BEFORE = "RFC 3339, exclusive.";

    @Inject
    InboxService inboxes;

    @Inject
    CallerAccount caller;

    @Inject
    AgentResponder responder;

    @Inject
    UserConfirmations confirmations;

    @Inject
    ConfirmedDeletion confirmedDeletion;

    @Tool(name = "list_inboxes",
            description = "Lists the account's inboxes, newest first; find by address or name words "
                    + "(q) or creation time (delete_inboxes takes the same filters). "
                    + ListToolDocs.PAGED + ListToolDocs.FILTER_INSTEAD,
            outputSchema = @Tool.OutputSchema(from = AgentInbox.class, generator = PageOutputSchema.class),
            annotations = @Tool.Annotations(title = "List inboxes", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse listInboxes(
            @ToolArg(required = false) String limit,
            @ToolArg(required = false) String cursor,
            @ToolArg(description = Q, required = false) String q,
            @ToolArg(name = "created_after", description = CREATED_AFTER, required = false) String createdAfter,
            @ToolArg(name = "created_before", description = CREATED_BEFORE, required = false) String createdBefore) {
        String accountId = caller.id();
        InboxFilter filter = InboxFilter.parse(q, createdAfter, createdBefore);
        return responder.page(PageRequest.parse(limit, cursor, PageLimits.AGENTS),
                request -> inboxes.list(accountId, filter, request), AgentInbox::fromDomain,
                Listing.of("inbox", "inboxes").filteredWith(FILTERS).widenedBy(widenHint(filter)));
    }

    @Tool(name = "get_inbox", description = "Gets one inbox: whether it exists, its address. To find one "
            + "by name: list_inboxes q.",
            outputSchema = @Tool.OutputSchema(from = AgentInbox.class),
            annotations = @Tool.Annotations(title = "Get an inbox", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse getInbox(@ToolArg(name = "inbox_id", description = ListToolDocs.INBOX_ID) String inboxId) {
        return responder.respond(AgentInbox.fromDomain(inboxes.get(caller.id(), inboxId)),
                "Its mail: list_messages or wait_for_message with this inbox_id.");
    }

    @Tool(name = "create_inbox", description = "Creates username@<mail domain>, which gets mail from anyone. "
            + "A taken username is an error; none gives a random one. Not "
            + "idempotent: after an unclear failure, check list_inboxes q=<username>.",
            outputSchema = @Tool.OutputSchema(from = AgentInbox.class),
            annotations = @Tool.Annotations(title = "Create an inbox", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = false, openWorldHint = false))
    ToolResponse createInbox(
            @ToolArg(description = "Before the @, e.g. support-bot: up to " + CreateInbox.MAX_USERNAME_LENGTH
                    + " of a-z 0-9 . _ -, starting alphanumeric; kept lower case.",
                    required = false) String username,
            @ToolArg(name = "display_name", description = "For people, e.g. Support bot: one line, up to "
                    + CreateInbox.MAX_DISPLAY_NAME_LENGTH + " characters.", required = false)
            String displayName) {
        return responder.respond(AgentInbox.fromDomain(
                inboxes.create(caller.id(), CreateInbox.of(username, displayName), null).inbox()),
                "Created: mail sent to this address from now on arrives in it (wait_for_message, list_messages).");
    }

    @Tool(name = "delete_inbox", description = "Deletes one inbox and its mail; its address stops "
            + "receiving. Cannot be undone: confirm with the user unless they named this very inbox. For several: "
            + "delete_inboxes.",
            annotations = @Tool.Annotations(title = "Delete an inbox", readOnlyHint = false, destructiveHint = true,
                    idempotentHint = false, openWorldHint = false))
    String deleteInbox(@ToolArg(name = "inbox_id", description = ListToolDocs.INBOX_ID) String inboxId) {
        inboxes.delete(caller.id(), inboxId);
        return "Deleted inbox " + inboxId + " and its messages.";
    }

    @Tool(name = "delete_inboxes", description = "Deletes the inboxes matching list_inboxes' filters (none: all) "
            + "with their mail. Without confirm_token: deletes nothing, returns matched, a sample and a "
            + "confirm_token; show the user and ask. Then call with the same "
            + "filters and the token: up to " + InboxService.BULK_DELETE_MAX + " go; while has_more, again with the new "
            + "token. Changed matches or a passed hour: nothing goes. Irreversible; one id: delete_inbox. "
            + "A client with elicitation asks its user instead.",
            outputSchema = @Tool.OutputSchema(from = AgentBulkDeletion.class),
            annotations = @Tool.Annotations(title = "Delete inboxes", readOnlyHint = false,
                    destructiveHint = true, idempotentHint = false, openWorldHint = false))
    @Blocking
    Uni<ToolResponse> deleteInboxes(
            @ToolArg(description = "As in list_inboxes.", required = false) String q,
            @ToolArg(name = "created_after", description = CREATED_AFTER, required = false) String createdAfter,
            @ToolArg(name = "created_before", description = CREATED_BEFORE, required = false) String createdBefore,
            @ToolArg(name = "confirm_token", description = "The last call's, once the user confirmed; omit to "
                    + "preview.", required = false) String confirmToken,
            Elicitation elicitation,
            McpConnection session,
            Cancellation cancellation) {
        String accountId = caller.id();
        InboxFilter filter = InboxFilter.parse(q, createdAfter, createdBefore);
        if (!UserConfirmations.canAsk(elicitation)) {
            BulkDeletion deletion = inboxes.bulkDelete(accountId, filter, confirmToken);
            return Uni.createFrom().item(responder.respond(AgentBulkDeletion.fromDomain(deletion),
                    summary(deletion, filter)));
        }
        // The client asks its user itself: the person decides, never a token the model holds. A token may come
        // from elsewhere (REST, another session); it is refused, and none is ever shown to this client.
        if (confirmToken != null && !confirmToken.isBlank()) {
            throw new ToolCallException(TOKEN_REFUSED);
        }
        BulkDeletion preview = inboxes.bulkDelete(accountId, filter, null);
        if (preview.matched() == 0) {
            return Uni.createFrom().item(responder.respond(AgentBulkDeletion.fromDomain(preview),
                    summary(preview, filter)));
        }
        return confirmations.ask(elicitation, session, cancellation, question(preview, filter), "Delete "
                        + (preview.matched() == 1 ? "this inbox" : "these inboxes"))
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(answer -> answered(answer, accountId, filter, preview));
    }

    static final String TOKEN_REFUSED = "This client asks the user itself, so confirm_token is not accepted here and "
            + "nothing was deleted. Call delete_inboxes with the same filters and without confirm_token: the user is "
            + "asked to confirm, and the inboxes are deleted only if they accept.";

    /**
     * What the user is asked: the count, the filters, the newest few addresses (the account's own, never mail
     * content or display names, which a caller chooses freely), and that it cannot be undone.
     */
    static String question(BulkDeletion preview, InboxFilter filter) {
        long matched = preview.matched();
        List<String> addresses = preview.sample().stream().map(Inbox::address).toList();
        String among = String.join(", ", addresses)
                + (matched > addresses.size() ? " and " + (matched - addresses.size()) + " more" : "");
        return "Permanently delete " + matched + (matched == 1 ? " inbox" : " inboxes") + " and all their messages? "
                + "This cannot be undone.\n"
                + "Matching: " + describe(filter) + ".\n"
                + (matched == 1 ? "Inbox: " : "Inboxes: ") + among + "."
                + (matched > ConfirmedDeletion.MAX_PER_CONFIRMATION ? "\nThe first "
                        + ConfirmedDeletion.MAX_PER_CONFIRMATION + " are deleted now; you will be asked again for the "
                        + "rest." : "");
    }

    private static String describe(InboxFilter filter) {
        if (filter.isEmpty()) {
            return "every inbox of this account (no filter)";
        }
        String words = filter.q() == null ? null : "address or display name containing each of the words \""
                + filter.q() + "\"";
        String after = filter.createdAfter() == null ? null : "created at or after " + filter.createdAfter();
        String before = filter.createdBefore() == null ? null : "created before " + filter.createdBefore();
        return Stream.of(words, after, before).filter(Objects::nonNull).collect(Collectors.joining(", "));
    }

    /** The result once the user answered; runs on a worker thread, not the event loop the answer came on. */
    private ToolResponse answered(Answer answer, String accountId, InboxFilter filter, BulkDeletion preview) {
        String inboxes = preview.matched() == 1 ? " inbox" : " inboxes";
        AgentBulkDeletion kept = new AgentBulkDeletion(preview.matched(), 0, preview.matched(), false, null,
                preview.sample().stream().map(AgentInbox::fromDomain).toList());
        return switch (answer) {
            case CONFIRMED -> deleted(confirmedDeletion.delete(accountId, filter, preview));
            case DECLINED -> responder.respond(kept, "The user declined: nothing was deleted (" + preview.matched()
                    + inboxes + " match). Do not call delete_inboxes for them again unless the user asks.");
            case DISMISSED -> responder.respond(kept, "The user dismissed the confirmation without accepting: nothing "
                    + "was deleted (" + preview.matched() + inboxes + " match). Do not call delete_inboxes for them "
                    + "again unless the user asks.");
            case UNANSWERED -> throw new ToolCallException("The user did not answer the confirmation within "
                    + confirmations.timeout().toSeconds() + " seconds, or the client could not ask them, so nothing "
                    + "was deleted. Ask the user whether to try again before calling delete_inboxes again.");
            case ABANDONED -> throw new ToolCallException("The call was cancelled while the user was asked, so nothing "
                    + "was deleted.");
        };
    }

    private ToolResponse deleted(ConfirmedDeletion.Outcome outcome) {
        if (outcome.changed() && outcome.deleted() == 0) {
            throw new ToolCallException("The inboxes matching these filters changed while the user was asked (an "
                    + "inbox was created or deleted among them), so nothing was deleted. Call delete_inboxes again with "
                    + "the same filters: the user is asked about the current matches.");
        }
        boolean more = outcome.remaining() > 0;
        AgentBulkDeletion result = new AgentBulkDeletion(outcome.matched(), outcome.deleted(), outcome.remaining(),
                more, null, more ? outcome.last().sample().stream().map(AgentInbox::fromDomain).toList() : List.of());
        String done = "The user confirmed. Deleted " + outcome.deleted()
                + (outcome.deleted() == 1 ? " inbox" : " inboxes") + " with their messages";
        if (!more) {
            return responder.respond(result, done + "; no match remains.");
        }
        return responder.respond(result, done + " of " + outcome.matched() + "; " + outcome.remaining() + " remain "
                + (outcome.changed() ? "because the matching inboxes changed meanwhile"
                        : "(at most " + ConfirmedDeletion.MAX_PER_CONFIRMATION + " per confirmation)")
                + ". To delete them, call delete_inboxes again with the same filters: the user is asked again.");
    }

    /** How to find more when nothing matched the filters the agent set; {@code null} without filters. */
    private static String widenHint(InboxFilter filter) {
        if (filter.isEmpty()) {
            return null;
        }
        String words = filter.q() == null ? null : "use fewer or shorter words in q (each must appear in the address "
                + "or display name)";
        String times = filter.createdAfter() == null && filter.createdBefore() == null ? null
                : "widen created_after/created_before";
        return words == null ? times : times == null ? words : words + ", or " + times;
    }

    private static String summary(BulkDeletion deletion, InboxFilter filter) {
        String inboxes = deletion.matched() == 1 ? " inbox" : " inboxes";
        if (deletion.deleted() == 0 && deletion.matched() == 0) {
            String widen = widenHint(filter);
            return "No inbox matches these filters; nothing was deleted." + (widen == null ? "" : " To find more, "
                    + widen + ".");
        }
        if (deletion.deleted() == 0) {
            return "Nothing deleted yet: " + deletion.matched() + inboxes + " match"
                    + (filter.isEmpty() ? " (no filter: every inbox of this account)" : "") + "; sample shows the "
                    + "newest " + deletion.sample().size() + ". Ask the user to confirm this count, then call "
                    + "delete_inboxes with the same filters and this confirm_token.";
        }
        if (deletion.hasMore()) {
            return "Deleted " + deletion.deleted() + " of " + deletion.matched() + " matching inboxes; "
                    + deletion.remaining() + " remain. Call delete_inboxes with the same filters and this new "
                    + "confirm_token to delete up to " + InboxService.BULK_DELETE_MAX + " more.";
        }
        return "Deleted " + deletion.deleted() + (deletion.deleted() == 1 ? " inbox" : " inboxes")
                + " with their messages; no match remains.";
    }
}
