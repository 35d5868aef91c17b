package dev.inboxes.app.work;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import org.jboss.logging.Logger;

/**
 * Workers that drain a shared queue of claimable work (the mail outbox, the webhook outbox): one starts when woken
 * or polled with none running; while a worker finds full batches, more join it, up to {@code max}; a worker woken
 * while it looks looks once more instead of stopping. Idle, it costs one claim query per poll.
 */
public final class DrainingWorkers {

    private static final Logger LOG = Logger.getLogger(DrainingWorkers.class);

    private final String name;
    private final IntUnaryOperator claimAndRun;
    private final Executor executor;
    private final int max;
    private final int batch;
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicBoolean woken = new AtomicBoolean();
    private volatile boolean stopping;

    /**
     * @param claimAndRun claims up to its argument's items and works them; returns how many it claimed
     */
    public DrainingWorkers(String name, IntUnaryOperator claimAndRun, Executor executor, int max, int batch) {
        this.name = name;
        this.claimAndRun = claimAndRun;
        this.executor = executor;
        this.max = max;
        this.batch = batch;
    }

    /** The periodic look: starts a worker when none runs. */
    public void poll() {
        if (running.get() == 0) {
            startWorker();
        }
    }

    /** Work may be due now: a worker starts on it, not at the next poll. */
    public void wake() {
        woken.set(true);
        if (running.get() == 0) {
            startWorker();
        }
    }

    public int running() {
        return running.get();
    }

    public void stop() {
        stopping = true;
    }

    private void startWorker() {
        if (stopping || running.incrementAndGet() > max) {
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
                if (claimAndRun.applyAsInt(batch) == batch) {
                    startWorker(); // a full batch: there may be more due than one worker keeps up with
                } else if (!woken.get()) {
                    break;
                }
            }
        } catch (RuntimeException e) {
            // The database is away or the statement failed: claims not recorded expire and are tried again.
            LOG.warnf("The %s worker stopped on a failure; the next poll tries again: %s", name, e.toString());
        } finally {
            running.decrementAndGet();
        }
        if (woken.get() && running.get() == 0) {
            startWorker(); // woken between its last look and its stop
        }
    }
}
