package dev.inboxes.domain.event;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Text;

/**
 * Filters of the event list and stream.
 *
 * @param type    only events of this type; {@code null}: any
 * @param inboxId only events of this inbox (a deleted one too: its events outlive it); {@code null}: any
 */
public record EventFilter(EventType type, String inboxId) {

    public static final EventFilter NONE = new EventFilter(null, null);

    /** Parses the filters as the adapters receive them; blank means absent. */
    public static EventFilter parse(String type, String inboxId) {
        EventType parsedType = type == null || type.isEmpty() ? null : EventType.parse("type", type);
        String inbox = inboxId == null || inboxId.isEmpty() ? null : inboxId;
        if (inbox != null && !RandomIds.hasShape(Inbox.ID_PREFIX, inbox)) {
            throw new InvalidArgumentException("inbox_id", "inbox_id must be an inbox id (" + Inbox.ID_PREFIX
                    + " and " + RandomIds.ID_LENGTH + " letters and digits; got " + Text.quote(inbox)
                    + "). List inboxes (GET /v1/inboxes) to find one, or omit it for every inbox.");
        }
        return new EventFilter(parsedType, inbox);
    }

    public boolean matches(Event event) {
        return (type == null || type.wire().equals(event.type())) && (inboxId == null || inboxId.equals(event.inboxId()));
    }

    /** Equal filters render equally; part of a cursor's scope. */
    String canonical() {
        return "type=" + (type == null ? "" : type.wire()) + "\u0000inbox=" + (inboxId == null ? "" : inboxId);
    }
}
