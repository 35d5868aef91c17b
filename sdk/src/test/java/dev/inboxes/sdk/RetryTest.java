package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Idempotent calls retry transient failures with backoff; everything else fails on the first answer. */
@Timeout(60) // a hang fails; a loaded machine does not
class RetryTest {

    private static final StubReply INBOX = StubReply.json(201, Fixtures.inboxJson(1));

    @Test
    void twoUnavailableThenSuccessSucceedsOnTheThirdAttempt() throws Exception {
        RecordingListener listener = new RecordingListener();
        try (StubServer stub = StubServer.replying(StubReply.unavailable(), StubReply.unavailable(),
                StubReply.ok(Fixtures.inboxJson(1)))) {
            Inbox inbox = stub.clientBuilder().requestListener(listener).build().getInbox("inb_1");

            assertThat(inbox.id()).isEqualTo("inb_1");
            assertThat(stub.requests()).hasSize(3);
            assertThat(listener.statuses()).containsExactly(503, 503, 200);
            assertThat(listener.attempts()).allSatisfy(attempt -> {
                assertThat(attempt.method()).isEqualTo("GET");
                assertThat(attempt.uri().getPath()).isEqualTo("/v1/inboxes/inb_1");
                assertThat(attempt.duration()).isPositive();
            });
        }
    }

    @Test
    void retryAfterZeroIsHonouredInsteadOfTheBackoff() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.unavailable(), StubReply.unavailable(),
                StubReply.ok(Fixtures.inboxJson(1)))) {
            InboxesClient client = stub.clientBuilder()
                    .initialBackoff(Duration.ofSeconds(20)).maxBackoff(Duration.ofSeconds(20)).build();

            long start = System.nanoTime();
            client.getInbox("inb_1");

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
            assertThat(stub.requests()).hasSize(3);
        }
    }

    @Test
    void aLongRetryAfterIsCappedAtTheMaxBackoff() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.unavailable().withHeader("Retry-After", "3600"),
                StubReply.ok(Fixtures.inboxJson(1)))) {
            long start = System.nanoTime();
            stub.client().getInbox("inb_1"); // maxBackoff is 5 ms in the stub's builder

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
        }
    }

    @Test
    void unavailableForeverIsAServerExceptionAfterMaxRetriesPlusOneAttempts() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.unavailable())) {
            InboxesClient client = stub.clientBuilder().maxRetries(3).build();

            ServerException e = catchThrowableOfType(ServerException.class, client::listInboxes);

            assertThat(e.statusCode()).isEqualTo(503);
            assertThat(e.getMessage()).contains("The database is unavailable right now.");
            assertThat(stub.requests()).hasSize(4);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {502, 504})
    void gatewayErrorsAreRetriedToo(int status) throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.text(status, "text/plain", "gateway"),
                StubReply.noContent())) {
            stub.client().deleteInbox("inb_1");

            assertThat(stub.requests()).hasSize(2).allSatisfy(r -> assertThat(r.method()).isEqualTo("DELETE"));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 401, 404, 409, 422, 500})
    void otherErrorsAreNeverRetried(int status) throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.problem(status, "x", "X", "no retry"))) {
            assertThatThrownBy(() -> stub.client().createInbox()).isInstanceOf(InboxesException.class);

            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void recordMessageIsNeverRetriedOnUnavailable() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.unavailable(),
                StubReply.json(201, Fixtures.messageJson(1)))) {
            RecordMessageParams message = RecordMessageParams.builder()
                    .from("alice@example.com").subject("Hi").text("Hello").build();

            assertThatThrownBy(() -> stub.client().recordMessage("inb_1", message))
                    .isInstanceOf(ServerException.class);
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void createInboxRetriesWithTheSameIdempotencyKeyAndANewKeyPerCall() throws Exception {
        // Attempts 1-2 of each call fail, attempt 3 succeeds.
        try (StubServer stub = StubServer.start(
                request -> request.index() % 3 == 2 ? INBOX : StubReply.unavailable())) {
            InboxesClient client = stub.client();

            client.createInbox();
            client.createInbox(CreateInboxParams.builder().displayName("Support bot").build());

            var keys = stub.requests().stream().map(request -> request.header("Idempotency-Key")).toList();
            assertThat(keys).hasSize(6).doesNotContainNull();
            assertThat(keys.subList(0, 3)).containsOnly(keys.get(0));
            assertThat(keys.subList(3, 6)).containsOnly(keys.get(3));
            assertThat(keys.get(0)).isNotEqualTo(keys.get(3)).matches("[0-9a-f-]{36}");
        }
    }

    @Test
    void createInboxSendsTheCallersIdempotencyKeyOnEveryAttempt() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.unavailable(), INBOX)) {
            stub.client().createInbox(CreateInboxParams.builder().idempotencyKey("create-support-1").build());

            assertThat(stub.requests()).extracting(request -> request.header("Idempotency-Key"))
                    .containsExactly("create-support-1", "create-support-1");
        }
    }

    @Test
    void aRetryThatFindsTheFirstAttemptStillInFlightAsksAgainWithTheSameKey() throws Exception {
        StubReply inFlight = StubReply.problem(409, "idempotency-key-in-flight", "Idempotency key in flight",
                "A request with this Idempotency-Key is still being handled.").withHeader("Retry-After", "0");
        try (StubServer stub = StubServer.replying(StubReply.unavailable(), inFlight, INBOX)) {
            Inbox inbox = stub.client().createInbox(CreateInboxParams.builder().idempotencyKey("k-1").build());

            assertThat(inbox.id()).isEqualTo("inb_1");
            assertThat(stub.requests()).extracting(request -> request.header("Idempotency-Key"))
                    .containsExactly("k-1", "k-1", "k-1");
        }
    }

    @Test
    void anotherConflictIsNotRetried() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.problem(409, "address-taken", "Address taken",
                "The address is taken."), INBOX)) {
            ConflictException e = catchThrowableOfType(ConflictException.class, () -> stub.client().createInbox());

            assertThat(e.statusCode()).isEqualTo(409);
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void createAccountIsNeverRetriedAndSendsNoKey() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.unavailable(),
                StubReply.json(201, "{\"id\":\"acc_1\",\"api_key\":\"sk_1\"}"))) {
            assertThatThrownBy(() -> InboxesClient.createAccount(stub.baseUrl()))
                    .isInstanceOf(ServerException.class);

            assertThat(stub.requests()).hasSize(1);
            assertThat(stub.requests().get(0).header("Authorization")).isNull();
        }
    }

    @Test
    void connectionRefusedIsAnApiConnectionExceptionAfterEveryRetry() throws Exception {
        RecordingListener listener = new RecordingListener();
        InboxesClient client = InboxesClient.builder().baseUrl("http://127.0.0.1:" + closedPort()).apiKey("sk_x")
                .maxRetries(2).initialBackoff(Duration.ofMillis(1)).maxBackoff(Duration.ofMillis(2))
                .requestListener(listener).build();

        ApiConnectionException e = catchThrowableOfType(ApiConnectionException.class, () -> client.getInbox("inb_1"));

        assertThat(e).hasCauseInstanceOf(IOException.class).hasMessageContaining("after 3 attempts");
        assertThat(e.statusCode()).isEqualTo(-1);
        assertThat(listener.statuses()).containsExactly(-1, -1, -1);
    }

    @Test
    void aFailedConnectionIsNotRetriedForRecordMessage() throws Exception {
        RecordingListener listener = new RecordingListener();
        InboxesClient client = InboxesClient.builder().baseUrl("http://127.0.0.1:" + closedPort()).apiKey("sk_x")
                .initialBackoff(Duration.ofMillis(1)).requestListener(listener).build();
        RecordMessageParams message = RecordMessageParams.builder().from("a@b.c").subject("").text("t").build();

        assertThatThrownBy(() -> client.recordMessage("inb_1", message)).isInstanceOf(ApiConnectionException.class);
        assertThat(listener.statuses()).containsExactly(-1);
    }

    @Test
    void aTimeoutIsRetriedThenAnApiConnectionException() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(Fixtures.inboxJson(1)).after(Duration.ofSeconds(3)))) {
            InboxesClient client = stub.clientBuilder().requestTimeout(Duration.ofMillis(200)).maxRetries(1).build();

            ApiConnectionException e = catchThrowableOfType(ApiConnectionException.class, () -> client.getInbox("x"));

            assertThat(e).hasCauseInstanceOf(HttpTimeoutException.class).hasMessageContaining("Timed out");
            assertThat(stub.requests()).hasSize(2);
        }
    }

    @Test
    void anInterruptIsAnApiConnectionExceptionAndTheFlagStaysSet() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.problem(503, "unavailable", "Unavailable", "later"))) {
            InboxesClient client = stub.clientBuilder().initialBackoff(Duration.ofSeconds(5))
                    .maxBackoff(Duration.ofSeconds(5)).build();
            Thread.currentThread().interrupt();
            try {
                assertThatThrownBy(client::listInboxes).isInstanceOf(ApiConnectionException.class)
                        .hasMessageContaining("Interrupted")
                        .hasCauseInstanceOf(InterruptedException.class);
                assertThat(Thread.currentThread().isInterrupted()).isTrue();
            } finally {
                Thread.interrupted(); // clear it for the next test
            }
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort(); // closed on return: connecting is refused
        }
    }

    private static StubReply rateLimited(String retryAfter) {
        StubReply reply = StubReply.problem(429, "rate-limited", "Too many requests", "slow down");
        return retryAfter == null ? reply : reply.withHeader("Retry-After", retryAfter);
    }

    @Test
    void aRateLimitedCallIsRetriedAfterRetryAfterEvenWhenItIsNotIdempotent() throws Exception {
        try (StubServer stub = StubServer.replying(rateLimited("1"), StubReply.json(201, Fixtures.messageJson(1)))) {
            InboxesClient client = stub.clientBuilder().maxBackoff(Duration.ofSeconds(2)).build();
            RecordMessageParams message = RecordMessageParams.builder().from("a@b.c").subject("s").text("t").build();

            long start = System.nanoTime();
            Message recorded = client.recordMessage("inb_1", message);

            assertThat(recorded).isNotNull();
            assertThat(stub.requests()).hasSize(2);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("waited for Retry-After")
                    .isGreaterThanOrEqualTo(Duration.ofMillis(950));
        }
    }

    @Test
    void rateLimitedRetriesAreBoundedByMaxRetries() throws Exception {
        try (StubServer stub = StubServer.replying(rateLimited("0"))) {
            InboxesClient client = stub.clientBuilder().maxRetries(2).build();

            RateLimitedException e = catchThrowableOfType(RateLimitedException.class, () -> client.getInbox("inb_1"));

            assertThat(e.retryAfter()).contains(Duration.ZERO);
            assertThat(stub.requests()).hasSize(3);
        }
    }

    @Test
    void aRetryAfterBeyondTheLongestWaitIsThrownAtOnce() throws Exception {
        try (StubServer stub = StubServer.replying(rateLimited("3600"))) {
            long start = System.nanoTime();
            RateLimitedException e = catchThrowableOfType(RateLimitedException.class, () -> stub.client().listInboxes());

            assertThat(e.retryAfter()).contains(Duration.ofHours(1));
            assertThat(stub.requests()).hasSize(1);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
        }
    }

    @Test
    void aRateLimitWithoutRetryAfterBacksOff() throws Exception {
        try (StubServer stub = StubServer.replying(rateLimited(null), StubReply.ok(Fixtures.inboxJson(1)))) {
            assertThat(stub.client().getInbox("inb_1").id()).isEqualTo("inb_1");
            assertThat(stub.requests()).hasSize(2);
        }
    }

    @Test
    void createApiKeyIsNotRetriedOnUnavailable() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.unavailable(),
                StubReply.json(201, "{\"id\":\"key_1\",\"api_key\":\"sk_1\",\"created_at\":\"" + Fixtures.CREATED_AT + "\"}"))) {
            assertThatThrownBy(() -> stub.client().createApiKey()).isInstanceOf(ServerException.class);
            assertThat(stub.requests()).hasSize(1);
        }
    }
}
