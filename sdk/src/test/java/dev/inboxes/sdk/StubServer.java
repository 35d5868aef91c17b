package dev.inboxes.sdk;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A loopback HTTP server that answers with canned responses and records every request, so tests check what
 * the SDK really sends over the wire without a mocking library.
 */
final class StubServer implements AutoCloseable {

    static final String API_KEY = "sk_test_0123456789";

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(daemonThreads());
    private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
    private final Function<RecordedRequest, StubReply> responder;

    private StubServer(Function<RecordedRequest, StubReply> responder) throws IOException {
        this.responder = responder;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor); // several threads: a slow reply must not block the next attempt
        server.start();
    }

    static StubServer start(Function<RecordedRequest, StubReply> responder) throws IOException {
        return new StubServer(responder);
    }

    /** Answers the replies in order, repeating the last one forever. */
    static StubServer replying(StubReply... replies) throws IOException {
        return start(request -> replies[Math.min(request.index(), replies.length - 1)]);
    }

    String baseUrl() {
        return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort();
    }

    List<RecordedRequest> requests() {
        return List.copyOf(requests);
    }

    /** A builder pointed at this stub with tiny backoffs, so retry tests take milliseconds. */
    InboxesClientBuilder clientBuilder() {
        return InboxesClient.builder()
                .baseUrl(baseUrl())
                .apiKey(API_KEY)
                .requestTimeout(Duration.ofSeconds(5))
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(5));
    }

    InboxesClient client() {
        return clientBuilder().build();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            RecordedRequest request;
            synchronized (requests) { // the index must match the position in the list
                request = new RecordedRequest(requests.size(), exchange.getRequestMethod(),
                        exchange.getRequestURI(), copy(exchange.getRequestHeaders()), body);
                requests.add(request);
            }
            StubReply reply = responder.apply(request);
            reply.delay().ifPresent(StubServer::sleep);
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            if (reply.contentType() != null) {
                exchange.getResponseHeaders().set("Content-Type", reply.contentType());
            }
            exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private static Headers copy(Headers headers) {
        Headers copy = new Headers();
        copy.putAll(headers);
        return copy;
    }

    private static void sleep(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        return runnable -> {
            Thread thread = new Thread(runnable, "stub-server");
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    /** What the SDK sent. {@code index} counts from 0 in arrival order. */
    record RecordedRequest(int index, String method, URI uri, Headers headers, String body) {

        String header(String name) {
            return headers.getFirst(name);
        }

        String path() {
            return uri.getRawPath();
        }

        String rawQuery() {
            return uri.getRawQuery();
        }

        /** The decoded value of a query parameter, or null. */
        String query(String name) {
            return QueryParams.parse(uri.getRawQuery()).get(name);
        }
    }
}
