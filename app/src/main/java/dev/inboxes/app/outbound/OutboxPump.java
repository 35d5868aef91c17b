package dev.inboxes.app.outbound;

import dev.inboxes.app.config.InboxesConfig;
import dev.inboxes.domain.outbound.OutboxWorker;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.jboss.logging.Logger;

/**
 * Runs this replica's outbox workers: one starts as soon as this replica accepts a message ({@link #wake}), and
 * looks for due deliveries every {@code inboxes.outbound.poll-every} (retries, other replicas' messages); while it
 * finds full batches, more join it, up to {@code inboxes.outbound.workers}. Idle, a replica costs one indexed
 * query per poll. Claims are per delivery and expire, so replicas share the outbox without coordinating.
 */
@ApplicationScoped
public class OutboxPump {

    private static final Logger LOG = Logger.getLogger(OutboxPump.class);

    private final OutboxWorker worker;
    private final ManagedExecutor executor;
    private final int workers;
    private final int batch;
    private final AtomicInteger running = new AtomicInteger();
    /** Set by {@link #wake}: a worker that finds less than a batch looks once more instead of stopping. */
    private final AtomicBoolean woken = new AtomicBoolean();
    private volatile boolean stopping;

    OutboxPump(OutboxWorker worker, ManagedExecutor executor, InboxesConfig config) {
        this.worker = worker;
        this.executor = executor;
        this.workers = config.outbound().workers();
        this.batch = config.outbound().batch();
    }

    @Scheduled(identity = "outbox", every = "${inboxes.outbound.poll-every}", delayed = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        if (running.get() == 0) {
            startWorker();
        }
    }

    /**
     * A message was just accepted on this replica: a worker starts on it now, not at the next poll (its delivery
     * is due at once). Other replicas find it at their next poll.
     */
    public void wake() {
        woken.set(true);
        if (running.get() == 0) {
            startWorker();
        }
    }

    /** Workers running now on this replica. */
    public int running() {
        return running.get();
    }

    private void startWorker() {
        if (stopping || running.incrementAndGet() > workers) {
            running.decrementAndGet();
            return;
        }
        try {
            executor.execute(this::drain);
        } catch (RuntimeException rejected) {
            running.decrementAndGet(); // a full worker queue: the next poll tries again
        }
    }

    private void drain() {
        try {
            while (!stopping) {
                woken.set(false);
                if (worker.deliverDue(batch) == batch) {
                    startWorker(); // a full batch: there may be more due than one worker keeps up with
                } else if (!woken.get()) {
                    break;
                }
            }
        } catch (RuntimeException e) {
            // The database is away or the statement failed: claims not recorded expire and are tried again.
            LOG.warnf("The outbox worker stopped on a failure; the next poll tries again: %s", e.toString());
        } finally {
            running.decrementAndGet();
        }
        if (woken.get() && running.get() == 0) {
            startWorker(); // woken between its last look and its stop
        }
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
    }
}
