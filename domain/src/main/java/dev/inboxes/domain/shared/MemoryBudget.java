package dev.inboxes.domain.shared;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes held in memory at once by everything that shares this budget: request bodies being read (HTTP), messages
 * being received (SMTP). Each reserves its bytes before holding them and gives them back when done, so a burst of
 * large inputs costs a bounded heap: those that do not fit are refused with a "retry later" (their senders retry)
 * instead of all of them together ending in an {@link OutOfMemoryError}.
 */
public final class MemoryBudget {

    private final long limit;
    private final AtomicLong held = new AtomicLong();

    public MemoryBudget(long limit) {
        this.limit = limit;
    }

    /** Takes these bytes if they fit (or if nothing is held: one always proceeds, whatever its size); false otherwise. */
    public boolean tryReserve(long bytes) {
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

    public void release(long bytes) {
        held.addAndGet(-bytes);
    }

    /** Bytes held now. */
    public long held() {
        return held.get();
    }
}
