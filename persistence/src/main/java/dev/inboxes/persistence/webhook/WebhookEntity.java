package dev.inboxes.persistence.webhook;

import dev.inboxes.domain.webhook.Webhook;
import dev.inboxes.persistence.shared.AccountOwnedRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/** A webhook endpoint, as its list reads it (never the secret); written in plain SQL by the store. */
@Entity
@Table(name = "webhooks")
public class WebhookEntity extends AccountOwnedRow {

    @Column(nullable = false)
    public String url;

    @Column(name = "event_types", nullable = false)
    public String[] eventTypes;

    @Column(name = "inbox_ids", nullable = false)
    public String[] inboxIds;

    @Column(nullable = false)
    public String status;

    @Column(name = "failing_since")
    public Instant failingSince;

    @Column(name = "disabled_reason")
    public String disabledReason;

    Webhook toDomain() {
        return new Webhook(id, url, List.of(eventTypes), List.of(inboxIds), status, failingSince, disabledReason,
                createdAt);
    }
}
