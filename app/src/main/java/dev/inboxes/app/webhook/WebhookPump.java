package dev.inboxes.app.webhook;

import dev.inboxes.app.config.InboxesConfig;
import dev.inboxes.app.work.DrainingWorkers;
import dev.inboxes.domain.event.EventListener;
import dev.inboxes.domain.webhook.WebhookWorker;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.context.ManagedExecutor;

/**
 * Runs this replica's webhook workers: one starts as soon as any replica commits an event (its notification,
 * {@link #eventsWritten}) and one looks for due deliveries every {@code inboxes.webhooks.poll-every} (retries,
 * expired claims); while they find full batches, more join, up to {@code inboxes.webhooks.workers}, each blocking on
 * one request at a time (at most the timeout). Claims are per delivery and expire, so replicas share the webhook
 * outbox without coordinating.
 */
@ApplicationScoped
public class WebhookPump implements EventListener {

    private final DrainingWorkers workers;

    WebhookPump(WebhookWorker worker, ManagedExecutor executor, InboxesConfig config) {
        this.workers = new DrainingWorkers("webhook", worker::deliverDue, executor, config.webhooks().workers(),
                config.webhooks().batch());
    }

    @Scheduled(identity = "webhooks", every = "${inboxes.webhooks.poll-every}", delayed = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        workers.poll();
    }

    @Override
    public void eventsWritten(String accountId) {
        workers.wake();
    }

    @Override
    public void mayHaveMissedEvents() {
        workers.wake();
    }

    /** A delivery was made due by hand, or an endpoint enabled: a worker starts on it now. */
    public void wake() {
        workers.wake();
    }

    void stop(@Observes ShutdownEvent event) {
        workers.stop();
    }
}
