package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.Smtp;
import io.modelcontextprotocol.spec.McpSchema.BlobResourceContents;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.ResourceLink;
import io.modelcontextprotocol.spec.McpSchema.ResourceTemplate;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Attachments and the raw message as MCP resources in the packaged app (the native executable under -Pnative, where
 * the resource templates, their arguments and the blob encoding are reflective paths): mail delivered over SMTP, read
 * by the official Java SDK through the links get_message gives. McpResourcesTest covers the rest in the JVM.
 */
class McpResourcesIT {

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void anAgentReadsATextAttachmentABlobAndTheRawMessageThroughTheirLinks() throws Exception {
        int smtpPort = AppProcess.freePort();
        AppProcess app = deployment.startApp(Map.of("INBOXES_SMTP_PORT", String.valueOf(smtpPort)));
        Client client = new Client(Client.newAccount(app.baseUrl));
        String address = client.get(app.baseUrl + "/v1/inboxes/" + client.createInbox(app.baseUrl)).path("address")
                .asText();
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2, 3, (byte) 0xff};
        Smtp.send(smtpPort, Smtp.crlf("""
                From: Files <files@store.example>
                Subject: Your files
                Message-ID: <files-it@store.example>
                MIME-Version: 1.0
                Content-Type: multipart/mixed; boundary=b

                --b
                Content-Type: text/plain

                Two files attached.
                --b
                Content-Type: text/csv; charset=utf-8
                Content-Disposition: attachment; filename=people.csv

                id,name
                1,Zoë
                --b
                Content-Type: image/png
                Content-Disposition: attachment; filename=logo.png
                Content-Transfer-Encoding: base64

                %s
                --b--
                """.formatted(Base64.getEncoder().encodeToString(png))), "files@store.example", address);

        try (Agent agent = Agent.connect(app.baseUrl, client.apiKey(), Duration.ofSeconds(30))) {
            assertThat(agent.client().listResourceTemplates().resourceTemplates()).extracting(ResourceTemplate::uriTemplate)
                    .contains("inboxes://inboxes/{inbox_id}/messages/{message_id}/attachments/{attachment_id}/blob");
            String inboxId = (String) ((List<Map<String, Object>>) agent.structured("list_inboxes", Map.of())
                    .get("data")).get(0).get("id");
            String messageId = (String) ((List<Map<String, Object>>) agent.structured("list_messages",
                    Map.of("inbox_id", inboxId)).get("data")).get(0).get("id");
            CallToolResult read = agent.call("get_message", Map.of("inbox_id", inboxId, "message_id", messageId));
            List<ResourceLink> links = read.content().stream().filter(ResourceLink.class::isInstance)
                    .map(ResourceLink.class::cast).toList();
            assertThat(links).extracting(ResourceLink::name).containsExactly("people.csv", "logo.png",
                    messageId + ".eml");

            String csv = ((TextResourceContents) agent.client().readResource(
                    new ReadResourceRequest(links.get(0).uri())).contents().get(0)).text();
            assertThat(csv).contains("id,name\r\n1,Zoë", "this is the end.");
            BlobResourceContents blob = (BlobResourceContents) agent.client().readResource(
                    new ReadResourceRequest(links.get(1).uri() + "/blob")).contents().get(0);
            assertThat(Base64.getDecoder().decode(blob.blob())).isEqualTo(png);
            String raw = ((TextResourceContents) agent.client().readResource(
                    new ReadResourceRequest(links.get(2).uri())).contents().get(0)).text();
            assertThat(raw).contains("Message-ID: <files-it@store.example>", "filename=logo.png");
        }
    }
}
