package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What goes over the wire: URL encoding, headers, snake_case bodies without unset fields. */
@Timeout(60) // a hang fails; a loaded machine does not
class RequestEncodingTest {

    private static final String EMPTY_PAGE = Fixtures.pageJson(List.of(), null, false, 0L);

    @Test
    void queryValuesArePercentEncoded() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(EMPTY_PAGE))) {
            String q = "a b+c&d=e/é%";
            stub.client().listInboxesPage(ListInboxesParams.builder().q(q).limit(10).cursor("AS+/=x")
                    .createdAfter(Instant.parse("2026-11-29T21:48:33.123456Z"))
                    .createdBefore(Instant.parse("2026-12-01T00:00:00Z")).build());

            StubServer.RecordedRequest request = stub.requests().get(0);
            assertThat(request.rawQuery()).isEqualTo("limit=10&cursor=AS%2B%2F%3Dx&q=a%20b%2Bc%26d%3De%2F%C3%A9%25"
                    + "&created_after=2026-11-29T21%3A48%3A33.123456Z&created_before=2026-12-01T00%3A00%3A00Z");
            assertThat(request.query("q")).isEqualTo(q);
            assertThat(request.query("cursor")).isEqualTo("AS+/=x");
        }
    }

    @Test
    void unsetParamsAreNotSent() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(EMPTY_PAGE))) {
            stub.client().listInboxesPage(null);
            stub.client().listMessagesPage("inb_1", null);

            assertThat(stub.requests()).extracting(StubServer.RecordedRequest::rawQuery).containsOnlyNulls();
        }
    }

    @Test
    void everyCallSendsTheBearerKeyAndAcceptsProblems() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(Fixtures.inboxJson(1)))) {
            stub.client().getInbox("inb_1");

            StubServer.RecordedRequest request = stub.requests().get(0);
            assertThat(request.header("Authorization")).isEqualTo("Bearer " + StubServer.API_KEY);
            assertThat(request.header("Accept")).contains("application/json").contains("application/problem+json");
            assertThat(request.header("Idempotency-Key")).isNull();
        }
    }

    @Test
    void createInboxSendsSnakeCaseAndOmitsUnsetFields() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.json(201, Fixtures.inboxJson(1)))) {
            InboxesClient client = stub.client();

            client.createInbox();
            client.createInbox(CreateInboxParams.builder().displayName("Support bot").build());
            client.createInbox(CreateInboxParams.builder().username("support-bot").displayName("Support bot").build());

            assertThat(stub.requests()).extracting(StubServer.RecordedRequest::body).containsExactly(
                    "{}",
                    "{\"display_name\":\"Support bot\"}",
                    "{\"username\":\"support-bot\",\"display_name\":\"Support bot\"}");
            assertThat(stub.requests()).allSatisfy(request -> {
                assertThat(request.method()).isEqualTo("POST");
                assertThat(request.path()).isEqualTo("/v1/inboxes");
                assertThat(request.header("Content-Type")).isEqualTo("application/json");
            });
        }
    }

    @Test
    void recordMessageSendsItsFieldsAndOmitsAnUnsetRecipient() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.json(201, Fixtures.messageJson(1)))) {
            Message message = stub.client().recordMessage("inb_1", RecordMessageParams.builder()
                    .from("alice@example.com").subject("Order #1042").text("Where is it?").build());

            StubServer.RecordedRequest request = stub.requests().get(0);
            assertThat(request.path()).isEqualTo("/v1/inboxes/inb_1/messages");
            assertThat(request.body()).isEqualTo(
                    "{\"from\":\"alice@example.com\",\"subject\":\"Order #1042\",\"text\":\"Where is it?\"}");
            assertThat(request.header("Idempotency-Key")).isNull();
            assertThat(message.inboxId()).isEqualTo("inb_1");
            assertThat(message.receivedAt()).isEqualTo(Instant.parse(Fixtures.CREATED_AT));
        }
    }

    @Test
    void idsAreEncodedAsOnePathSegmentAndBlankIdsRefused() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.noContent())) {
            InboxesClient client = stub.client();

            client.deleteInbox("a/b c?");

            assertThat(stub.requests().get(0).uri().getRawPath()).isEqualTo("/v1/inboxes/a%2Fb%20c%3F");
            assertThatThrownBy(() -> client.deleteInbox(" ")).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> client.listMessages(null)).isInstanceOf(IllegalArgumentException.class);
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void aBaseUrlPathPrefixAndTrailingSlashAreKept() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(Fixtures.inboxJson(1)))) {
            InboxesClient client = stub.clientBuilder().baseUrl(stub.baseUrl() + "/api/").build();

            client.getInbox("inb_1");

            assertThat(stub.requests().get(0).path()).isEqualTo("/api/v1/inboxes/inb_1");
        }
    }

    @Test
    void responsesMapToRecordsAndUnknownFieldsAreIgnored() throws Exception {
        String inbox = "{\"id\":\"inb_1\",\"address\":\"a@inboxes.test\",\"display_name\":\"Support bot\","
                + "\"created_at\":\"2026-11-29T21:48:33.123456Z\",\"added_later\":{\"x\":[1,2]}}";
        String page = "{\"data\":[" + inbox + "],\"cursor\":null,\"has_more\":false,\"total\":1,\"next\":\"new\"}";
        try (StubServer stub = StubServer.replying(StubReply.ok(page))) {
            Page<Inbox> result = stub.client().listInboxesPage(null);

            assertThat(result.data()).containsExactly(new Inbox("inb_1", "a@inboxes.test", "Support bot",
                    Instant.parse("2026-11-29T21:48:33.123456Z")));
            assertThat(result.total()).hasValue(1);
            assertThat(result.data().get(0).createdAt().getNano()).isEqualTo(123_456_000);
        }
    }

    @Test
    void aNullDisplayNameStaysNull() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(Fixtures.inboxJson(1)))) {
            assertThat(stub.client().getInbox("inb_1").displayName()).isNull();
        }
    }
}
