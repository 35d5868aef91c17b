package dev.inboxes.app.hostile;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.RawHttp;
import io.restassured.RestAssured;
import dev.inboxes.app.support.Client;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values no store can hold, on every surface: ids of the wrong shape (NUL bytes included), timestamps outside
 * PostgreSQL's and the cursors' range, unpaired surrogates and malformed UTF-8. Each is a 404 or 400 problem over
 * REST and a tool error over MCP that says what is wrong, never a 5xx, and nothing is stored changed.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest {

    private static final String EARLIEST = "-4713-11-24T00:00:00Z";
    private static final String LATEST = "+294246-12-31T23:59:59.999999Z";
    private static final String RANGE = "between " + EARLIEST + " and " + LATEST;

    String apiKey;
    String inboxId;
    Client client;
    String session;

    @BeforeEach
    void accountWithAnInbox() throws Exception {
        if (apiKey != null) {
            return;
        }
        apiKey = Api.newAccount();
        inboxId = Api.createInbox(apiKey, Map.of("display_name", "Bad input"));
        client = new Client(apiKey);
        session = client.mcpSession(Api.baseUrl());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a%00b", "%00", "inb_0000000000000000000%00", "inb_%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F%10%11%12%13%14",
            "inb_00000000000000000000x", "inb_0000000000000000000", "msg_00000000000000000000", "inb_000000000000000000%C3%A9",
            "%E2%80%AE", "inb_00000000000000000%ED%A0%80"})
    void idsOfTheWrongShapeAreUnknownOnEveryInboxRoute(String rawId) {
        String path = "/v1/inboxes/" + rawId;
        for (Response response : List.of(as(apiKey).urlEncodingEnabled(false).get(path),
                as(apiKey).urlEncodingEnabled(false).delete(path),
                as(apiKey).urlEncodingEnabled(false).get(path + "/messages"),
                as(apiKey).urlEncodingEnabled(false).contentType(ContentType.JSON)
                        .body("{\"from\":\"a@b.c\",\"subject\":\"s\",\"text\":\"t\"}").post(path + "/messages"))) {
            String detail = assertProblem(response, 404, "not-found");
            assertThat(detail).contains("No inbox with id").doesNotContain("\u0000");
        }
        as(apiKey).get("/v1/inboxes/" + inboxId).then().statusCode(200);
    }

    @Test
    void aHugeIdIsNotEchoedWhole() throws Exception {
        String huge = "inb_" + "x".repeat(600_000);
        for (String tool : List.of("get_inbox", "delete_inbox", "list_messages")) {
            JsonNode result = call(tool, "{\"inbox_id\":\"" + huge + "\"}");
            assertThat(result.at("/result/isError").asBoolean()).as(result.toString()).isTrue();
            assertThat(text(result)).contains("No inbox with id").hasSizeLessThan(300);
        }
        // Over REST the request line is the limit: 414 before the app.
        assertThat(RawHttp.send(RestAssured.port, "GET /v1/inboxes/" + "x".repeat(8_000) + " HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer " + apiKey + "\r\n\r\n").status()).isEqualTo(414);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-5000-01-01T00:00:00Z", "-4713-11-23T23:59:59.999999Z", "+294277-01-01T00:00:00Z",
            "+294247-01-01T00:00:00Z", "+999999999-12-31T23:59:59Z", "-999999999-01-01T00:00:00Z"})
    void timestampsOutsideTheStoredRangeAreRefusedNamingTheRange(String at) throws Exception {
        for (String parameter : List.of("created_after", "created_before")) {
            String detail = assertProblem(as(apiKey).queryParam(parameter, at).get("/v1/inboxes"), 400, "invalid-request");
            assertThat(detail).contains(parameter + " must be " + RANGE);

            JsonNode result = call("list_inboxes", "{\"" + parameter + "\":\"" + at + "\"}");
            assertThat(result.at("/result/isError").asBoolean()).as(result.toString()).isTrue();
            assertThat(text(result)).contains(parameter + " must be " + RANGE);
        }
    }

    @Test
    void theEdgesOfTheRangeAreAccepted() {
        String oneInbox = Api.newAccount();
        Api.createInbox(oneInbox, Map.of());
        assertThat(Api.page(as(oneInbox).queryParam("created_after", EARLIEST).get("/v1/inboxes")).path("total").asLong())
                .isEqualTo(1);
        assertThat(Api.page(as(oneInbox).queryParam("created_before", LATEST).get("/v1/inboxes")).path("total").asLong())
                .isEqualTo(1);
        assertThat(Api.page(as(oneInbox).queryParam("created_after", LATEST).get("/v1/inboxes")).path("total").asLong())
                .isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"display_name", "username"})
    void anUnpairedSurrogateInAnInboxFieldIsRefusedAndCreatesNothing(String field) throws Exception {
        long before = total();
        String body = "{\"" + field + "\":\"a\\ud800b\"}";

        Response response = as(apiKey).contentType(ContentType.JSON).body(body).post("/v1/inboxes");

        assertThat(assertProblem(response, 400, "invalid-request")).contains(field);
        JsonNode result = call("create_inbox", body);
        assertThat(result.at("/result/isError").asBoolean()).as(result.toString()).isTrue();
        assertThat(text(result)).contains(field);
        assertThat(total()).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"from", "to", "subject", "text"})
    void anUnpairedSurrogateInAMessageFieldIsRefusedAndRecordsNothing(String field) {
        Map<String, String> valid = Map.of("from", "alice@example.com", "to", "bot@inboxes.test", "subject", "Hello",
                "text", "Hi");
        StringBuilder body = new StringBuilder("{");
        valid.forEach((name, value) -> body.append('"').append(name).append("\":\"")
                .append(name.equals(field) ? "x\\udc00" + value : value).append("\","));
        body.setCharAt(body.length() - 1, '}');

        Response response = as(apiKey).contentType(ContentType.JSON).body(body.toString())
                .post("/v1/inboxes/" + inboxId + "/messages");

        assertThat(assertProblem(response, 400, "invalid-request")).contains(field + " is not valid Unicode");
        assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages").jsonPath().getInt("total")).isZero();
    }

    @Test
    void anUnpairedSurrogateInAFilterIsRefused() throws Exception {
        JsonNode result = call("list_inboxes", "{\"q\":\"\\ud83d\"}");
        assertThat(result.at("/result/isError").asBoolean()).as(result.toString()).isTrue();
        assertThat(text(result)).contains("q is not valid Unicode");
    }

    @Test
    void wellFormedTextBeyondTheBasicPlaneIsStoredExactlyAndReplaysTheSame() {
        String key = UUID.randomUUID().toString();
        String body = "{\"display_name\":\"Mail \\ud83d\\udcec \\ud834\\udd1e\"}";

        Response first = as(apiKey).header("Idempotency-Key", key).contentType(ContentType.JSON).body(body)
                .post("/v1/inboxes");
        Response replay = as(apiKey).header("Idempotency-Key", key).contentType(ContentType.JSON).body(body)
                .post("/v1/inboxes");

        assertThat(first.statusCode()).as(first.asString()).isEqualTo(201);
        assertThat(first.<String>path("display_name")).isEqualTo("Mail 📬 𝄞");
        assertThat(replay.asString()).isEqualTo(first.asString());
        assertThat(as(apiKey).get("/v1/inboxes/" + first.path("id")).<String>path("display_name")).isEqualTo("Mail 📬 𝄞");
    }

    @Test
    void anIdempotentReplayOfARefusedBodyIsRefusedTheSame() {
        String key = UUID.randomUUID().toString();
        String body = "{\"display_name\":\"a\\ud800b\"}";

        Response first = as(apiKey).header("Idempotency-Key", key).contentType(ContentType.JSON).body(body).post("/v1/inboxes");
        Response replay = as(apiKey).header("Idempotency-Key", key).contentType(ContentType.JSON).body(body).post("/v1/inboxes");

        assertThat(first.statusCode()).isEqualTo(400);
        assertThat(replay.asString()).isEqualTo(first.asString());
    }

    /** A stray byte, a truncated sequence, an encoded surrogate, beyond U+10FFFF, an overlong '/'. */
    @ParameterizedTest
    @ValueSource(strings = {"ff", "c328", "eda080", "f4908080", "c0af"})
    void aBodyThatIsNotUtf8IsRefusedNotRepaired(String hexBytes) {
        long before = total();
        byte[] prefix = "{\"display_name\":\"a".getBytes(StandardCharsets.US_ASCII);
        byte[] bad = java.util.HexFormat.of().parseHex(hexBytes);
        byte[] suffix = "b\"}".getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[prefix.length + bad.length + suffix.length];
        System.arraycopy(prefix, 0, body, 0, prefix.length);
        System.arraycopy(bad, 0, body, prefix.length, bad.length);
        System.arraycopy(suffix, 0, body, prefix.length + bad.length, suffix.length);

        Response response = as(apiKey).contentType("application/json").body(body).post("/v1/inboxes");

        assertThat(assertProblem(response, 400, "malformed-json")).contains("UTF-8");
        assertThat(total()).isEqualTo(before);
    }

    @Test
    void unknownFieldAndArgumentNamesAreNotEchoedWhole() throws Exception {
        String name = "n".repeat(10_000) + "\u0000";
        String detail = assertProblem(as(apiKey).contentType(ContentType.JSON).body("{\"" + "n".repeat(10_000)
                + "\\u0000\":1}").post("/v1/inboxes"), 400, "invalid-request");
        assertThat(detail).hasSizeLessThan(400).doesNotContain(name);
        JsonNode unknownTool = call("t".repeat(20_000), "{}");
        assertThat(unknownTool.at("/error/code").asInt()).as(unknownTool.toString()).isEqualTo(-32602);
        assertThat(unknownTool.at("/error/message").asText()).hasSizeLessThan(300).contains("tools/list");
    }

    private long total() {
        return as(apiKey).get("/v1/inboxes").jsonPath().getLong("total");
    }

    private JsonNode call(String tool, String arguments) throws Exception {
        var response = client.mcp(Api.baseUrl(), "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}}", session);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        String body = response.body();
        return Client.JSON.readTree(body.startsWith("{") ? body : body.substring(body.indexOf("data:") + 5).trim());
    }

    private static String text(JsonNode result) {
        return result.at("/result/content/0/text").asText();
    }
}
