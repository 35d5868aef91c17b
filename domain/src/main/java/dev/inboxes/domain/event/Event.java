package dev.inboxes.domain.event;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;

/**
 * Something that happened to an inbox or a message, as the event log keeps it.
 *
 * @param type    an {@link EventType}'s wire name
 * @param inboxId the inbox it happened to; {@code null} for none
 * @param data    the JSON object of the inbox or message row (never a body or an attachment), plus the delivery
 *                entry for delivery events: written by the database with the change, carried here as text
 */
public record Event(String id, String type, Instant createdAt, String inboxId, String data) implements Keyed {

    public static final String ID_PREFIX = "evt_";

    @Override
    public Keyset keyset() {
        return new Keyset(createdAt, id);
    }
}
