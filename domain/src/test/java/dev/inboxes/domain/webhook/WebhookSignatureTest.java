package dev.inboxes.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {

    /** The example of the Standard Webhooks reference libraries' tests. */
    @Test
    void signsAsTheStandardWebhooksReferenceDoes() {
        byte[] body = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);

        String header = WebhookSignature.header(List.of("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"),
                "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body);

        assertThat(header).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void twoSecretsSignSideBySideAndNewSecretsHaveTheSpecifiedShape() {
        String current = WebhookSignature.newSecret();
        String previous = WebhookSignature.newSecret();
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);

        String header = WebhookSignature.header(List.of(current, previous), "evt_1", 1, body);

        assertThat(current).matches("whsec_[A-Za-z0-9+/]{32}").isNotEqualTo(previous);
        assertThat(header.split(" ")).containsExactly("v1," + WebhookSignature.sign(current, "evt_1", 1, body),
                "v1," + WebhookSignature.sign(previous, "evt_1", 1, body));
    }
}
