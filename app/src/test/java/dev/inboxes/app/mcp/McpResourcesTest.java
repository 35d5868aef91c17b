package dev.inboxes.app.mcp;

import static dev.inboxes.app.support.Smtp.crlf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Smtp;
import dev.inboxes.mcp.respond.AgentBudget;
import dev.inboxes.mcp.respond.ExternalContent;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.smtp.SmtpReceiver;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.BlobResourceContents;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.ResourceLink;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A message's attachments and the message as received, read as MCP resources by the official Java SDK, from mail
 * delivered over SMTP: text in parts that join to the whole, a binary file described or as a bounded blob, and every
 * wrong URI a JSON-RPC error that says what to do.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class McpResourcesTest {

    private static final Pattern NEXT = Pattern.compile("the next part: (\\S+) \\(");
    private static final Pattern PART = Pattern.compile("Bytes (\\d+) to (\\d+) of (\\d+):\\n");

    @Inject
    SmtpReceiver receiver;

    private String apiKey;
    private String inboxId;
    private String messageId;
    private String csv;
    private byte[] png;

    @BeforeEach
    void deliver() throws Exception {
        apiKey = Api.newAccount();
        String username = "res-" + System.nanoTime();
        inboxId = Api.createInbox(apiKey, Map.of("username", username));
        StringBuilder rows = new StringBuilder("id,name,city\n");
        for (int i = 0; rows.length() < 120_000; i++) {
            rows.append(i).append(",Zoë ").append(i).append(",Zürich \ud83c\udfd4\n");
        }
        csv = rows.toString();
        png = new byte[300];
        new Random(7).nextBytes(png);
        byte[] pdf = new byte[AgentFileReaderLimit.BLOB_BYTES + 1];
        new Random(8).nextBytes(pdf);
        Smtp.send(receiver.port(), crlf("""
                From: Files <files@store.example>
                Subject: Your files
                Message-ID: <files-%s@store.example>
                MIME-Version: 1.0
                Content-Type: multipart/mixed; boundary=b

                --b
                Content-Type: text/plain

                Three files attached.
                --b
                Content-Type: text/csv; charset=utf-8
                Content-Disposition: attachment; filename=people.csv
                Content-Transfer-Encoding: base64

                %s
                --b
                Content-Type: image/png
                Content-Disposition: attachment; filename=logo.png
                Content-Transfer-Encoding: base64

                %s
                --b
                Content-Type: application/pdf
                Content-Disposition: attachment; filename=huge.pdf
                Content-Transfer-Encoding: base64

                %s
                --b--
                """.formatted(System.nanoTime(), mime(csv.getBytes(StandardCharsets.UTF_8)), mime(png), mime(pdf))),
                "files@store.example", username + "@inboxes.test");
        messageId = Api.page(Api.as(apiKey).get("/v1/inboxes/" + inboxId + "/messages")).get("data").get(0)
                .get("id").asText();
    }

    private static String mime(byte[] bytes) {
        return Base64.getMimeEncoder(76, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(bytes);
    }

    /** The blob bound the server states (package-private there), repeated so a change to it shows here. */
    private static final class AgentFileReaderLimit {
        static final int BLOB_BYTES = 1_048_576;
    }

    @Test
    void getMessageLinksEachAttachmentAndTheRawMessageAndTheTemplatesAreListed() {
        try (Agent agent = Agent.connect(apiKey)) {
            assertThat(agent.client().listResourceTemplates().resourceTemplates())
                    .extracting(McpSchema.ResourceTemplate::uriTemplate).contains(
                            "inboxes://inboxes/{inbox_id}/messages/{message_id}/raw",
                            "inboxes://inboxes/{inbox_id}/messages/{message_id}/raw/from/{offset}",
                            "inboxes://inboxes/{inbox_id}/messages/{message_id}/attachments/{attachment_id}",
                            "inboxes://inboxes/{inbox_id}/messages/{message_id}/attachments/{attachment_id}/from/{offset}",
                            "inboxes://inboxes/{inbox_id}/messages/{message_id}/attachments/{attachment_id}/blob");

            CallToolResult read = agent.call("get_message", Map.of("inbox_id", inboxId, "message_id", messageId));
            List<ResourceLink> links = read.content().stream().filter(ResourceLink.class::isInstance)
                    .map(ResourceLink.class::cast).toList();
            assertThat(links).extracting(ResourceLink::name)
                    .containsExactly("people.csv", "logo.png", "huge.pdf", messageId + ".eml");
            assertThat(links.get(1).mimeType()).isEqualTo("image/png");
            assertThat(links.get(1).size()).isEqualTo(png.length);
            List<Map<String, Object>> rows = (List<Map<String, Object>>) Agent.structured(read).get("attachments");
            for (int i = 0; i < 3; i++) {
                assertThat(rows.get(i).get("uri")).isEqualTo(links.get(i).uri());
                assertThat(links.get(i).uri()).isEqualTo("inboxes://inboxes/" + inboxId + "/messages/" + messageId
                        + "/attachments/" + rows.get(i).get("id"));
            }
            assertThat(links.get(3).uri()).isEqualTo("inboxes://inboxes/" + inboxId + "/messages/" + messageId + "/raw");
        }
    }

    @Test
    void aTextAttachmentComesInMarkedPartsWithinTheBudgetThatJoinToTheWhole() {
        try (Agent agent = Agent.connect(apiKey)) {
            String joined = readAll(agent, link(agent, 0));
            assertThat(joined).isEqualTo(csv);
        }
    }

    @Test
    void theRawMessageComesInPartsThatJoinToTheMessageAsReceived() {
        try (Agent agent = Agent.connect(apiKey)) {
            String raw = Api.as(apiKey).accept("message/rfc822")
                    .get("/v1/inboxes/" + inboxId + "/messages/" + messageId + "/raw").asString();
            assertThat(readAll(agent, link(agent, 3))).isEqualTo(raw);
        }
    }

    @Test
    void aBinaryAttachmentIsDescribedAndItsBytesComeAsABoundedBlobOnRequest() {
        try (Agent agent = Agent.connect(apiKey)) {
            String uri = link(agent, 1);
            String described = text(agent, uri);
            assertThat(described).contains("not text", uri + "/blob", "GET /v1/inboxes/" + inboxId);
            assertThat(described.substring(described.indexOf(ExternalContent.OPEN))).contains("logo.png (image/png, "
                    + png.length + " bytes)");

            McpSchema.ResourceContents blob = agent.client().readResource(new ReadResourceRequest(uri + "/blob"))
                    .contents().get(0);
            assertThat(blob).isInstanceOf(BlobResourceContents.class);
            assertThat(blob.mimeType()).isEqualTo("image/png");
            assertThat(Base64.getDecoder().decode(((BlobResourceContents) blob).blob())).isEqualTo(png);

            String huge = link(agent, 2);
            assertThat(text(agent, huge)).contains("huge.pdf (application/pdf, " + (AgentFileReaderLimit.BLOB_BYTES + 1)
                    + " bytes)");
            McpError tooLarge = error(agent, huge + "/blob");
            assertThat(tooLarge.getJsonRpcError().code()).isEqualTo(-32602);
            assertThat(tooLarge.getJsonRpcError().message()).contains("more than the 1048576",
                    "GET /v1/inboxes/" + inboxId + "/messages/" + messageId + "/attachments/");
            McpError notText = error(agent, uri + "/from/0");
            assertThat(notText.getJsonRpcError().code()).isEqualTo(-32602);
            assertThat(notText.getJsonRpcError().message()).contains("is not text", uri + "/blob");
        }
    }

    @Test
    void anotherAccountsKeyUnknownIdsAndOddIdsAreNotFound() {
        String other = Api.newAccount();
        String base = "inboxes://inboxes/" + inboxId + "/messages/" + messageId;
        try (Agent agent = Agent.connect(apiKey); Agent stranger = Agent.connect(other)) {
            String attachment = link(agent, 0);
            for (String uri : List.of(base + "/raw", attachment, attachment + "/blob", attachment + "/from/0")) {
                McpError refused = error(stranger, uri);
                assertThat(refused.getJsonRpcError().code()).as(uri).isEqualTo(-32002);
                assertThat(refused.getJsonRpcError().message()).contains("No inbox with id", "exists in this account");
            }
            List<String> wrong = List.of(
                    "inboxes://inboxes/" + inboxId + "/messages/msg_00000000000000000000/raw",
                    base + "/attachments/att_00000000000000000000",
                    base + "/attachments/att_\u0000\u0000/blob",
                    "inboxes://inboxes/" + inboxId + "/messages/msg_\u0000" + "x".repeat(5_000) + "/raw",
                    base + "/attachments/\ud83d\udce6%2F..%20' OR 1=1",
                    "inboxes://inboxes/inb_00000000000000000000/messages/" + messageId + "/raw");
            for (String uri : wrong) {
                McpError refused = error(agent, uri);
                assertThat(refused.getJsonRpcError().code()).as(uri).isEqualTo(-32002);
                assertThat(refused.getJsonRpcError().message()).as(uri).startsWith("No ").hasSizeLessThan(400);
            }
        }
    }

    @Test
    void malformedUrisAndOffsetsSayWhatToDo() {
        String base = "inboxes://inboxes/" + inboxId + "/messages/" + messageId;
        try (Agent agent = Agent.connect(apiKey)) {
            for (String uri : List.of(base, base + "/attachments/", base + "/raw/", base + "/raw/from/",
                    "inboxes://elsewhere/x", "not a uri")) {
                assertThat(error(agent, uri).getJsonRpcError().code()).as(uri).isEqualTo(-32002);
            }
            McpError letters = error(agent, base + "/raw/from/abc");
            assertThat(letters.getJsonRpcError().code()).isEqualTo(-32602);
            assertThat(letters.getJsonRpcError().message()).contains("offset is the byte it starts at", "'abc'");
            assertThat(error(agent, base + "/raw/from/99999999999").getJsonRpcError().code()).isEqualTo(-32602);
            McpError beyond = error(agent, base + "/raw/from/999999999");
            assertThat(beyond.getJsonRpcError().code()).isEqualTo(-32602);
            assertThat(beyond.getJsonRpcError().message()).contains("a part starts at a byte from 0 to");
        }
    }

    /** Follows a resource's parts from its first read; returns the sender's content the parts carry, joined. */
    private static String readAll(Agent agent, String uri) {
        StringBuilder joined = new StringBuilder();
        List<String> seen = new ArrayList<>();
        int expectedStart = 0;
        for (String next = uri; next != null; ) {
            seen.add(next);
            assertThat(seen).as("parts end").hasSizeLessThan(1_000);
            String text = text(agent, next);
            assertThat(text.length()).as("a part's text").isLessThanOrEqualTo(AgentBudget.TEXT_BUDGET);
            String inside = Agent.assertMailMarked(new CallToolResult(List.of(new McpSchema.TextContent(text)),
                    false, null, null));
            Matcher part = PART.matcher(inside);
            assertThat(part.find()).as(inside).isTrue();
            assertThat(Integer.parseInt(part.group(1))).isEqualTo(expectedStart);
            expectedStart = Integer.parseInt(part.group(2));
            joined.append(inside.substring(part.end()));
            Matcher following = NEXT.matcher(text.substring(text.lastIndexOf(ExternalContent.CLOSE)));
            next = following.find() ? following.group(1) : null;
            if (next == null) {
                assertThat(text).endsWith("this is the end.");
            }
        }
        assertThat(seen.size()).as("more than one part").isGreaterThan(1);
        return joined.toString();
    }

    private static String text(Agent agent, String uri) {
        McpSchema.ReadResourceResult result = agent.client().readResource(new ReadResourceRequest(uri));
        assertThat(result.contents()).hasSize(1);
        TextResourceContents contents = (TextResourceContents) result.contents().get(0);
        assertThat(contents.uri()).isEqualTo(uri);
        assertThat(contents.mimeType()).isEqualTo("text/plain");
        return contents.text();
    }

    private static McpError error(Agent agent, String uri) {
        return catchThrowableOfType(McpError.class,
                () -> agent.client().readResource(new ReadResourceRequest(uri)));
    }

    /** The URI of get_message's link {@code index}: the attachments in order, then the raw message. */
    private String link(Agent agent, int index) {
        CallToolResult read = agent.call("get_message", Map.of("inbox_id", inboxId, "message_id", messageId));
        return read.content().stream().filter(ResourceLink.class::isInstance).map(ResourceLink.class::cast)
                .toList().get(index).uri();
    }
}
