package dev.inboxes.app.webhook;

import dev.inboxes.domain.webhook.WebhookDestinations;
import dev.inboxes.domain.webhook.WebhookReply;
import dev.inboxes.domain.webhook.WebhookTransport;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.SocketAddress;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLException;

/**
 * Webhook requests over the Vert.x HTTP client, called from worker threads that block on the answer. The host is
 * resolved here, every address it resolves to is checked ({@link WebhookDestinations}), and the connection goes to the
 * checked address itself ({@link RequestOptions#setServer}) while the request keeps the host name for TLS (SNI and
 * certificate checks) and the {@code Host} header: a name that resolves elsewhere between check and connect (DNS
 * rebinding) is never looked up again. Redirects are not followed; the connection is closed once the status is in,
 * so a receiver's body is never read.
 */
public class VertxWebhookTransport implements WebhookTransport {

    private final HttpClient client;
    private final boolean allowPrivate;

    public VertxWebhookTransport(Vertx vertx, boolean allowPrivate, Duration timeout) {
        this(vertx, allowPrivate, timeout, List.of());
    }

    /**
     * @param trustCertificates PEM files whose certificates TLS endpoints are checked against instead of the JVM's
     *                          default CAs; none: the defaults
     * @throws IllegalStateException when one cannot be read or holds no certificate (the start fails, not a delivery)
     */
    public VertxWebhookTransport(Vertx vertx, boolean allowPrivate, Duration timeout, List<String> trustCertificates) {
        this.allowPrivate = allowPrivate;
        HttpClientOptions options = new HttpClientOptions()
                .setKeepAlive(false)
                .setForceSni(true)
                .setVerifyHost(true)
                .setConnectTimeout((int) timeout.toMillis())
                .setMaxPoolSize(64);
        if (!trustCertificates.isEmpty()) {
            PemTrustOptions trust = new PemTrustOptions();
            trustCertificates.forEach(file -> trust.addCertPath(checkedPem(file)));
            options.setTrustOptions(trust);
        }
        this.client = vertx.createHttpClient(options);
    }

    private static String checkedPem(String file) {
        try {
            if (!Files.readString(Path.of(file), StandardCharsets.US_ASCII).contains("-----BEGIN CERTIFICATE-----")) {
                throw new IllegalStateException("inboxes.webhooks.trust-certificates: " + file
                        + " holds no PEM certificate");
            }
            return file;
        } catch (IOException e) {
            throw new IllegalStateException("inboxes.webhooks.trust-certificates: cannot read " + file + ": " + e, e);
        }
    }

    @Override
    public WebhookReply post(String url, Map<String, String> headers, byte[] body, Duration timeout) {
        URI uri = URI.create(url);
        boolean tls = "https".equalsIgnoreCase(uri.getScheme());
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        String host = uri.getHost();
        String bareHost = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        InetAddress address;
        try {
            InetAddress[] addresses = InetAddress.getAllByName(bareHost);
            for (InetAddress candidate : addresses) {
                Optional<String> refused = allowPrivate ? Optional.empty() : WebhookDestinations.refusal(candidate);
                if (refused.isPresent()) {
                    return WebhookReply.failed("refused: " + host + " resolves to " + candidate.getHostAddress()
                            + ", " + refused.get() + "; webhooks go to public addresses only");
                }
            }
            address = addresses[0];
        } catch (UnknownHostException e) {
            return WebhookReply.failed("the host " + host + " does not resolve");
        }
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setHost(bareHost)
                .setPort(port)
                .setSsl(tls)
                .setURI(path)
                .setServer(SocketAddress.inetSocketAddress(new InetSocketAddress(address, port)))
                .setFollowRedirects(false)
                .setConnectTimeout(timeout.toMillis())
                .setIdleTimeout(timeout.toMillis());
        headers.forEach(options::addHeader);
        AtomicReference<HttpClientRequest> sent = new AtomicReference<>();
        try {
            int status = client.request(options)
                    .compose(request -> {
                        sent.set(request);
                        return request.send(Buffer.buffer(body));
                    })
                    .map(response -> {
                        response.request().connection().close();
                        return response.statusCode();
                    })
                    .toCompletionStage().toCompletableFuture()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return WebhookReply.status(status);
        } catch (TimeoutException e) {
            Optional.ofNullable(sent.get()).ifPresent(request -> request.reset());
            return WebhookReply.failed("no answer within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            Optional<SSLException> handshake = tlsFailure(cause);
            if (handshake.isPresent()) {
                return WebhookReply.failed("TLS with " + host + " failed (is its certificate trusted? see "
                        + "inboxes.webhooks.trust-certificates): " + handshake.get().getMessage());
            }
            return WebhookReply.failed("the request failed: " + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return WebhookReply.failed("interrupted while waiting for the endpoint");
        }
    }

    /**
     * The innermost TLS failure behind a failed request: Vert.x wraps the handshake's own ("PKIX path building
     * failed", "No subject alternative names matching") in a "Failed to create SSL connection".
     */
    private static Optional<SSLException> tlsFailure(Throwable failure) {
        SSLException innermost = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SSLException tls) {
                innermost = tls;
            }
        }
        return Optional.ofNullable(innermost);
    }

    public void close() {
        client.close();
    }
}
