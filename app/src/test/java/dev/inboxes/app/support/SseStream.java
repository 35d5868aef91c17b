package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The event stream of an account, read line by line on its own thread, as an EventSource would. */
public final class SseStream implements AutoCloseable {

    public static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Duration WAIT = Duration.ofSeconds(15);

    /** One event as the stream framed it. */
    public record Event(String id, String name, String data) {
    }

    private final InputStream body;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final List<String> comments = Collections.synchronizedList(new ArrayList<>());

    private SseStream(InputStream body) {
        this.body = body;
        Thread reader = new Thread(this::read, "sse-test-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** The stream's request: {@code query} such as {@code ?type=…} or empty; {@code lastEventId} may be null. */
    public static HttpRequest request(String baseUrl, String apiKey, String lastEventId, String query) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/v1/events/stream" + query))
                .header("Authorization", "Bearer " + apiKey).header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return request.build();
    }

    /** Opens the stream and checks it is one. */
    public static SseStream open(String baseUrl, String apiKey, String lastEventId, String query) throws Exception {
        HttpResponse<InputStream> response = HTTP.send(request(baseUrl, apiKey, lastEventId, query),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        return new SseStream(response.body());
    }

    private void read() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String id = null;
            String name = null;
            StringBuilder data = new StringBuilder();
            for (String line; (line = lines.readLine()) != null; ) {
                if (line.isEmpty()) {
                    if (data.length() > 0) {
                        events.add(new Event(id, name, data.toString()));
                    }
                    id = null;
                    name = null;
                    data.setLength(0);
                } else if (line.startsWith(":")) {
                    comments.add(line);
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).trim();
                } else if (line.startsWith("event:")) {
                    name = line.substring(6).trim();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring(5).trim());
                }
            }
        } catch (IOException closed) {
            // the test closed it, or the server went away
        }
    }

    /** The next event, waiting up to 15 s; fails when none comes. */
    public Event next() throws InterruptedException {
        Event next = poll(WAIT);
        if (next == null) {
            throw new AssertionError("no event within " + WAIT);
        }
        return next;
    }

    public Event poll(Duration timeout) throws InterruptedException {
        return events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public List<String> comments() {
        return List.copyOf(comments);
    }

    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
