package dev.inboxes.persistence.paging;

import dev.inboxes.domain.account.ApiKey;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.event.Event;
import dev.inboxes.domain.outbound.Suppression;
import dev.inboxes.domain.thread.MessageThread;
import dev.inboxes.domain.thread.ThreadMessage;
import dev.inboxes.domain.webhook.Webhook;
import dev.inboxes.domain.webhook.WebhookAttempt;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The domain records that list queries construct ({@code select new …}): Hibernate calls their constructors
 * reflectively, so a native image must keep them. Registered here, once, because the domain knows no framework.
 * A new paged list adds its row record to {@code targets} ({@code Webhook} too, though its list maps entities: every
 * {@code Keyed} record is kept, so a later {@code select new} of it cannot fail only in the native image).
 */
@RegisterForReflection(targets = {Inbox.class, Message.class, ApiKey.class, MessageThread.class, ThreadMessage.class,
        Suppression.class, Event.class, WebhookAttempt.class,
        Webhook.class})
final class ListRows {

    private ListRows() {
    }
}
