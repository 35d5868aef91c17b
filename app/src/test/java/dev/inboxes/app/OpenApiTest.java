package dev.inboxes.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.domain.shared.Timestamps;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The spec is what generated clients and their docs are made from: it must teach the paging protocol, declare
 * every status an operation can answer, and use only constructs every mainstream generator reads.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class OpenApiTest {

    private JsonPath spec;
    private JsonNode tree;

    @BeforeEach
    void fetchSpec() throws Exception {
        String document = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
        spec = JsonPath.from(document);
        tree = new ObjectMapper().readTree(document);
    }

    @Test
    void isOpenApi31WithASchemeNamedForBearerTokens() {
        assertThat(spec.getString("openapi")).startsWith("3.1");
        assertThat(spec.getMap("components.securitySchemes")).containsOnlyKeys("bearerAuth");
        assertThat(spec.getString("components.securitySchemes.bearerAuth.type")).isEqualTo("http");
        assertThat(spec.getString("components.securitySchemes.bearerAuth.scheme")).isEqualTo("bearer");
    }

    @Test
    void theServerIsRelativeByDefault() {
        assertThat(spec.getList("servers.url")).containsExactly("/");
    }

    /** Generated method and class names come from these: changing one breaks every generated client's code. */
    @Test
    void operationIdsAndTagsAreStable() {
        Map<String, String> operations = new TreeMap<>();
        Map<String, Map<String, Map<String, Object>>> paths = spec.getMap("paths");
        paths.forEach((path, item) -> item.forEach((method, operation) -> operations.put(
                method.toUpperCase() + " " + path, operation.get("operationId") + " " + operation.get("tags"))));

        assertThat(operations).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("POST /v1/accounts", "createAccount [Accounts]"),
                Map.entry("GET /v1/api-keys", "listApiKeys [API keys]"),
                Map.entry("POST /v1/api-keys", "createApiKey [API keys]"),
                Map.entry("DELETE /v1/api-keys/{key_id}", "deleteApiKey [API keys]"),
                Map.entry("GET /v1/inboxes", "listInboxes [Inboxes]"),
                Map.entry("POST /v1/inboxes", "createInbox [Inboxes]"),
                Map.entry("POST /v1/inboxes/bulk-delete", "bulkDeleteInboxes [Inboxes]"),
                Map.entry("GET /v1/inboxes/{inbox_id}", "getInbox [Inboxes]"),
                Map.entry("DELETE /v1/inboxes/{inbox_id}", "deleteInbox [Inboxes]"),
                Map.entry("POST /v1/inboxes/{inbox_id}/messages", "recordMessage [Messages]"),
                Map.entry("GET /v1/inboxes/{inbox_id}/messages", "listMessages [Messages]"),
                Map.entry("GET /v1/inboxes/{inbox_id}/messages/{message_id}", "getMessage [Messages]"),
                Map.entry("DELETE /v1/inboxes/{inbox_id}/messages/{message_id}", "deleteMessage [Messages]"),
                Map.entry("GET /v1/inboxes/{inbox_id}/messages/{message_id}/raw", "getRawMessage [Messages]"),
                Map.entry("GET /v1/inboxes/{inbox_id}/messages/{message_id}/attachments/{attachment_id}",
                        "downloadAttachment [Messages]"),
                Map.entry("GET /v1/inboxes/{inbox_id}/messages/wait", "waitForMessage [Messages]"),
                Map.entry("POST /v1/inboxes/{inbox_id}/messages/send", "sendMessage [Messages]"),
                Map.entry("POST /v1/inboxes/{inbox_id}/messages/{message_id}/reply", "replyToMessage [Messages]"),
                Map.entry("POST /v1/inboxes/{inbox_id}/messages/{message_id}/forward", "forwardMessage [Messages]"),
                Map.entry("GET /v1/domains", "listDomains [Domains]"),
                Map.entry("GET /v1/suppressions", "listSuppressions [Suppressions]"),
                Map.entry("DELETE /v1/suppressions/{address}", "deleteSuppression [Suppressions]"),
                Map.entry("GET /v1/inboxes/{inbox_id}/threads", "listThreads [Threads]"),
                Map.entry("GET /v1/inboxes/{inbox_id}/threads/{thread_id}/messages", "listThreadMessages [Threads]"),
                Map.entry("GET /v1/events", "listEvents [Events]"),
                Map.entry("GET /v1/events/stream", "streamEvents [Events]"),
                Map.entry("POST /v1/webhooks", "createWebhook [Webhooks]"),
                Map.entry("GET /v1/webhooks", "listWebhooks [Webhooks]"),
                Map.entry("GET /v1/webhooks/{webhook_id}", "getWebhook [Webhooks]"),
                Map.entry("PATCH /v1/webhooks/{webhook_id}", "updateWebhook [Webhooks]"),
                Map.entry("DELETE /v1/webhooks/{webhook_id}", "deleteWebhook [Webhooks]"),
                Map.entry("POST /v1/webhooks/{webhook_id}/rotate-secret", "rotateWebhookSecret [Webhooks]"),
                Map.entry("GET /v1/webhooks/{webhook_id}/deliveries", "listWebhookDeliveries [Webhooks]"),
                Map.entry("POST /v1/webhooks/{webhook_id}/deliveries/{delivery_id}/retry",
                        "retryWebhookDelivery [Webhooks]")));
        assertThat(spec.getList("tags.name")).containsExactly("Accounts", "API keys", "Inboxes", "Messages", "Threads",
                "Domains", "Suppressions", "Events", "Webhooks");
    }

    @Test
    void everyOperationDeclaresTheStatusesTheHttpLayerCanAnswer() {
        forEachOperation((name, operation) -> {
            Set<String> statuses = operation.get("responses").properties().stream().map(Map.Entry::getKey)
                    .collect(Collectors.toSet());
            assertThat(statuses).as(name).contains("406", "429", "500", "503");
            boolean secured = operation.has("security") && !operation.get("security").isEmpty();
            assertThat(secured).as("%s needs a key", name).isEqualTo(!name.equals("createAccount"));
            if (secured) {
                assertThat(statuses).as(name).contains("401");
                assertThat(operation.at("/security/0").has("bearerAuth")).as(name).isTrue();
            }
            if (operation.has("requestBody")) {
                assertThat(statuses).as(name).contains("408", "413", "415");
            }
            List<String> codes = List.copyOf(operation.get("responses").properties().stream().map(Map.Entry::getKey).toList());
            assertThat(codes).as("%s lists responses by status", name).isSorted();
            assertThat(codes.get(0)).as(name).startsWith("2");
        });
    }

    @Test
    void theStatusesOfEachOperationsOwnLogicAreDeclared() {
        Map<String, List<String>> own = Map.ofEntries(
                Map.entry("listInboxes", List.of("200", "400")),
                Map.entry("createInbox", List.of("201", "400", "409", "422")),
                Map.entry("getInbox", List.of("200", "404")),
                Map.entry("deleteInbox", List.of("204", "404")),
                Map.entry("bulkDeleteInboxes", List.of("200", "400", "409")),
                Map.entry("recordMessage", List.of("201", "400", "404")),
                Map.entry("listMessages", List.of("200", "400", "404")),
                Map.entry("getMessage", List.of("200", "404")),
                Map.entry("deleteMessage", List.of("204", "404")),
                Map.entry("getRawMessage", List.of("200", "404")),
                Map.entry("downloadAttachment", List.of("200", "404")),
                Map.entry("waitForMessage", List.of("200", "400", "404")),
                Map.entry("sendMessage", List.of("202", "400", "404", "422", "429")),
                Map.entry("replyToMessage", List.of("202", "400", "404", "422", "429")),
                Map.entry("forwardMessage", List.of("202", "400", "404", "422", "429")),
                Map.entry("listDomains", List.of("200")),
                Map.entry("listSuppressions", List.of("200", "400")),
                Map.entry("deleteSuppression", List.of("204", "404")),
                Map.entry("listThreads", List.of("200", "400", "404")),
                Map.entry("listThreadMessages", List.of("200", "400", "404")),
                Map.entry("createAccount", List.of("201")),
                Map.entry("listApiKeys", List.of("200", "400")),
                Map.entry("createApiKey", List.of("201", "400", "409")),
                Map.entry("deleteApiKey", List.of("204", "404", "409")),
                Map.entry("listEvents", List.of("200", "400")),
                Map.entry("streamEvents", List.of("200", "400", "429")),
                Map.entry("createWebhook", List.of("201", "400", "409")),
                Map.entry("listWebhooks", List.of("200", "400")),
                Map.entry("getWebhook", List.of("200", "404")),
                Map.entry("updateWebhook", List.of("200", "400", "404")),
                Map.entry("deleteWebhook", List.of("204", "404")),
                Map.entry("rotateWebhookSecret", List.of("200", "404")),
                Map.entry("listWebhookDeliveries", List.of("200", "400", "404")),
                Map.entry("retryWebhookDelivery", List.of("202", "404", "409")));
        forEachOperation((name, operation) -> assertThat(operation.get("responses").properties().stream()
                .map(Map.Entry::getKey).toList()).as(name).containsAll(own.get(name)));
    }

    @Test
    void everyErrorIsAProblemAndRetryableOnesSayWhen() {
        forEachOperation((name, operation) -> operation.get("responses").properties().forEach(entry -> {
            JsonNode response = resolve(entry.getValue());
            if (entry.getKey().startsWith("2")) {
                return;
            }
            assertThat(response.at("/content/application~1problem+json/schema/$ref").asText())
                    .as("%s %s", name, entry.getKey()).isEqualTo("#/components/schemas/Problem");
            assertThat(response.get("content").size()).as("%s %s: problems only", name, entry.getKey()).isEqualTo(1);
            assertThat(response.get("description").asText()).as("%s %s", name, entry.getKey()).isNotBlank();
            if (entry.getKey().equals("429") || entry.getKey().equals("503")) {
                assertThat(response.at("/headers/Retry-After/schema/type").asText()).as("%s %s", name, entry.getKey())
                        .isEqualTo("integer");
            }
        }));
        assertThat(tree.at("/components/responses/MethodNotAllowed/headers/Allow").isMissingNode()).isFalse();
    }

    @Test
    void nullablesAreWrittenPortablyAsAnyOfWithNull() {
        List<String> typeArrays = new ArrayList<>();
        walk(tree, "", (pointer, node) -> {
            if (node.has("type") && node.get("type").isArray()) {
                typeArrays.add(pointer);
            }
        });
        assertThat(typeArrays).as("schemas typed with an array").isEmpty();
        for (String nullable : List.of("/components/schemas/InboxPage/properties/cursor",
                "/components/schemas/MessagePage/properties/cursor", "/components/schemas/Inbox/properties/display_name",
                "/components/schemas/CreateInboxRequest/properties/username",
                "/components/schemas/RecordMessageRequest/properties/to")) {
            JsonNode schema = tree.at(nullable);
            assertThat(schema.at("/anyOf/0/type").asText()).as(nullable).isEqualTo("string");
            assertThat(schema.at("/anyOf/1/type").asText()).as(nullable).isEqualTo("null");
            assertThat(schema.get("description").asText()).as(nullable).isNotBlank();
        }
    }

    @Test
    void timeParametersStateExactlyWhatIsAccepted() {
        for (int i : List.of(3, 4)) {
            JsonNode parameter = tree.at("/paths/~1v1~1inboxes/get/parameters/" + i);
            assertThat(parameter.get("name").asText()).startsWith("created_");
            assertThat(parameter.at("/schema/format").asText()).isEqualTo("date-time");
            assertThat(parameter.get("description").asText()).contains(Timestamps.ACCEPTED);
        }
    }

    private JsonNode resolve(JsonNode response) {
        String ref = response.path("$ref").asText("");
        return ref.isEmpty() ? response : tree.at(ref.substring(1));
    }

    private void forEachOperation(BiConsumer<String, JsonNode> check) {
        tree.get("paths").properties().forEach(path -> path.getValue().properties()
                .forEach(operation -> check.accept(operation.getValue().get("operationId").asText(), operation.getValue())));
    }

    private static void walk(JsonNode node, String pointer, BiConsumer<String, JsonNode> visit) {
        if (node.isObject()) {
            visit.accept(pointer, node);
            node.properties().forEach(child -> walk(child.getValue(), pointer + "/" + child.getKey(), visit));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), pointer + "/" + i, visit);
            }
        }
    }

    @Test
    void theListOperationExplainsPaging() {
        String description = spec.getString("paths.'/v1/inboxes'.get.description");
        assertThat(spec.getString("paths.'/v1/inboxes'.get.operationId")).isEqualTo("listInboxes");
        assertThat(description).contains("newest first", "`total`", "`has_more`", "`cursor`", "same filters", "Link");
        List<String> parameters = spec.getList("paths.'/v1/inboxes'.get.parameters.name");
        assertThat(parameters).contains("limit", "cursor", "q", "created_after", "created_before");
    }

    @Test
    void thePageSchemasMarkTotalOptionalAndCursorNullable() {
        for (String page : List.of("InboxPage", "MessagePage")) {
            List<String> required = spec.getList("components.schemas." + page + ".required");
            assertThat(required).contains("data", "cursor", "has_more").doesNotContain("total");
            assertThat(spec.getString("components.schemas." + page + ".properties.total.description"))
                    .contains("first page");
        }
        assertThat(spec.getString("paths.'/v1/inboxes/{inbox_id}/messages'.get.description"))
                .contains("`total`", "`has_more`", "`cursor`");
        assertThat(spec.getString("components.schemas.Problem.properties.detail.description")).isNotBlank();
    }

    @Test
    void everyOperationHasAnId() {
        for (String path : List.of("/v1/accounts", "/v1/inboxes", "/v1/inboxes/{inbox_id}",
                "/v1/inboxes/{inbox_id}/messages", "/v1/inboxes/{inbox_id}/messages/{message_id}",
                "/v1/inboxes/{inbox_id}/messages/{message_id}/raw",
                "/v1/inboxes/{inbox_id}/messages/{message_id}/attachments/{attachment_id}")) {
            assertThat(spec.getMap("paths.'" + path + "'").values())
                    .allSatisfy(operation -> assertThat(((java.util.Map<?, ?>) operation).get("operationId")).isNotNull());
        }
    }

    @Test
    void theMessageReadsDescribeTheirBodiesAndErrors() {
        String message = "paths.'/v1/inboxes/{inbox_id}/messages/{message_id}'";
        assertThat(spec.getString(message + ".get.operationId")).isEqualTo("getMessage");
        assertThat(spec.getString(message + ".delete.operationId")).isEqualTo("deleteMessage");
        assertThat(spec.getMap(message + ".get.responses")).containsKeys("200", "401", "404");
        assertThat(spec.getMap("paths.'/v1/inboxes/{inbox_id}/messages/{message_id}/raw'.get.responses.200.content"))
                .containsOnlyKeys("message/rfc822");
        assertThat(spec.getString("paths.'/v1/inboxes/{inbox_id}/messages/{message_id}/attachments/{attachment_id}'"
                + ".get.operationId")).isEqualTo("downloadAttachment");
        assertThat(spec.getList("components.schemas.MessageDetail.required")).contains("text", "html", "attachments",
                "cc", "reply_to", "sent_at", "message_id_header", "in_reply_to", "references", "thread_id");
        assertThat(spec.getList("components.schemas.Message.required")).contains("thread_id", "has_attachments");
    }
}
