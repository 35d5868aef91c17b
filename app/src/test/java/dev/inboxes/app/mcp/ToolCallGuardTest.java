package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One argument check for every tool, over raw JSON-RPC as any host might send it: unknown names are tool
 * errors that list the real ones (and change nothing), and a malformed call is answered at once.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ToolCallGuardTest {

    String apiKey;
    Client client;
    String session;

    @BeforeEach
    void connect() throws Exception {
        apiKey = Api.newAccount();
        client = new Client(apiKey);
        session = client.mcpSession(Api.baseUrl());
    }

    private JsonNode call(String params) throws Exception {
        return call(params, 200);
    }

    private JsonNode call(String params, int status) throws Exception {
        HttpResponse<String> response = client.mcp(Api.baseUrl(),
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":" + params + "}", session);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        String body = response.body();
        // A tool call may be answered as a JSON body or as one server-sent event.
        String json = body.startsWith("{") ? body : body.substring(body.indexOf("data:") + 5).trim();
        return Client.JSON.readTree(json);
    }

    private static String text(JsonNode response) {
        return response.at("/result/content/0/text").asText();
    }

    @ParameterizedTest
    @ValueSource(strings = {"list_inboxes", "get_inbox", "create_inbox", "delete_inbox", "delete_inboxes",
            "list_messages"})
    void everyToolRefusesAnArgumentItDoesNotHaveAndNamesItsOwn(String tool) throws Exception {
        JsonNode response = call("{\"name\":\"" + tool + "\",\"arguments\":{\"bogus_argument\":\"x\"}}");

        assertThat(response.at("/result/isError").asBoolean()).as(response.toString()).isTrue();
        assertThat(text(response)).startsWith("Unknown argument 'bogus_argument' for " + tool + ".")
                .contains("Call it again with only those.");
    }

    @Test
    void aMisspelledArgumentCreatesNothingAndDeletesNothing() throws Exception {
        String inboxId = Api.createInbox(apiKey, Map.of());

        JsonNode create = call("{\"name\":\"create_inbox\",\"arguments\":{\"usernme\":\"x\"}}");
        JsonNode delete = call("{\"name\":\"delete_inbox\",\"arguments\":{\"inbox_id\":\"" + inboxId
                + "\",\"confirm\":true}}");

        assertThat(text(create)).contains("Its arguments are: username, display_name.");
        assertThat(text(delete)).contains("Unknown argument 'confirm'", "inbox_id");
        assertThat(Api.as(apiKey).get("/v1/inboxes").<Integer>path("total")).isEqualTo(1);
    }

    @Test
    void aHugeUnknownArgumentNameIsNotEchoedWhole() throws Exception {
        JsonNode response = call("{\"name\":\"list_inboxes\",\"arguments\":{\"" + "x".repeat(20_000) + "\":1}}");

        assertThat(text(response)).hasSizeLessThan(400).contains("…'");
        // Longer names than JSON parsing allows at all are a parse error, answered just as promptly.
        JsonNode tooLong = call("{\"name\":\"list_inboxes\",\"arguments\":{\"" + "x".repeat(60_000) + "\":1}}", 400);
        assertThat(tooLong.at("/error/code").asInt()).as(tooLong.toString()).isEqualTo(-32700);
    }

    /** Hosts send integers in many JSON forms; each integral one is the integer. */
    @ParameterizedTest
    @ValueSource(strings = {"2", "2.0", "\"2\"", "\" 2 \"", "2e0", "0.2e1", "\"2.00\"", "\"2E0\""})
    void anIntegralLimitInAnyJsonFormIsThatInteger(String limit) throws Exception {
        for (int i = 0; i < 3; i++) {
            Api.createInbox(apiKey, Map.of());
        }

        JsonNode response = call("{\"name\":\"list_inboxes\",\"arguments\":{\"limit\":" + limit + "}}");

        assertThat(response.at("/result/isError").asBoolean()).as(response.toString()).isFalse();
        assertThat(response.at("/result/structuredContent/data").size()).isEqualTo(2);
        assertThat(call("{\"name\":\"list_inboxes\",\"arguments\":{\"limit\":1e2}}").at("/result/isError").asBoolean())
                .as("1e2 is 100, the largest page").isFalse();
    }

    /** A value that is no integer in range is refused, quoting what the agent sent (not a rewritten form). */
    @ParameterizedTest
    @ValueSource(strings = {"2.5|got '2.5'", "\"2.5\"|got '2.5'", "1e3|got 1000", "\"1e3\"|got 1000", "101|got 101",
            "\"ten\"|got 'ten'", "true|got 'true'", "\"1e400\"|got '1e400'", "12345678901234567890|got '12345678901234567890'"})
    void anotherLimitIsRefusedWithTheValueSent(String limitAndReport) throws Exception {
        String[] parts = limitAndReport.split("\\|");

        JsonNode response = call("{\"name\":\"list_inboxes\",\"arguments\":{\"limit\":" + parts[0] + "}}");

        assertThat(response.at("/result/isError").asBoolean()).as(response.toString()).isTrue();
        assertThat(text(response)).startsWith("limit must be an integer from 1 to 100 (" + parts[1] + ").");
    }

    @Test
    void omittedArgumentsAreNoArguments() throws Exception {
        JsonNode response = call("{\"name\":\"list_inboxes\"}");

        assertThat(response.at("/result/isError").asBoolean()).isFalse();
        assertThat(response.at("/result/structuredContent/total").asLong()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"[\"list_inboxes\"]", "{\"arguments\":{}}", "{\"name\":42}",
            "{\"name\":\"list_inboxes\",\"arguments\":[1]}", "{\"name\":\"list_inboxes\",\"arguments\":\"limit=1\"}",
            "\"list_inboxes\""})
    void aMalformedCallIsAnInvalidParamsErrorAtOnce(String params) throws Exception {
        long started = System.nanoTime();
        JsonNode response = call(params);

        assertThat(response.at("/error/code").asInt()).as(response.toString()).isEqualTo(-32602);
        assertThat(response.at("/error/message").asText()).contains("params");
        assertThat(response.path("id").asInt()).isEqualTo(7);
        assertThat(System.nanoTime() - started).as("answered promptly").isLessThan(5_000_000_000L);
    }
}
