package dev.inboxes.domain.message;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;

/**
 * An inbound message recorded in an inbox.
 *
 * @param preview    at most the first {@value RecordMessage#PREVIEW_LENGTH} characters of the text
 * @param receivedAt microsecond precision, the primary sort key of the list
 */
public record Message(String id, String inboxId, String from, String to, String subject, String preview,
                      Instant receivedAt) implements Keyed {

    public static final String ID_PREFIX = "msg_";

    @Override
    public Keyset keyset() {
        return new Keyset(receivedAt, id);
    }
}
