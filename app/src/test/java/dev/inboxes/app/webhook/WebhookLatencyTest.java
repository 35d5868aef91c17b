package dev.inboxes.app.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.WebhookReceiver;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How soon a webhook follows its change, in process: from the request that records a message to the receiver's request, one
 * endpoint, then the same event fanned out to 20 endpoints (the most an account may have). Printed for the notes;
 * asserted loosely, since the build machine is shared.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class WebhookLatencyTest {

    private static final int SAMPLES = 60;

    @Test
    void aWebhookFollowsItsChangeWithinMilliseconds() throws Exception {
        String apiKey = Api.newAccount();
        String inbox = Api.createInbox(apiKey, Map.of());
        List<WebhookReceiver> receivers = new ArrayList<>();
        try {
            receivers.add(subscribed(apiKey));
            List<Long> one = measure(apiKey, inbox, receivers);
            for (int i = 1; i < 20; i++) {
                receivers.add(subscribed(apiKey));
            }
            List<Long> twenty = measure(apiKey, inbox, receivers);
            System.out.printf("Webhook latency (record request sent to webhook received, in process, %d samples): one endpoint p50 %d "
                    + "ms p99 %d ms; 20 endpoints (the last to receive) p50 %d ms p99 %d ms%n", SAMPLES,
                    percentile(one, 50), percentile(one, 99), percentile(twenty, 50), percentile(twenty, 99));
            assertThat(percentile(one, 50)).isLessThan(1_000);
        } finally {
            receivers.forEach(WebhookReceiver::close);
        }
    }

    private static WebhookReceiver subscribed(String apiKey) throws Exception {
        WebhookReceiver receiver = new WebhookReceiver();
        WebhooksTest.create(apiKey, Map.of("url", receiver.url(), "event_types", List.of("message.received")))
                .then().statusCode(201);
        return receiver;
    }

    /** Per sample, the time until every receiver had the request. */
    private static List<Long> measure(String apiKey, String inbox, List<WebhookReceiver> receivers) throws Exception {
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            long recorded = System.nanoTime();
            Api.recordMessage(apiKey, inbox, "Latency " + i, "x");
            long last = recorded;
            for (WebhookReceiver receiver : receivers) {
                last = Math.max(last, receiver.next(Duration.ofSeconds(20)).receivedAtNanos());
            }
            millis.add(Math.max(0, (last - recorded) / 1_000_000));
        }
        return millis;
    }

    private static long percentile(List<Long> values, int percent) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(percent / 100.0 * sorted.size()) - 1));
    }
}
