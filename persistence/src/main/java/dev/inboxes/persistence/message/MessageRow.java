package dev.inboxes.persistence.message;

import dev.inboxes.domain.message.Message;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;

/** The columns a message page reads (never the body): a projection, so Hibernate manages no entity. */
@RegisterForReflection
public record MessageRow(String id, String inboxId, String from, String to, String subject, String preview,
                         Instant receivedAt, String threadId, boolean hasAttachments) {

    Message toDomain() {
        return new Message(id, inboxId, from, to, subject, preview, receivedAt, threadId, hasAttachments);
    }
}
