package dev.inboxes.persistence.webhook;

import dev.inboxes.persistence.shared.CreatedRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/** One attempt of a webhook delivery, as the list reads it; written in plain SQL by the store. */
@Entity
@Table(name = "webhook_attempts")
public class WebhookAttemptEntity extends CreatedRow {

    @Column(name = "delivery_id", nullable = false)
    public String deliveryId;

    @Column(name = "webhook_id", nullable = false)
    public String webhookId;

    @Column(name = "event_id", nullable = false)
    public String eventId;

    @Column(nullable = false)
    public int attempt;

    @Column(name = "status_code")
    public Integer statusCode;

    @Column(name = "latency_ms", nullable = false)
    public long latencyMs;

    public String error;

    @Column(name = "next_attempt_at")
    public Instant nextAttemptAt;
}
