package dev.inboxes.domain.webhook;

import java.util.List;

/** What a change sets; {@code null}: unchanged. Validated by {@link WebhookService}. */
public record WebhookChanges(String url, List<String> eventTypes, List<String> inboxIds, String status) {
}
