package dev.inboxes.domain.webhook;

import dev.inboxes.domain.shared.ConflictException;

/** The account has as many endpoints as it may. */
public class TooManyWebhooksException extends ConflictException {

    public TooManyWebhooksException(int max) {
        super("too-many-webhooks", "The account already has " + max + " webhook endpoints, the most it may have. "
                + "Delete one (DELETE /v1/webhooks/{webhook_id}) or change one's event_types or inbox_ids instead.");
    }
}
