package dev.inboxes.app.inbox;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.YesterdaysFilter.TODAY;
import static dev.inboxes.app.support.YesterdaysFilter.YESTERDAY;
import static dev.inboxes.app.support.YesterdaysFilter.YESTERDAYS;
import static dev.inboxes.app.support.YesterdaysFilter.confirmedBy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.SqlSeed;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.mcp.testing.LosslessText;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.sdk.BulkDeleteInboxesParams;
import dev.inboxes.sdk.BulkDeletion;
import dev.inboxes.sdk.ConflictException;
import dev.inboxes.sdk.InboxesClient;
import dev.inboxes.sdk.ValidationException;
import io.agroal.api.AgroalDataSource;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkiverse.mcp.server.test.McpAssured.McpStreamableTestClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Deleting by filter with a safety catch, on REST, MCP and the SDK: a preview deletes nothing, its token deletes
 * exactly what it showed (in batches of a thousand), and any change in between refuses the deletion.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class BulkDeleteTest {

    private static final String PATH = "/v1/inboxes/bulk-delete";

    @Inject
    AgroalDataSource database;

    String apiKey;
    String accountId;
    String todaysInbox;

    @BeforeEach
    void account() {
        apiKey = Api.newAccount();
        todaysInbox = Api.createInbox(apiKey, Map.of("display_name", "Created today"));
        accountId = SqlSeed.accountOf(database, todaysInbox);
    }

    /** {@code count} inboxes created yesterday, a second apart. */
    private List<String> yesterdays(int count) {
        return SqlSeed.inboxes(database, accountId, count, YESTERDAY.plusSeconds(60), 1_000_000, i -> "Yesterday " + i);
    }

    private static JsonNode json(Response response, int status) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
        try {
            return Client.JSON.readTree(response.asString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode bulkDelete(Map<String, Object> body) {
        return json(as(apiKey).contentType(ContentType.JSON).body(body).post(PATH), 200);
    }

    private long total() {
        return as(apiKey).get("/v1/inboxes?limit=1").<Integer>path("total");
    }

    @Test
    void aPreviewDeletesNothingAndTheTokenDeletesInBatchesOfAThousand() {
        List<String> matching = yesterdays(InboxService.BULK_DELETE_MAX + 50);
        String withMail = matching.get(matching.size() - 1);
        Api.recordMessage(apiKey, withMail, "Invoice", "Due tomorrow");

        JsonNode preview = bulkDelete(YESTERDAYS);
        assertThat(preview.path("matched").asLong()).isEqualTo(1_050);
        assertThat(preview.path("deleted").asLong()).isZero();
        assertThat(preview.path("remaining").asLong()).isEqualTo(1_050);
        assertThat(preview.path("has_more").asBoolean()).isTrue();
        assertThat(preview.path("sample")).hasSize(InboxService.BULK_DELETE_SAMPLE);
        assertThat(preview.at("/sample/0/id").asText()).as("newest first").isEqualTo(withMail);
        assertThat(total()).as("a preview deletes nothing").isEqualTo(1_051);

        Map<String, Object> confirmed = confirmedBy(preview.path("confirm_token").asText());
        JsonNode first = bulkDelete(confirmed);
        assertThat(first.path("matched").asLong()).isEqualTo(1_050);
        assertThat(first.path("deleted").asLong()).isEqualTo(InboxService.BULK_DELETE_MAX);
        assertThat(first.path("remaining").asLong()).isEqualTo(50);
        assertThat(first.path("has_more").asBoolean()).isTrue();
        assertThat(total()).isEqualTo(51);

        confirmed.put("confirm_token", first.path("confirm_token").asText());
        JsonNode second = bulkDelete(confirmed);
        assertThat(second.path("deleted").asLong()).isEqualTo(50);
        assertThat(second.path("has_more").asBoolean()).isFalse();
        assertThat(second.path("confirm_token").isNull()).isTrue();
        assertThat(second.path("sample")).isEmpty();

        assertThat(total()).isEqualTo(1);
        as(apiKey).get("/v1/inboxes/" + todaysInbox).then().statusCode(200);
        Api.assertProblem(as(apiKey).get("/v1/inboxes/" + withMail + "/messages"), 404, "not-found");
    }

    @Test
    void aTokenIsRefusedWhenTheMatchesChangedAndNothingIsDeleted() {
        yesterdays(3);
        String token = bulkDelete(YESTERDAYS).path("confirm_token").asText();
        yesterdays(1);

        Map<String, Object> confirmed = confirmedBy(token);
        String detail = Api.assertProblem(as(apiKey).contentType(ContentType.JSON).body(confirmed).post(PATH), 409,
                "matches-changed");

        assertThat(detail).contains("it confirmed 3, 4 match now", "without confirm_token");
        assertThat(total()).isEqualTo(5);
    }

    @Test
    void aTokenIsBoundToItsFiltersAndItsAccountAndCannotBeForged() {
        yesterdays(3);
        String token = bulkDelete(YESTERDAYS).path("confirm_token").asText();
        String otherKey = Api.newAccount();

        Map<String, Object> otherFilter = Map.of("created_after", YESTERDAY.toString(), "confirm_token", token);
        assertThat(Api.assertProblem(as(apiKey).contentType(ContentType.JSON).body(otherFilter).post(PATH), 400,
                "invalid-request")).contains("other filters");
        Map<String, Object> same = confirmedBy(token);
        assertThat(Api.assertProblem(as(otherKey).contentType(ContentType.JSON).body(same).post(PATH), 400,
                "invalid-request")).contains("other filters");
        same.put("confirm_token", token.substring(0, token.length() - 2) + (token.endsWith("A") ? "BB" : "AA"));
        assertThat(Api.assertProblem(as(apiKey).contentType(ContentType.JSON).body(same).post(PATH), 400,
                "invalid-request")).contains("malformed or was altered");
        String cursor = as(apiKey).queryParams(YESTERDAYS).get("/v1/inboxes?limit=1").path("cursor");
        same.put("confirm_token", cursor);
        assertThat(Api.assertProblem(as(apiKey).contentType(ContentType.JSON).body(same).post(PATH), 400,
                "invalid-request")).as("a list cursor is no confirmation").contains("confirm_token");

        assertThat(total()).isEqualTo(4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"qq\":\"x\"}", "{\"q\":42}", "{\"created_after\":\"yesterday\"}", "[]", "\"q\"",
            "{\"q\":\"a\\u0000b\"}", "{\"confirm_token\":[\"x\"]}", "{\"q\":\"a b c d e f g h i\"}",
            "{\"created_after\":\"2026-11-29T00:00:00Z\",\"created_before\":\"2026-11-28T00:00:00Z\"}"})
    void badBodiesAreRefusedAndDeleteNothing(String body) {
        yesterdays(2);

        Api.assertProblem(as(apiKey).contentType(ContentType.JSON).body(body).post(PATH), 400, "invalid-request");
        assertThat(total()).isEqualTo(3);
    }

    @Test
    void withoutAnApiKeyNothingIsPreviewedOrDeleted() {
        Api.assertProblem(io.restassured.RestAssured.given().contentType(ContentType.JSON).body("{}").post(PATH), 401,
                "unauthorized");
    }

    @Test
    void anAgentPreviewsAsksAndDeletes() {
        yesterdays(4);
        McpStreamableTestClient agent = McpAssured.newStreamableClient().setBaseUri(URI.create(Api.baseUrl() + "/"))
                .setAdditionalHeaders(message -> MultiMap.caseInsensitiveMultiMap().add("Authorization", "Bearer " + apiKey))
                .build().connect();
        try {
            String[] token = new String[1];
            call(agent, YESTERDAYS, response -> {
                JsonObject preview = structured(response);
                assertThat(preview.getLong("matched")).isEqualTo(4);
                assertThat(preview.getLong("deleted")).isZero();
                assertThat(preview.getJsonArray("sample")).hasSize(4);
                token[0] = preview.getString("confirm_token");
                LosslessText.assertCarries(text(response, 0), Client.JSON.valueToTree(preview.getMap()));
                assertThat(text(response, 0)).contains("sample[4]{id,address,display_name,created_at}:");
                assertThat(text(response, 1)).startsWith("Nothing deleted yet: 4 inboxes match")
                        .contains("Ask the user to confirm", "confirm_token");
            });
            assertThat(total()).isEqualTo(5);

            Map<String, Object> confirmed = confirmedBy(token[0]);
            call(agent, confirmed, response -> {
                assertThat(structured(response).getLong("deleted")).isEqualTo(4);
                assertThat(structured(response).getBoolean("has_more")).isFalse();
                assertThat(structured(response).containsKey("confirm_token")).isFalse();
                assertThat(text(response, 1)).isEqualTo("Deleted 4 inboxes with their messages; no match remains.");
            });
            assertThat(total()).isEqualTo(1);

            call(agent, confirmed, response -> {
                assertThat(response.isError()).isTrue();
                assertThat(text(response, 0)).contains("changed since the confirm_token was issued", "it confirmed 4, 0");
            });
            call(agent, Map.of("q", "no such words"), response -> {
                assertThat(structured(response).getLong("matched")).isZero();
                assertThat(text(response, 1)).contains("No inbox matches", "fewer or shorter words in q");
            });
        } finally {
            agent.disconnect();
        }
    }

    @Test
    void theSdkPreviewsThenDeletesEveryBatch() {
        yesterdays(InboxService.BULK_DELETE_MAX + 1);
        InboxesClient client = InboxesClient.builder().baseUrl(Api.baseUrl()).apiKey(apiKey).build();
        BulkDeleteInboxesParams yesterday = BulkDeleteInboxesParams.builder().createdAfter(YESTERDAY)
                .createdBefore(TODAY).build();

        BulkDeletion step = client.bulkDeleteInboxes(yesterday);
        assertThat(step.matched()).isEqualTo(1_001);
        assertThat(step.sample()).hasSize(InboxService.BULK_DELETE_SAMPLE);
        String previewToken = step.confirmToken();
        long deleted = 0;
        int calls = 1;
        while (step.hasMore()) {
            step = client.bulkDeleteInboxes(yesterday.confirmedBy(step.confirmToken()));
            deleted += step.deleted();
            calls++;
        }

        assertThat(deleted).isEqualTo(1_001);
        assertThat(calls).isEqualTo(3);
        assertThat(client.listInboxesPage(null).total()).hasValue(1);
        assertThatThrownBy(() -> client.bulkDeleteInboxes(yesterday.confirmedBy(previewToken)))
                .isInstanceOf(ConflictException.class).hasMessageContaining("changed");
        assertThatThrownBy(() -> client.bulkDeleteInboxes(yesterday.confirmedBy("garbage")))
                .isInstanceOf(ValidationException.class);
    }

    private static void call(McpStreamableTestClient agent, Map<String, Object> arguments, Consumer<ToolResponse> check) {
        agent.when().toolsCall("delete_inboxes", arguments, check).thenAssertResults();
    }

    private static JsonObject structured(ToolResponse response) {
        Object content = response.structuredContent();
        return content instanceof JsonObject json ? json : JsonObject.mapFrom(content);
    }

    private static String text(ToolResponse response, int block) {
        return ((TextContent) response.content().get(block)).text();
    }
}
