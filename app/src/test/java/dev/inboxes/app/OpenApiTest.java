package dev.inboxes.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The spec is what generated clients and their docs are made from: it must teach the paging protocol. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class OpenApiTest {

    private JsonPath spec;

    @BeforeEach
    void fetchSpec() {
        spec = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().jsonPath();
    }

    @Test
    void isOpenApi31WithABearerScheme() {
        assertThat(spec.getString("openapi")).startsWith("3.1");
        assertThat(spec.getString("components.securitySchemes.apiKey.type")).isEqualTo("http");
        assertThat(spec.getString("components.securitySchemes.apiKey.scheme")).isEqualTo("bearer");
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
