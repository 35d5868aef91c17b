package dev.inboxes.app.outbound;

import static dev.inboxes.app.support.Api.as;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;

/** A sent message's deliveries as a client watches them: polled over the API until they reach their statuses. */
final class SentDeliveries {

    /** How long a delivery through the test relay may take. */
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    private SentDeliveries() {
    }

    /** The sent message once each of its deliveries has one of these statuses (in any order). */
    static JsonPath await(String apiKey, String inboxId, String messageId, String... statuses) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        JsonPath message;
        do {
            message = as(apiKey).get("/v1/inboxes/" + inboxId + "/messages/" + messageId).jsonPath();
            List<String> now = message.getList("deliveries.status");
            if (now.size() == statuses.length && List.of(statuses).containsAll(now) && now.containsAll(List.of(statuses))) {
                return message;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        } while (System.nanoTime() < deadline);
        throw new AssertionError("Deliveries still " + message.getList("deliveries") + ", expected "
                + List.of(statuses));
    }
}
