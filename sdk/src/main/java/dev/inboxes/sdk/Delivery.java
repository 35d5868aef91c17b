package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One recipient's copy of an outbound message.
 *
 * @param recipient     the recipient's address
 * @param status        {@code queued}, {@code sending}, {@code sent}, {@code deferred}, {@code bounced},
 *                      {@code failed} or {@code suppressed}
 * @param attempts      attempts made so far
 * @param lastAttemptAt when the last attempt ended, or null before the first
 * @param nextAttemptAt when it will be tried (again), or null once final
 * @param smtpReply     the next hop's last reply, or why no attempt was made; null before the first attempt
 */
public record Delivery(
        String recipient,
        String status,
        int attempts,
        @JsonProperty("last_attempt_at") Instant lastAttemptAt,
        @JsonProperty("next_attempt_at") Instant nextAttemptAt,
        @JsonProperty("smtp_reply") String smtpReply) {

    /** @return whether nothing more will happen to this copy (sent, bounced, failed or suppressed) */
    public boolean isFinal() {
        return !"queued".equals(status) && !"sending".equals(status) && !"deferred".equals(status);
    }
}
