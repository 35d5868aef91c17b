package dev.inboxes.app.support;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import javax.net.ssl.SSLContext;

/**
 * A real HTTP receiver of webhooks on loopback: it records every request (headers, body) and answers what the test
 * scripts, one status (and delay) per request, then 200.
 */
public final class WebhookReceiver implements AutoCloseable {

    /** One request as received. */
    public record Received(Map<String, String> headers, String body, long receivedAtNanos) {

        public String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }
    }

    /** One scripted answer. */
    public record Answer(int status, Duration delay) {
    }

    private final HttpServer server;
    private final String origin;
    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();
    private volatile IntSupplier otherwise = () -> 200;
    private volatile Duration otherwiseAfter = Duration.ZERO;

    public WebhookReceiver() throws IOException {
        this(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0), "http://127.0.0.1:");
    }

    /** The same receiver over {@code https}, presenting the certificate of {@code tls}, at {@code localhost}. */
    public static WebhookReceiver https(SSLContext tls) throws IOException {
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        return new WebhookReceiver(server, "https://localhost:");
    }

    private WebhookReceiver(HttpServer server, String origin) {
        this.server = server;
        this.origin = origin;
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> headers = new java.util.HashMap<>();
            exchange.getRequestHeaders().forEach((name, values) ->
                    headers.put(name.toLowerCase(java.util.Locale.ROOT), String.join(",", values)));
            Answer answer = script.poll();
            int status = answer == null ? otherwise.getAsInt() : answer.status();
            Duration delay = answer == null ? otherwiseAfter : answer.delay();
            if (!delay.isZero()) {
                sleep(delay);
            }
            received.add(new Received(headers, new String(body, StandardCharsets.UTF_8), System.nanoTime()));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    public String url() {
        return origin + server.getAddress().getPort() + "/hook";
    }

    /** The next answers, in order; after them, {@link #otherwise}. */
    public WebhookReceiver answer(int... statuses) {
        for (int status : statuses) {
            script.add(new Answer(status, Duration.ZERO));
        }
        return this;
    }

    public WebhookReceiver answerAfter(Duration delay, int status) {
        script.add(new Answer(status, delay));
        return this;
    }

    public WebhookReceiver otherwise(int status) {
        otherwise = () -> status;
        return this;
    }

    /** Each unscripted answer comes after {@code delay}: a receiver that takes its time. */
    public WebhookReceiver otherwiseAfter(Duration delay) {
        otherwiseAfter = delay;
        return this;
    }

    /** The next request received, waiting up to {@code timeout}; fails when none comes. */
    public Received next(Duration timeout) throws InterruptedException {
        Received next = received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (next == null) {
            throw new AssertionError("no webhook request within " + timeout);
        }
        return next;
    }

    /** Every request received so far, taken. */
    public List<Received> drain() {
        List<Received> all = new ArrayList<>();
        received.drainTo(all);
        return all;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private static void sleep(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
