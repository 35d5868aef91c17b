package dev.inboxes.app.webhook;

import dev.inboxes.app.support.SelfSignedCertificate;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Two self-signed certificates for {@code localhost}: the service trusts {@code trusted.pem}
 * ({@code inboxes.webhooks.trust-certificates}), not {@code untrusted}. Retries come a second apart, time enough for
 * a test to point the endpoint elsewhere between two attempts.
 */
public class WebhookTlsResource implements QuarkusTestResourceLifecycleManager {

    /**
     * The system property naming the certificates' folder (tests and the app share the JVM, not a class loader);
     * outside the {@code inboxes.} root, whose configuration refuses names it does not know.
     */
    static final String DIRECTORY = "webhook-tls-test.directory";

    @Override
    public Map<String, String> start() {
        try {
            Path dir = Files.createTempDirectory("webhook-tls");
            SelfSignedCertificate trusted = SelfSignedCertificate.generate(dir, "trusted");
            SelfSignedCertificate.generate(dir, "untrusted");
            System.setProperty(DIRECTORY, dir.toString());
            return Map.of("inboxes.webhooks.trust-certificates", trusted.pem().toString(),
                    "inboxes.webhooks.retry-delays", "1S,1S,1S,1S,1S,1S,1S");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static SelfSignedCertificate certificate(String name) {
        Path dir = Path.of(System.getProperty(DIRECTORY));
        return new SelfSignedCertificate(dir.resolve(name + ".p12"), dir.resolve(name + ".pem"));
    }

    @Override
    public void stop() {
        System.clearProperty(DIRECTORY);
    }
}
