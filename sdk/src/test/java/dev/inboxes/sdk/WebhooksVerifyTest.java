package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The verifier on the Standard Webhooks reference example, and what it refuses. */
class WebhooksVerifyTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String PAYLOAD = "{\"test\": 2432232314}";
    private static final String SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    private static final Instant AT = Instant.ofEpochSecond(1614265330);

    private static Map<String, String> headers(String signature, String timestamp) {
        return Map.of("Webhook-Id", "msg_p5jXN8AQM9LWM0D4loKWxJek", "Webhook-Timestamp", timestamp,
                "Webhook-Signature", signature);
    }

    @Test
    void acceptsTheReferenceExampleAmongOtherSignatures() {
        assertThat(Webhooks.verify(PAYLOAD, headers(SIGNATURE, "1614265330"), SECRET, AT)).isEqualTo(PAYLOAD);
        assertThat(Webhooks.verify(PAYLOAD, headers("v1,bm90IGl0 " + SIGNATURE, "1614265330"), SECRET,
                AT.plusSeconds(299))).isEqualTo(PAYLOAD);
    }

    @Test
    void refusesATamperedBodyAnOldTimestampAnotherSecretOrMissingHeaders() {
        assertThatThrownBy(() -> Webhooks.verify(PAYLOAD + " ", headers(SIGNATURE, "1614265330"), SECRET, AT))
                .isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> Webhooks.verify(PAYLOAD, headers(SIGNATURE, "1614265330"), SECRET,
                AT.plusSeconds(301))).isInstanceOf(WebhookVerificationException.class).hasMessageContaining("minutes");
        assertThatThrownBy(() -> Webhooks.verify(PAYLOAD, headers(SIGNATURE, "1614265330"),
                "whsec_" + "A".repeat(32), AT)).isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> Webhooks.verify(PAYLOAD, headers("v2," + SIGNATURE.substring(3), "1614265330"),
                SECRET, AT)).isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> Webhooks.verify(PAYLOAD, Map.of(), SECRET, AT))
                .isInstanceOf(WebhookVerificationException.class).hasMessageContaining("webhook-id");
        assertThatThrownBy(() -> Webhooks.verify(PAYLOAD, headers(SIGNATURE, "soon"), SECRET, AT))
                .isInstanceOf(WebhookVerificationException.class);
    }
}
