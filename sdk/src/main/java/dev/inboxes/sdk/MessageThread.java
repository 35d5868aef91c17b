package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * A thread: a message and its replies, linked by Message-ID, In-Reply-To and References.
 *
 * @param id            the thread id, the {@link Message#threadId()} of its messages
 * @param subject       the subject of the message that started it, reply and forward prefixes removed
 * @param participants  the senders' addresses, in the order they first wrote (at most 10)
 * @param messageCount  how many messages it holds
 * @param lastMessageAt when it last received a message
 * @param snippet       the preview of its latest message
 */
public record MessageThread(
        String id,
        String subject,
        List<String> participants,
        @JsonProperty("message_count") long messageCount,
        @JsonProperty("last_message_at") Instant lastMessageAt,
        String snippet) {
}
