package dev.inboxes.app.mail;

import static dev.inboxes.app.support.Smtp.crlf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.app.support.Smtp;
import dev.inboxes.smtp.SmtpReceiver;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkiverse.mcp.server.test.McpAssured.McpStreamableTestClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Mail that arrived over SMTP is what an agent's list_messages shows, with its thread and attachment flag. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class MailForAgentsTest {

    @Inject
    SmtpReceiver receiver;

    @Test
    void receivedMailIsListedToAgentsWithItsThreadAndAttachmentFlag() throws Exception {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of("username", "agent-mail-" + System.nanoTime()));
        String address = Api.as(apiKey).get("/v1/inboxes/" + inboxId).path("address");
        Smtp.send(receiver.port(), crlf("""
                From: Shipping <shipping@store.example>
                Subject: Your code is 552014
                Message-ID: <code-552014@store.example>
                Content-Type: multipart/mixed; boundary=b

                --b
                Content-Type: text/plain

                Use 552014 to sign in.
                --b
                Content-Type: application/pdf
                Content-Disposition: attachment; filename=label.pdf

                %PDF-
                --b--
                """), "shipping@store.example", address);

        McpStreamableTestClient client = McpAssured.newStreamableClient()
                .setBaseUri(URI.create(Api.baseUrl() + "/"))
                .setAdditionalHeaders(message -> MultiMap.caseInsensitiveMultiMap().add("Authorization", "Bearer " + apiKey))
                .build()
                .connect();
        try {
            client.when().toolsCall("list_messages", Map.of("inbox_id", inboxId), response -> {
                assertThat(response.isError()).isFalse();
                Object content = response.structuredContent();
                JsonObject page = content instanceof JsonObject json ? json : JsonObject.mapFrom(content);
                JsonArray data = page.getJsonArray("data");
                assertThat(data.size()).isEqualTo(1);
                JsonObject row = data.getJsonObject(0);
                assertThat(row.getString("from")).isEqualTo("shipping@store.example");
                assertThat(row.getString("subject")).isEqualTo("Your code is 552014");
                assertThat(row.getString("preview")).isEqualTo("Use 552014 to sign in.");
                assertThat(row.getString("thread_id")).startsWith("thr_");
                assertThat(row.getBoolean("has_attachments")).isTrue();
            }).thenAssertResults();
        } finally {
            client.disconnect();
        }
    }
}
