package dev.inboxes.app.outbound;

import dev.inboxes.app.config.InboxesConfig;
import dev.inboxes.app.work.DrainingWorkers;
import dev.inboxes.domain.outbound.OutboxWorker;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.context.ManagedExecutor;

/**
 * Runs this replica's outbox workers: one starts as soon as this replica accepts a message ({@link #wake}), and
 * looks for due deliveries every {@code inboxes.outbound.poll-every} (retries, other replicas' messages); while it
 * finds full batches, more join it, up to {@code inboxes.outbound.workers}. Idle, a replica costs one indexed
 * query per poll. Claims are per delivery and expire, so replicas share the outbox without coordinating.
 */
@ApplicationScoped
public class OutboxPump {

    private final DrainingWorkers workers;

    OutboxPump(OutboxWorker worker, ManagedExecutor executor, InboxesConfig config) {
        this.workers = new DrainingWorkers("outbox", worker::deliverDue, executor, config.outbound().workers(),
                config.outbound().batch());
    }

    @Scheduled(identity = "outbox", every = "${inboxes.outbound.poll-every}", delayed = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        workers.poll();
    }

    /**
     * A message was just accepted on this replica: a worker starts on it now, not at the next poll (its delivery
     * is due at once). Other replicas find it at their next poll.
     */
    public void wake() {
        workers.wake();
    }

    /** Workers running now on this replica. */
    public int running() {
        return workers.running();
    }

    void stop(@Observes ShutdownEvent event) {
        workers.stop();
    }
}
