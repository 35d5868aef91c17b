package dev.inboxes.api.webhook;

import dev.inboxes.domain.webhook.WebhookSettings;
import dev.inboxes.domain.webhook.WebhookUrls;

/** The descriptions webhook requests and responses share. */
final class WebhookFields {

    static final String URL = "Where the events are POSTed: an https URL (plain http only where the deployment allows "
            + "it) of at most " + WebhookUrls.MAX_LENGTH + " characters, without user info, whose host resolves to "
            + "public addresses; redirects are not followed.";
    static final String URL_EXAMPLE = "https://example.com/webhooks/inboxes";
    static final String EVENT_TYPES = "The event types it receives (at least one): message.received, message.sent, "
            + "message.deferred, message.bounced, message.failed, inbox.created, inbox.deleted.";
    static final String INBOX_IDS = "Only events of these inboxes of the account (at most "
            + WebhookSettings.MAX_INBOX_IDS + "); empty for every inbox.";
    static final String STATUS = "enabled: events are delivered; disabled: nothing is sent, events meanwhile are not "
            + "queued for it, and deliveries already queued wait until it is enabled again.";

    private WebhookFields() {
    }
}
