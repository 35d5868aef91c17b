package dev.inboxes.api.message;

import dev.inboxes.api.http.HttpLimitsConfig;
import dev.inboxes.api.problem.ProblemType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The REST waits one client address has in progress on this replica, at most
 * {@link HttpLimitsConfig#waitsPerAddress()}: each holds a connection for up to a minute, and sign-ups are free, so
 * per-account caps alone would let one address hold any number of them.
 */
@ApplicationScoped
public class WaitsPerAddress {

    private final int cap;
    private final Map<String, Integer> waits = new ConcurrentHashMap<>();

    WaitsPerAddress(HttpLimitsConfig config) {
        this.cap = config.waitsPerAddress();
    }

    /** Counts one more wait for {@code address}; a {@code 429} {@code too-many-waits} problem when it has its share. */
    void acquire(String address) {
        boolean[] admitted = {false};
        waits.compute(address, (key, count) -> {
            int now = count == null ? 0 : count;
            if (now >= cap) {
                return count;
            }
            admitted[0] = true;
            return now + 1;
        });
        if (!admitted[0]) {
            throw new WebApplicationException(ProblemType.TOO_MANY_WAITS.response("This client address already has " + cap + " waits in progress on this "
                    + "server, the most allowed. Wait for one to return (or cancel one) before starting another."));
        }
    }

    void release(String address) {
        waits.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1);
    }
}
