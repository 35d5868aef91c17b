package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every problem type and status maps to its typed exception, with the server's detail in the message. */
@Timeout(60) // a hang fails; a loaded machine does not
class ErrorMappingTest {

    static Stream<Arguments> problems() {
        return Stream.of(
                Arguments.of(400, "invalid-request", ValidationException.class),
                Arguments.of(400, "malformed-json", ValidationException.class),
                Arguments.of(400, "invalid-cursor", InvalidCursorException.class),
                Arguments.of(400, "cursor-mismatch", CursorMismatchException.class),
                Arguments.of(401, "unauthorized", AuthenticationException.class),
                Arguments.of(404, "not-found", NotFoundException.class),
                Arguments.of(405, "method-not-allowed", ValidationException.class),
                Arguments.of(406, "not-acceptable", ValidationException.class),
                Arguments.of(409, "address-taken", ConflictException.class),
                Arguments.of(415, "unsupported-media-type", ValidationException.class),
                Arguments.of(422, "idempotency-key-reused", ConflictException.class),
                Arguments.of(500, "internal-error", ServerException.class),
                Arguments.of(503, "unavailable", ServerException.class));
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @MethodSource("problems")
    void aProblemMapsToItsException(int status, String slug, Class<? extends InboxesException> expected)
            throws Exception {
        String detail = "Detail for " + slug + ": do this next.";
        try (StubServer stub = StubServer.replying(StubReply.problem(status, slug, "Title " + slug, detail))) {
            InboxesClient client = stub.clientBuilder().maxRetries(0).build();

            InboxesException e = catchThrowableOfType(InboxesException.class, () -> client.getInbox("inb_1"));

            assertThat(e).isExactlyInstanceOf(expected);
            assertThat(e.statusCode()).isEqualTo(status);
            assertThat(e.problemType()).isEqualTo("https://inboxes.dev/problems/" + slug);
            assertThat(e.title()).isEqualTo("Title " + slug);
            assertThat(e.detail()).isEqualTo(detail);
            assertThat(e.getMessage()).contains(detail).contains(String.valueOf(status));
            assertThat(e.requestMethod()).isEqualTo("GET");
            assertThat(e.requestUri().getPath()).isEqualTo("/v1/inboxes/inb_1");
        }
    }

    @Test
    void cursorProblemsAreValidationExceptions() {
        assertThat(ValidationException.class).isAssignableFrom(InvalidCursorException.class);
        assertThat(ValidationException.class).isAssignableFrom(CursorMismatchException.class);
    }

    @Test
    void aNonJsonBadGatewayPageIsAServerException() throws Exception {
        String html = "<html><body><h1>502 Bad Gateway</h1></body></html>";
        try (StubServer stub = StubServer.replying(StubReply.text(502, "text/html", html))) {
            InboxesClient client = stub.clientBuilder().maxRetries(1).build();

            ServerException e = catchThrowableOfType(ServerException.class, client::listInboxes);

            assertThat(e.statusCode()).isEqualTo(502);
            assertThat(e.problemType()).isNull();
            assertThat(e.title()).isEqualTo("Bad gateway");
            assertThat(e.detail()).contains("not a problem document").contains("502 Bad Gateway");
            assertThat(stub.requests()).hasSize(2); // 502 is retried like 503
        }
    }

    @Test
    void aPlainTextUriTooLongIsAValidationException() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.text(414, "text/plain", "URI Too Long"))) {
            ValidationException e = catchThrowableOfType(ValidationException.class,
                    () -> stub.client().iterateInboxes(ListInboxesParams.builder().q("x".repeat(100)).build()).toList());

            assertThat(e.statusCode()).isEqualTo(414);
            assertThat(e.getMessage()).contains("URI Too Long");
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void aJsonBodyThatIsNotAProblemStillMapsByStatus() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.json(404, "{\"error\":\"no route\"}"))) {
            NotFoundException e = catchThrowableOfType(NotFoundException.class, () -> stub.client().getInbox("x"));

            assertThat(e.detail()).contains("{\"error\":\"no route\"}");
        }
    }

    @Test
    void anEmptyServerErrorIsAServerException() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.text(500, null, ""))) {
            ServerException e = catchThrowableOfType(ServerException.class, () -> stub.client().deleteInbox("x"));

            assertThat(e.detail()).contains("(empty body)");
            assertThat(e.requestMethod()).isEqualTo("DELETE");
            assertThat(stub.requests()).hasSize(1); // 500 is not retried
        }
    }

    @Test
    void forbiddenIsAnAuthenticationException() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.text(403, "text/plain", "Forbidden"))) {
            catchThrowableOfType(AuthenticationException.class, () -> stub.client().getInbox("x"));
        }
    }

    @Test
    void tooManyRequestsWithALongerWaitThanTheClientAllowsIsRateLimitedAtOnce() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.text(429, "text/plain", "slow down")
                .withHeader("Retry-After", "7"))) {
            RateLimitedException e = catchThrowableOfType(RateLimitedException.class,
                    () -> stub.client().getInbox("x"));

            assertThat(e.retryAfter()).contains(Duration.ofSeconds(7));
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void anUnreadableSuccessBodyIsAnInboxesException() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.text(200, "text/html", "<html>Sign in to Wi-Fi</html>"))) {
            InboxesException e = catchThrowableOfType(InboxesException.class, () -> stub.client().getInbox("x"));

            assertThat(e).isExactlyInstanceOf(InboxesException.class);
            assertThat(e.statusCode()).isEqualTo(200);
            assertThat(e.getMessage()).contains("Expected a Inbox as JSON");
        }
    }
}
