package dev.inboxes.app.event;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.SseStream;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The event stream (Server-Sent Events): live, resumable with Last-Event-ID, kept alive, bounded per account. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class EventStreamTest {


    @Test
    void eventsArriveAsTheyCommitAndAResumedStreamContinuesRightAfterTheLastOneSeen() throws Exception {
        String apiKey = Api.newAccount();
        String first;
        try (SseStream stream = open(apiKey, null, "")) {
            String inbox = Api.createInbox(apiKey, Map.of());
            Api.recordMessage(apiKey, inbox, "Streamed", "x");
            SseStream.Event created = stream.next();
            SseStream.Event received = stream.next();
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

        try (SseStream resumed = open(apiKey, first, "")) {
            List<String> types = new ArrayList<>();
            List<String> inboxes = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                SseStream.Event event = resumed.next();
                types.add(event.name());
                inboxes.add(Client.JSON.readTree(event.data()).path("inbox_id").asText());
            }
            assertThat(types).containsExactly("message.received", "inbox.created", "inbox.created");
            assertThat(inboxes.get(1)).isEqualTo(second);
            assertThat(resumed.poll(Duration.ofMillis(500))).isNull(); // no repeats
        }
    }

    @Test
    void filtersApplyAndKeepAliveCommentsComeWhileNothingHappens() throws Exception {
        String apiKey = Api.newAccount();
        try (SseStream stream = open(apiKey, null, "?type=message.received")) {
            String inbox = Api.createInbox(apiKey, Map.of());
            Api.recordMessage(apiKey, inbox, "Only this", "x");
            assertThat(stream.next().name()).isEqualTo("message.received");
            int comments = stream.comments().size();
            Thread.sleep(2_500); // the keep-alive is 1 s in tests
            assertThat(stream.comments().size()).isGreaterThan(comments);
        }
    }

    @Test
    void tooManyStreamsOrABadStartAreProblems() throws Exception {
        String apiKey = Api.newAccount();
        List<SseStream> open = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                open.add(open(apiKey, null, ""));
            }
            HttpResponse<String> sixth = SseStream.HTTP.send(SseStream.request(Api.baseUrl(), apiKey, null, ""),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(sixth.statusCode()).isEqualTo(429);
            assertThat(sixth.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(sixth.headers().firstValue("Retry-After")).isPresent();
        } finally {
            open.forEach(SseStream::close);
        }
        Thread.sleep(300);
        open(apiKey, null, "").close(); // closed streams no longer count
        assertProblem(as(apiKey).header("Last-Event-ID", "evt_00000000000000000000").get("/v1/events/stream"), 400,
                "invalid-request");
        assertProblem(as(apiKey).header("Last-Event-ID", "x\u0001").get("/v1/events/stream"), 400, "invalid-request");
        assertProblem(as(apiKey).queryParam("type", "nope").get("/v1/events/stream"), 400, "invalid-request");
    }

    private static SseStream open(String apiKey, String lastEventId, String query) throws Exception {
        return SseStream.open(Api.baseUrl(), apiKey, lastEventId, query);
    }
}
