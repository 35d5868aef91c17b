package dev.inboxes.sdk;

import java.util.List;

/**
 * What {@link InboxesClient#createWebhook} sets, or {@link InboxesClient#updateWebhook} changes ({@code null}: left
 * as it is; on create, {@code url} and {@code eventTypes} are required and no {@code inboxIds} means every inbox).
 *
 * @param status {@code enabled} or {@code disabled}; changes only
 */
public record WebhookParams(String url, List<String> eventTypes, List<String> inboxIds, String status) {

    /** A new endpoint for these event types of every inbox. */
    public static WebhookParams of(String url, String... eventTypes) {
        return new WebhookParams(url, List.of(eventTypes), null, null);
    }

    public WebhookParams withInboxIds(List<String> inboxIds) {
        return new WebhookParams(url, eventTypes, inboxIds, status);
    }

    /** A change of the status alone. */
    public static WebhookParams status(String status) {
        return new WebhookParams(null, null, null, status);
    }
}
