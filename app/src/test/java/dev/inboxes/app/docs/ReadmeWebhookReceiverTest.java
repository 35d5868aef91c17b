package dev.inboxes.app.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.inboxes.domain.webhook.WebhookSignature;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Python receiver, run as printed against requests signed the way the service signs them: a good one
 * passes, a tampered one, another secret's and an old one do not; during a rotation either secret passes.
 */
class ReadmeWebhookReceiverTest {

    @TempDir
    Path dir;

    @Test
    void theReadmesPythonVerifierAcceptsTheServicesSignaturesAndNothingElse() throws Exception {
        assumeTrue(python(), "python3 is not installed here: the README's receiver is not run");
        String readme = Files.readString(Path.of("..", "README.md"));
        int section = readme.indexOf("## Events and webhooks");
        int start = readme.indexOf("```python\n", section) + "```python\n".length();
        String example = readme.substring(start, readme.indexOf("```", start));
        String current = WebhookSignature.newSecret();
        String previous = WebhookSignature.newSecret();
        String body = "{\"id\":\"evt_1\",\"type\":\"message.received\",\"data\":{\"subject\":\"Caf\u00e9\"}}";
        long now = Instant.now().getEpochSecond();
        String both = WebhookSignature.header(List.of(current, previous), "evt_1", now, body.getBytes(StandardCharsets.UTF_8));
        String old = WebhookSignature.header(List.of(current), "evt_1", now - 3600, body.getBytes(StandardCharsets.UTF_8));
        Path script = dir.resolve("receiver.py");
        Files.writeString(script, example + """

                import json, sys
                cases = json.load(sys.stdin)
                print(" ".join(str(verify(c["body"].encode(), c["headers"], c["secret"])) for c in cases))
                """);
        String cases = "[" + String.join(",",
                testCase(body, now, both, current), testCase(body, now, both, previous),
                testCase(body.replace("Caf", "Kaf"), now, both, current),
                testCase(body, now, both, WebhookSignature.newSecret()), testCase(body, now - 3600, old, current)) + "]";

        Process python = new ProcessBuilder("python3", script.toString()).redirectErrorStream(true).start();
        python.getOutputStream().write(cases.getBytes(StandardCharsets.UTF_8));
        python.getOutputStream().close();
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(python.waitFor(30, TimeUnit.SECONDS)).isTrue();

        assertThat(output).isEqualTo("True True False False False");
    }

    private static String testCase(String body, long timestamp, String signature, String secret) {
        return "{\"body\":" + json(body) + ",\"secret\":" + json(secret) + ",\"headers\":{\"Webhook-Id\":\"evt_1\","
                + "\"Webhook-Timestamp\":\"" + timestamp + "\",\"Webhook-Signature\":" + json(signature) + "}}";
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\u00e9", "\\u00e9") + "\"";
    }

    private static boolean python() {
        try {
            return new ProcessBuilder("python3", "--version").start().waitFor(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            return false;
        }
    }
}
