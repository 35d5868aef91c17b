package dev.inboxes.app.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.WebhookReceiver;
import dev.inboxes.domain.webhook.WebhookReply;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The transport against a real receiver: the destination is checked after resolution, on every attempt. */
class VertxWebhookTransportTest {

    private static final byte[] BODY = "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8);
    private static Vertx vertx;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() {
        vertx.close();
    }

    @Test
    void refusesAHostThatResolvesToLoopbackAndSendsNothing() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            VertxWebhookTransport guarded = new VertxWebhookTransport(vertx, false, Duration.ofSeconds(2));
            String port = receiver.url().replaceAll(".*:(\\d+)/.*", "$1");

            for (String url : new String[] {receiver.url(), "http://localhost:" + port + "/hook",
                    "http://[::ffff:127.0.0.1]:" + port + "/hook", "http://0x7f000001:" + port + "/hook"}) {
                WebhookReply reply = guarded.post(url, Map.of(), BODY, Duration.ofSeconds(2));
                assertThat(reply.statusCode()).as(url).isNull();
                assertThat(reply.error()).as(url).containsAnyOf("refused", "does not resolve");
            }
            Thread.sleep(200);
            assertThat(receiver.drain()).isEmpty();
            guarded.close();
        }
    }

    @Test
    void postsToTheAddressItCheckedKeepingTheHostNameAndFollowsNoRedirect() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver().answer(302)) {
            VertxWebhookTransport open = new VertxWebhookTransport(vertx, true, Duration.ofSeconds(2));
            String url = receiver.url().replace("127.0.0.1", "localhost");

            WebhookReply reply = open.post(url, Map.of("webhook-id", "evt_1"), BODY, Duration.ofSeconds(2));

            assertThat(reply.statusCode()).isEqualTo(302); // a failure, not followed
            WebhookReceiver.Received request = receiver.next(Duration.ofSeconds(5));
            assertThat(request.header("host")).startsWith("localhost:");
            assertThat(request.header("webhook-id")).isEqualTo("evt_1");
            assertThat(request.body()).isEqualTo(new String(BODY, StandardCharsets.UTF_8));
            assertThat(receiver.drain()).isEmpty();
            open.close();
        }
    }
}
