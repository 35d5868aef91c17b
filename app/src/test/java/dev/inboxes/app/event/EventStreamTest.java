package dev.inboxes.app.event;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The event stream (Server-Sent Events): live, resumable with Last-Event-ID, kept alive, bounded per account. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class EventStreamTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Duration WAIT = Duration.ofSeconds(15);

    @Test
    void eventsArriveAsTheyCommitAndAResumedStreamContinuesRightAfterTheLastOneSeen() throws Exception {
        String apiKey = Api.newAccount();
        String first;
        try (Stream stream = Stream.open(apiKey, null, "")) {
            String inbox = Api.createInbox(apiKey, Map.of());
            Api.recordMessage(apiKey, inbox, "Streamed", "x");
            SseEvent created = stream.nextEvent();
            SseEvent received = stream.nextEvent();
            assertThat(created.name()).isEqualTo("inbox.created");
            assertThat(received.name()).isEqualTo("message.received");
            List<JsonNode> listed = Api.walk(apiKey, "/v1/events", Map.of()).items();
            assertThat(received.id()).isEqualTo(listed.get(0).path("id").asText());
            assertThat(Client.JSON.readTree(received.data())).isEqualTo(listed.get(0));
            first = created.id();
            assertThat(stream.comments()).isNotEmpty(); // the opening comment at least
        }
        String second = Api.createInbox(apiKey, Map.of()); // while no stream is open
        Api.createInbox(apiKey, Map.of());

        try (Stream resumed = Stream.open(apiKey, first, "")) {
            List<String> types = new ArrayList<>();
            List<String> inboxes = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                SseEvent event = resumed.nextEvent();
                types.add(event.name());
                inboxes.add(Client.JSON.readTree(event.data()).path("inbox_id").asText());
            }
            assertThat(types).containsExactly("message.received", "inbox.created", "inbox.created");
            assertThat(inboxes.get(1)).isEqualTo(second);
            assertThat(resumed.pollEvent(Duration.ofMillis(500))).isNull(); // no repeats
        }
    }

    @Test
    void filtersApplyAndKeepAliveCommentsComeWhileNothingHappens() throws Exception {
        String apiKey = Api.newAccount();
        try (Stream stream = Stream.open(apiKey, null, "?type=message.received")) {
            String inbox = Api.createInbox(apiKey, Map.of());
            Api.recordMessage(apiKey, inbox, "Only this", "x");
            assertThat(stream.nextEvent().name()).isEqualTo("message.received");
            int comments = stream.comments().size();
            Thread.sleep(2_500); // the keep-alive is 1 s in tests
            assertThat(stream.comments().size()).isGreaterThan(comments);
        }
    }

    @Test
    void tooManyStreamsOrABadStartAreProblems() throws Exception {
        String apiKey = Api.newAccount();
        List<Stream> open = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                open.add(Stream.open(apiKey, null, ""));
            }
            HttpResponse<String> sixth = HTTP.send(request(apiKey, null, ""), HttpResponse.BodyHandlers.ofString());
            assertThat(sixth.statusCode()).isEqualTo(429);
            assertThat(sixth.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(sixth.headers().firstValue("Retry-After")).isPresent();
        } finally {
            open.forEach(Stream::close);
        }
        Thread.sleep(300);
        Stream.open(apiKey, null, "").close(); // closed streams no longer count
        assertProblem(as(apiKey).header("Last-Event-ID", "evt_00000000000000000000").get("/v1/events/stream"), 400,
                "invalid-request");
        assertProblem(as(apiKey).header("Last-Event-ID", "x\u0001").get("/v1/events/stream"), 400, "invalid-request");
        assertProblem(as(apiKey).queryParam("type", "nope").get("/v1/events/stream"), 400, "invalid-request");
    }

    private static HttpRequest request(String apiKey, String lastEventId, String query) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(Api.baseUrl() + "/v1/events/stream" + query))
                .header("Authorization", "Bearer " + apiKey).header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return request.build();
    }

    record SseEvent(String id, String name, String data) {
    }

    /** A stream read line by line on its own thread, as an EventSource would. */
    static final class Stream implements AutoCloseable {

        private final InputStream body;
        private final BlockingQueue<SseEvent> events = new LinkedBlockingQueue<>();
        private final List<String> comments = java.util.Collections.synchronizedList(new ArrayList<>());

        private Stream(InputStream body) {
            this.body = body;
            Thread reader = new Thread(this::read, "sse-test-reader");
            reader.setDaemon(true);
            reader.start();
        }

        static Stream open(String apiKey, String lastEventId, String query) throws Exception {
            HttpResponse<InputStream> response = HTTP.send(request(apiKey, lastEventId, query),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
            return new Stream(response.body());
        }

        private void read() {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
                String id = null;
                String name = null;
                StringBuilder data = new StringBuilder();
                for (String line; (line = lines.readLine()) != null; ) {
                    if (line.isEmpty()) {
                        if (data.length() > 0) {
                            events.add(new SseEvent(id, name, data.toString()));
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
            } catch (java.io.IOException closed) {
                // the test closed it
            }
        }

        SseEvent nextEvent() throws InterruptedException {
            SseEvent next = pollEvent(WAIT);
            if (next == null) {
                throw new AssertionError("no event within " + WAIT);
            }
            return next;
        }

        SseEvent pollEvent(Duration timeout) throws InterruptedException {
            return events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        List<String> comments() {
            return List.copyOf(comments);
        }

        @Override
        public void close() {
            try {
                body.close();
            } catch (java.io.IOException ignored) {
                // closing
            }
        }
    }
}
