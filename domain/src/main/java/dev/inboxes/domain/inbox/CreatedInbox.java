package dev.inboxes.domain.inbox;

/** The result of a create: the inbox, and whether it is the stored result of an earlier identical request. */
public record CreatedInbox(Inbox inbox, boolean replayed) {
}
