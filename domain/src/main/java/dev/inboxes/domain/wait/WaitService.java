package dev.inboxes.domain.wait;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.InvalidCursorException;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.paging.SequenceCursor;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.StoreUnavailableException;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Waiting for a message: {@link #await} returns a future that completes as soon as the inbox receives a message after
 * {@code since} that matches, or at the timeout. While it waits it holds no thread and no database connection: a
 * waiter is a small object in this replica's registry, woken by the announcements of new arrivals
 * ({@link #arrived}, from whichever replica stored the message) and by its deadline on a shared timer. A wake-up
 * reads what the inbox received since its waiters last looked, once for all of them, on the worker executor.
 * <p>
 * Positions are numbers of the inbox's arrival sequence ({@link ArrivalStore}), never clock times, so nothing is
 * missed or returned twice between waits, whatever the replicas' clocks. After announcements may have been lost
 * (the database restarted), {@link #mayHaveMissedArrivals} makes every waiter look again.
 */
public final class WaitService implements ArrivalListener {

    private static final System.Logger LOG = System.getLogger(WaitService.class.getName());
    /** Messages read per look; a look that gets this many reads on. */
    static final int BATCH = 500;
    /**
     * A look that failed for want of the database is tried again this soon: after a restart, each try may take (and
     * discard) one of the pool's broken connections, so the first tries come quickly.
     */
    static final long RETRY_MILLIS = 100;
    /** Past this many quick tries, a failing look is tried once a second while its waiters wait. */
    static final int QUICK_RETRIES = 30;
    static final long SLOW_RETRY_MILLIS = 1_000;
    /** How many times the last look at a deadline is tried before the wait times out with what it had seen. */
    static final int LAST_LOOK_TRIES = 5;

    private final ArrivalStore store;
    private final InboxService inboxes;
    private final CursorCodec cursors;
    private final Executor worker;
    private final ScheduledExecutorService timer;
    private final int maxPerAccount;
    private final int maxTotal;

    private final ConcurrentHashMap<String, InboxWaiters> byInbox = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, AtomicInteger> perAccount = new ConcurrentHashMap<>();
    private final AtomicInteger total = new AtomicInteger();
    private volatile boolean closing;

    /**
     * @param worker        runs the reads that wake waiters (never the announcing thread)
     * @param timer         fires the deadlines; its tasks only hand work to {@code worker}
     * @param maxPerAccount the most waits one account may have in progress on this replica
     * @param maxTotal      the most waits this replica holds, all accounts together
     */
    public WaitService(ArrivalStore store, InboxService inboxes, CursorCodec cursors, Executor worker,
            ScheduledExecutorService timer, int maxPerAccount, int maxTotal) {
        this.store = store;
        this.inboxes = inboxes;
        this.cursors = cursors;
        this.worker = worker;
        this.timer = timer;
        this.maxPerAccount = maxPerAccount;
        this.maxTotal = maxTotal;
    }

    /**
     * Starts a wait. Checks the inbox, the {@code since} and the caps, and looks once, on the calling thread; then
     * returns. Cancelling the future ends the wait (a client that went away).
     *
     * @throws TooManyWaitsException when the account or the replica has as many waits in progress as it may
     */
    public CompletableFuture<WaitOutcome> await(String accountId, String inboxId, WaitRequest request) {
        inboxes.get(accountId, inboxId);
        QueryScope scope = new QueryScope("wait:" + inboxId, accountId, "");
        long start = request.next() != null ? position(request.next(), scope)
                : request.receivedAfter() != null ? 0
                : store.current(inboxId).orElseThrow(() -> Inbox.notFound(inboxId));
        reserve(accountId);
        Waiter waiter = new Waiter(accountId, inboxId, scope, request, start);
        waiter.outcome.whenComplete((outcome, failure) -> release(waiter));
        // Registered before its first look, so no arrival falls between the look and the registration; atomically
        // with the removal of an emptied group (release), so it never joins a group that is gone.
        byInbox.compute(inboxId, (id, waiters) -> {
            InboxWaiters group = waiters != null ? waiters : new InboxWaiters();
            group.waiters.add(waiter);
            return group;
        });
        try {
            look(waiter, request.receivedAfter());
        } catch (RuntimeException e) {
            waiter.outcome.completeExceptionally(e);
            throw e;
        }
        if (closing) {
            waiter.timeOut();
        } else if (waiter.isOpen()) {
            waiter.deadline = timer.schedule(() -> worker.execute(() -> finish(waiter, 1)),
                    request.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!waiter.isOpen()) {
                waiter.deadline.cancel(false);
            }
        }
        return waiter.outcome;
    }

    /** A message was stored in the inbox with this sequence number (on any replica). Quick: hands work to the worker. */
    @Override
    public void arrived(String inboxId, long seq) {
        InboxWaiters waiters = byInbox.get(inboxId);
        if (waiters != null && waiters.waiters.stream().anyMatch(waiter -> waiter.checkedThrough < seq)) {
            wake(inboxId, waiters);
        }
    }

    /** Announcements may have been lost (the listening connection was re-established): every waiter looks again. */
    @Override
    public void mayHaveMissedArrivals() {
        byInbox.forEach(this::wake);
    }

    /**
     * Ends every wait in progress as timed out, each with its {@code next}, and every later one right after its first
     * look: the replica is stopping, and its callers should wait again (elsewhere).
     */
    public void close() {
        closing = true;
        byInbox.values().forEach(waiters -> waiters.waiters.forEach(Waiter::timeOut));
    }

    /** Waits in progress on this replica. */
    public int active() {
        return total.get();
    }

    private long position(String next, QueryScope scope) {
        try {
            return cursors.decodeSequence(next, scope).seq();
        } catch (CursorMismatchException e) {
            throw new InvalidArgumentException("since", "since is the next of a wait on another inbox (or of another "
                    + "account). Pass the next this inbox's wait returned, a date-time, or omit since.");
        } catch (InvalidCursorException e) {
            throw new InvalidArgumentException("since", "since must be " + WaitRequest.SINCE_FORMS + "; this value is "
                    + "neither (a next must be passed exactly as it was returned).");
        }
    }

    private void reserve(String accountId) {
        if (total.incrementAndGet() > maxTotal) {
            total.decrementAndGet();
            throw new TooManyWaitsException("This server is holding as many waits as it can (" + maxTotal + "). "
                    + "Retry in a few seconds.");
        }
        // Counted inside compute, like release's decrement: a count is never taken on a counter being removed.
        AtomicBoolean refused = new AtomicBoolean();
        perAccount.compute(accountId, (id, count) -> {
            AtomicInteger waits = count != null ? count : new AtomicInteger();
            if (waits.get() >= maxPerAccount) {
                refused.set(true);
                return count;
            }
            waits.incrementAndGet();
            return waits;
        });
        if (refused.get()) {
            total.decrementAndGet();
            throw new TooManyWaitsException("This account already has " + maxPerAccount + " waits in progress, the "
                    + "most it may have at once. Let one of them return (or cancel it) before starting another; to "
                    + "watch many inboxes, wait on each in turn or list their messages instead.");
        }
    }

    private void release(Waiter waiter) {
        if (!waiter.released.compareAndSet(false, true)) {
            return;
        }
        ScheduledFuture<?> deadline = waiter.deadline;
        if (deadline != null) {
            deadline.cancel(false);
        }
        byInbox.computeIfPresent(waiter.inboxId, (id, waiters) -> {
            waiters.waiters.remove(waiter);
            return waiters.waiters.isEmpty() ? null : waiters;
        });
        perAccount.computeIfPresent(waiter.accountId, (id, count) -> count.decrementAndGet() == 0 ? null : count);
        total.decrementAndGet();
    }

    /** One waiter's own look, from where it stands until it has seen everything the inbox holds. */
    private void look(Waiter waiter, Instant receivedAfter) {
        boolean more = true;
        while (more && waiter.isOpen()) {
            long from = waiter.checkedThrough;
            Arrivals arrivals = store.after(waiter.inboxId, from, receivedAfter, BATCH)
                    .orElseThrow(() -> Inbox.notFound(waiter.inboxId));
            more = waiter.see(from, arrivals, Runnable::run);
        }
    }

    /**
     * The deadline: a last look, then the timeout. A last look that fails is tried again a few times, then the wait
     * ends anyway, with a next from what it had seen (safe: nothing after it is skipped).
     */
    private void finish(Waiter waiter, int attempt) {
        try {
            look(waiter, null);
        } catch (StoreUnavailableException e) {
            if (attempt < LAST_LOOK_TRIES && waiter.isOpen()) {
                timer.schedule(() -> worker.execute(() -> finish(waiter, attempt + 1)), RETRY_MILLIS,
                        TimeUnit.MILLISECONDS);
                return;
            }
            LOG.log(Level.DEBUG, "A wait's last look failed; it times out with what it had seen", e);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A wait's last look failed; it times out with what it had seen", e);
        }
        waiter.timeOut();
    }

    private void wake(String inboxId, InboxWaiters waiters) {
        if (waiters.looking.compareAndSet(false, true)) {
            worker.execute(() -> lookForAll(inboxId, waiters));
        } else {
            waiters.again = true;
        }
    }

    /** One read for all the inbox's waiters, from where the furthest behind stands. */
    private void lookForAll(String inboxId, InboxWaiters waiters) {
        try {
            do {
                waiters.again = false;
                boolean more = true;
                while (more) {
                    List<Waiter> open = waiters.waiters.stream().filter(Waiter::isOpen).toList();
                    if (open.isEmpty()) {
                        break;
                    }
                    long from = open.stream().mapToLong(waiter -> waiter.checkedThrough).min().orElseThrow();
                    var arrivals = store.after(inboxId, from, null, BATCH);
                    if (arrivals.isEmpty()) { // the inbox was deleted while they waited
                        open.forEach(waiter -> waiter.outcome.completeExceptionally(Inbox.notFound(inboxId)));
                        return;
                    }
                    more = false;
                    for (Waiter waiter : open) {
                        more |= waiter.see(from, arrivals.get(), this::answer);
                    }
                }
            } while (waiters.again);
            waiters.failures = 0;
        } catch (StoreUnavailableException e) {
            // The database is away or the pool held broken connections: try again soon, while anyone waits.
            LOG.log(Level.DEBUG, "Waiters of an inbox could not look (database unavailable); trying again", e);
            int failures = ++waiters.failures;
            timer.schedule(() -> wake(inboxId, waiters), failures <= QUICK_RETRIES ? RETRY_MILLIS : SLOW_RETRY_MILLIS,
                    TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "Waiters of an inbox could not look", e);
        } finally {
            waiters.looking.set(false);
            if (waiters.again) {
                wake(inboxId, waiters);
            }
        }
    }

    /**
     * Answers one of many waiters woken by the same arrival on a worker of its own: completing a wait writes its
     * response, and a hundred of them written one after another on the looking thread made the last one wait for all.
     */
    private void answer(Runnable completion) {
        try {
            worker.execute(completion);
        } catch (RejectedExecutionException busy) {
            completion.run();
        }
    }

    /** The waiters of one inbox, and whether a look for them is running (announcements in between ask for another). */
    private static final class InboxWaiters {
        final Set<Waiter> waiters = ConcurrentHashMap.newKeySet();
        final AtomicBoolean looking = new AtomicBoolean();
        volatile boolean again;
        /** Looks that failed in a row; only the running look changes it. */
        volatile int failures;
    }

    private final class Waiter {
        final String accountId;
        final String inboxId;
        final QueryScope scope;
        final WaitRequest request;
        final CompletableFuture<WaitOutcome> outcome = new CompletableFuture<>();
        final AtomicBoolean released = new AtomicBoolean();
        /** Its outcome is decided (the completion may still be on its way to a worker): no look examines it again. */
        private boolean settled;
        /** Every arrival up to this number has been seen (and did not match). */
        volatile long checkedThrough;
        volatile ScheduledFuture<?> deadline;

        Waiter(String accountId, String inboxId, QueryScope scope, WaitRequest request, long start) {
            this.accountId = accountId;
            this.inboxId = inboxId;
            this.scope = scope;
            this.request = request;
            this.checkedThrough = start;
        }

        /**
         * Examines arrivals read from {@code from} on; reads that start beyond what this waiter has seen are not its
         * to examine (it joined after they began).
         *
         * @return whether the read was cut at its limit, so there is more to read
         */
        synchronized boolean see(long from, Arrivals arrivals, Consumer<Runnable> completer) {
            if (!isOpen() || checkedThrough < from) {
                return false;
            }
            List<Arrival> rows = arrivals.rows();
            for (Arrival arrival : rows) {
                if (arrival.seq() > checkedThrough && request.matches(arrival.message())) {
                    checkedThrough = arrival.seq();
                    settled = true;
                    WaitOutcome found = new WaitOutcome(false, arrival.message(), next(arrival.seq()));
                    completer.accept(() -> outcome.complete(found));
                    return false;
                }
            }
            boolean cut = rows.size() >= BATCH;
            long seen = cut ? rows.get(rows.size() - 1).seq() : Math.max(arrivals.current(),
                    rows.isEmpty() ? 0 : rows.get(rows.size() - 1).seq());
            checkedThrough = Math.max(checkedThrough, seen);
            return cut;
        }

        synchronized void timeOut() {
            if (!settled) {
                settled = true;
                outcome.complete(new WaitOutcome(true, null, next(checkedThrough)));
            }
        }

        /** Whether its outcome is still open: neither decided by a look or the deadline, nor failed or cancelled. */
        synchronized boolean isOpen() {
            return !settled && !outcome.isDone();
        }

        private String next(long seq) {
            return cursors.encode(new SequenceCursor((byte) 0, 0, seq, inboxId), scope);
        }
    }
}
