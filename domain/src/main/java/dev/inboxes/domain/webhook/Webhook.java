package dev.inboxes.domain.webhook;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;
import java.util.List;

/**
 * An endpoint the account's events are delivered to (never its secret).
 *
 * @param eventTypes     the event types it subscribes to, wire names
 * @param inboxIds       only events of these inboxes; empty: every inbox
 * @param status         {@link #ENABLED} or {@link #DISABLED}
 * @param failingSince   since when every attempt to it has failed; {@code null} while it succeeds
 * @param disabledReason why it is disabled, when it is
 */
public record Webhook(String id, String url, List<String> eventTypes, List<String> inboxIds, String status,
                      Instant failingSince, String disabledReason, Instant createdAt) implements Keyed {

    public static final String ID_PREFIX = "wh_";
    public static final String ENABLED = "enabled";
    public static final String DISABLED = "disabled";

    public Webhook {
        eventTypes = List.copyOf(eventTypes);
        inboxIds = List.copyOf(inboxIds);
    }

    @Override
    public Keyset keyset() {
        return new Keyset(createdAt, id);
    }
}
