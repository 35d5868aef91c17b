package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.Inbox;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;

/** The columns an inbox page reads: a projection, so Hibernate manages no entity for a list. */
@RegisterForReflection
public record InboxRow(String id, String address, String displayName, Instant createdAt) {

    Inbox toDomain() {
        return new Inbox(id, address, displayName, createdAt);
    }
}
