package dev.inboxes.app.inbox;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.RawHttp;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.Timestamps;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Input an attacker or a buggy client sends: always a clear 4xx problem, never a 5xx, never a changed store. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InboxHostileInputTest {

    String apiKey;
    String validCursor;

    @BeforeEach
    void accountWithThreeInboxes() {
        if (apiKey != null) {
            return;
        }
        apiKey = Api.newAccount();
        for (int i = 0; i < 3; i++) {
            Api.createInbox(apiKey, Map.of("display_name", "Hostile " + i));
        }
        validCursor = as(apiKey).queryParam("limit", 1).get("/v1/inboxes").then().statusCode(200)
                .extract().path("cursor");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "201", "-1", "abc", "1.5", "1e2", "99999999999", " ", "%00"})
    void limitsOutsideOneToTwoHundredAreRefused(String limit) {
        String detail = assertProblem(as(apiKey).queryParam("limit", limit).get("/v1/inboxes"), 400, "invalid-request");
        assertThat(detail).contains("limit must be an integer from 1 to 200").contains("Omit it");
    }

    @Test
    void theLimitBoundsThemselvesAreAccepted() {
        as(apiKey).queryParam("limit", 1).get("/v1/inboxes").then().statusCode(200);
        as(apiKey).queryParam("limit", 200).get("/v1/inboxes").then().statusCode(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "AAAA", "not a cursor!", "%%%", "AQ", "////", "\u0000"})
    void garbageCursorsAreInvalid(String cursor) {
        String detail = assertProblem(as(apiKey).queryParam("cursor", cursor).get("/v1/inboxes"), 400, "invalid-cursor");
        assertThat(detail).contains("start again without cursor");
    }

    @Test
    void everySingleCharacterChangeToACursorIsDetected() {
        for (int i = 0; i < validCursor.length(); i++) {
            char original = validCursor.charAt(i);
            String tampered = validCursor.substring(0, i) + (original == 'A' ? 'B' : 'A') + validCursor.substring(i + 1);
            Response response = as(apiKey).queryParam("cursor", tampered).get("/v1/inboxes");
            assertThat(response.statusCode()).as("position %d", i).isEqualTo(400);
            assertThat(response.<String>path("type")).endsWith("/invalid-cursor");
        }
    }

    @Test
    void truncatedExtendedAndHugeCursorsAreInvalid() {
        for (String cursor : List.of(validCursor.substring(0, validCursor.length() - 1), validCursor + "A",
                validCursor + "AAAA", validCursor.repeat(20), "A".repeat(3_000))) {
            assertProblem(as(apiKey).queryParam("cursor", cursor).get("/v1/inboxes"), 400, "invalid-cursor");
        }
    }

    @Test
    void aRequestLineBeyondTheServersLimitIsRefusedBeforeTheApp() throws Exception {
        // 4 KiB is the HTTP server's request-line limit; the answer is a 414, not a failure. Written from another
        // thread (RawHttp): the server answers and closes before the client has sent the whole line.
        RawHttp.Reply reply = RawHttp.send(RestAssured.port, "GET /v1/inboxes?cursor=" + "A".repeat(20_000)
                + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + apiKey + "\r\n\r\n");
        assertThat(reply.status()).isEqualTo(414);
    }

    @Test
    void aWellFormedCursorSignedWithAnotherSecretIsInvalid() {
        CursorCodec foreign = new CursorCodec(CursorKeys.of("another-secret-that-this-service-never-had", List.of()));
        String forged = foreign.encode(new Keyset(Instant.now(), "inb_00000000000000000000"),
                new QueryScope("inboxes", "acc_whatever", ""));
        String detail = assertProblem(as(apiKey).queryParam("cursor", forged).get("/v1/inboxes"), 400, "invalid-cursor");
        assertThat(detail).contains("no longer accepts");
    }

    @Test
    void aCursorUsedWithOtherFiltersIsAMismatch() {
        String detail = assertProblem(as(apiKey).queryParam("cursor", validCursor).queryParam("q", "hostile")
                .get("/v1/inboxes"), 400, "cursor-mismatch");
        assertThat(detail).contains("Repeat the request with exactly the filters").contains("without cursor");
    }

    @Test
    void aCursorUsedByAnotherAccountIsAMismatch() {
        assertProblem(as(Api.newAccount()).queryParam("cursor", validCursor).get("/v1/inboxes"), 400, "cursor-mismatch");
    }

    @ParameterizedTest
    @ValueSource(strings = {"yesterday", "2026-13-01T00:00:00Z", "2026-11-29", "2026-11-29T10:00:00",
            "2026-11-29T25:00:00Z", "1732912345", "2026-11-29T10:00:00 01:00"})
    void datesThatAreNotAcceptedAreRefusedSayingWhatIs(String date) {
        for (String parameter : List.of("created_after", "created_before")) {
            String detail = assertProblem(as(apiKey).queryParam(parameter, date).get("/v1/inboxes"), 400,
                    "invalid-request");
            assertThat(detail).startsWith(parameter + " must be " + Timestamps.ACCEPTED);
        }
    }

    @Test
    void aPlusSignDecodedAsASpaceGetsAHint() {
        String detail = assertProblem(as(apiKey).urlEncodingEnabled(false)
                .get("/v1/inboxes?created_after=2026-11-29T10:00:00+01:00"), 400, "invalid-request");
        assertThat(detail).contains("%2B");
    }

    @Test
    void anEmptyOrReversedTimeWindowIsRefused() {
        String detail = assertProblem(as(apiKey).queryParam("created_after", "2026-11-29T10:00:00Z")
                .queryParam("created_before", "2026-11-29T10:00:00Z").get("/v1/inboxes"), 400, "invalid-request");
        assertThat(detail).contains("must be earlier than created_before");
    }

    @Test
    void likeWildcardsInQAreTakenLiterally() {
        Api.createInbox(apiKey, Map.of("display_name", "100% real_name"));
        assertThat(as(apiKey).queryParam("q", "%").get("/v1/inboxes").jsonPath().getInt("total")).isEqualTo(1);
        assertThat(as(apiKey).queryParam("q", "_").get("/v1/inboxes").jsonPath().getInt("total")).isEqualTo(1);
        assertThat(as(apiKey).queryParam("q", "\\").get("/v1/inboxes").jsonPath().getInt("total")).isZero();
    }

    @Test
    void overlongOrControlCharacterQueriesAreRefused() {
        assertProblem(as(apiKey).queryParam("q", "x".repeat(201)).get("/v1/inboxes"), 400, "invalid-request");
        assertProblem(as(apiKey).queryParam("q", "a\u0000b").get("/v1/inboxes"), 400, "invalid-request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{", "{\"username\":", "[]", "\"alice\"", "42", "null null", "{\"username\":\"a\"}}"})
    void bodiesThatAreNotOneJsonObjectAreRefused(String body) {
        long before = total();
        Response response = as(apiKey).contentType(ContentType.JSON).body(body).post("/v1/inboxes");
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
        assertThat(response.<String>path("type")).matches(".*/(malformed-json|invalid-request)");
        assertThat(total()).isEqualTo(before);
    }

    @Test
    void wrongTypesAndUnknownFieldsAreRefusedByName() {
        assertThat(assertProblem(post("{\"username\":42}"), 400, "invalid-request")).contains("username must be a string");
        assertThat(assertProblem(post("{\"display_name\":{\"a\":1}}"), 400, "invalid-request"))
                .contains("display_name must be a string");
        assertThat(assertProblem(post("{\"displayName\":\"Alice\"}"), 400, "invalid-request"))
                .contains("Unknown field 'displayName'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "has space", "../etc", ".dot", "dot.", "a..b", "ünïcode", "a@b", "name\u0000"})
    void invalidUsernamesAreRefused(String username) {
        assertThat(assertProblem(post(Map.of("username", username)), 400, "invalid-request")).contains("username must be");
    }

    @Test
    void overlongUsernamesAndDisplayNamesAreRefused() {
        assertProblem(post(Map.of("username", "a".repeat(65))), 400, "invalid-request");
        assertProblem(post(Map.of("display_name", "d".repeat(257))), 400, "invalid-request");
        assertProblem(post(Map.of("display_name", "   ")), 400, "invalid-request");
        assertProblem(post(Map.of("display_name", "line\nbreak")), 400, "invalid-request");
    }

    @Test
    void aBodyOverTheSizeLimitIsRefusedWithAProblemAndCreatesNothing() {
        long before = total();
        String detail = assertProblem(post(Map.of("display_name", "d".repeat(1_100_000))), 413, "payload-too-large");
        assertThat(detail).contains("at most 1048576 bytes");
        assertThat(total()).isEqualTo(before);
        as(apiKey).get("/v1/inboxes").then().statusCode(200); // and the server goes on serving
    }

    @Test
    void aBodyThatIsNotJsonIsAnUnsupportedMediaType() {
        assertProblem(as(apiKey).contentType(ContentType.TEXT).body("username=alice").post("/v1/inboxes"), 415,
                "unsupported-media-type");
    }

    @ParameterizedTest
    @ValueSource(strings = {"has space", "\u00e9t\u00e9"})
    void invalidIdempotencyKeysAreRefused(String key) {
        assertProblem(as(apiKey).header("Idempotency-Key", key).contentType(ContentType.JSON).body("{}")
                .post("/v1/inboxes"), 400, "invalid-request");
        assertProblem(as(apiKey).header("Idempotency-Key", "k".repeat(256)).contentType(ContentType.JSON).body("{}")
                .post("/v1/inboxes"), 400, "invalid-request");
    }

    @Test
    void unknownIdsAndRoutesAreNotFoundProblems() {
        assertProblem(as(apiKey).get("/v1/inboxes/inb_00000000000000000000"), 404, "not-found");
        assertProblem(as(apiKey).get("/v1/inboxes/" + "x".repeat(2_000)), 404, "not-found");
        assertProblem(as(apiKey).get("/v1/inboxes/%00"), 404, "not-found");
        assertProblem(as(apiKey).delete("/v1/inboxes/inb_00000000000000000000"), 404, "not-found");
        assertProblem(as(apiKey).get("/v1/nothing-here"), 404, "not-found");
        assertProblem(as(apiKey).put("/v1/inboxes"), 405, "method-not-allowed");
    }

    private long total() {
        return as(apiKey).get("/v1/inboxes").jsonPath().getLong("total");
    }

    private Response post(Object body) {
        return as(apiKey).contentType(ContentType.JSON).body(body).post("/v1/inboxes");
    }
}
