package dev.inboxes.smtp;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of messages held in memory at once, all SMTP connections together ({@link SmtpConfig#messageBudget()}).
 * A message reserves its bytes as they arrive and gives them back once it is answered, so a burst of large
 * messages costs a bounded heap: the ones that do not fit are answered {@code 452} and retried by their senders,
 * instead of all of them together ending in an {@link OutOfMemoryError}.
 */
final class MessageBudget {

    private final long limit;
    private final AtomicLong held = new AtomicLong();

    MessageBudget(long limit) {
        this.limit = limit;
    }

    /** Takes these bytes if they fit (or if nothing is held: one message always proceeds); false otherwise. */
    boolean tryReserve(long bytes) {
        while (true) {
            long now = held.get();
            if (now + bytes > limit && now > 0) {
                return false;
            }
            if (held.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    void release(long bytes) {
        held.addAndGet(-bytes);
    }

    /** Bytes held now. */
    long held() {
        return held.get();
    }
}
