package dev.inboxes.app.message;

import static dev.inboxes.app.support.Agent.structured;
import static dev.inboxes.app.support.Agent.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.sdk.InboxesClient;
import dev.inboxes.sdk.ListMessagesParams;
import dev.inboxes.sdk.Message;
import dev.inboxes.sdk.MessageDetail;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * q on the message list over REST, MCP and the SDK: every word must match (sender, subject or text), case aside,
 * LIKE's wildcards are plain characters, a cursor belongs to its q, and an account never finds another's mail.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class MessageSearchApiTest {

    String apiKey;
    String inboxId;

    private String record(String from, String subject, String text) throws Exception {
        String body = Client.JSON.writeValueAsString(Map.of("from", from, "subject", subject, "text", text));
        HttpResponse<String> created = new Client(apiKey).send("POST", Api.baseUrl() + "/v1/inboxes/" + inboxId
                + "/messages", body, null);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return Client.JSON.readTree(created.body()).path("id").asText();
    }

    @BeforeEach
    void mail() throws Exception {
        apiKey = Api.newAccount();
        inboxId = Api.createInbox(apiKey, Map.of());
        record("noreply@github.com", "[GitHub] Please verify your device", "Verification code: 482913");
        record("billing@shop.example", "Invoice 100% paid", "Thanks for order_42.");
        record("news@zeitung.example", "Grüße aus ZÜRICH", "Weekly digest. " + "lorem ipsum ".repeat(3_000)
                + "QUOKKA at the end.");
        for (int i = 0; i < 7; i++) {
            record("alerts@bank.example", "Your code " + i, "Use this code to sign in.");
        }
    }

    private List<String> subjects(String q) {
        return Api.walk(apiKey, "/v1/inboxes/" + inboxId + "/messages", Map.of("q", q, "limit", 3)).items().stream()
                .map(row -> row.path("subject").asText()).toList();
    }

    @Test
    void everyWordMustMatchTheSenderTheSubjectOrTheTextCaseAside() {
        assertThat(subjects("GITHUB 482913")).containsExactly("[GitHub] Please verify your device");
        assertThat(subjects("github invoice")).isEmpty();
        assertThat(subjects("zürich quokka")).as("non-ASCII case, a word 36,000 characters deep")
                .containsExactly("Grüße aus ZÜRICH");
        assertThat(subjects("100%")).containsExactly("Invoice 100% paid");
        assertThat(subjects("%")).as("%% matches itself only").containsExactly("Invoice 100% paid");
        assertThat(subjects("r_4")).as("_ matches itself only").containsExactly("Invoice 100% paid");
        assertThat(subjects("o%d")).isEmpty();
        assertThat(subjects("code sign")).hasSize(7);
        assertThat(subjects("  ")).as("a blank q is no filter").hasSize(10);
    }

    @Test
    void aSearchIsPagedWithItsTotalAndItsCursorBelongsToItsQ() {
        String path = "/v1/inboxes/" + inboxId + "/messages";
        PageWalk walk = Api.walk(apiKey, path, Map.of("q", "CODE bank", "limit", 3));
        assertThat(walk.total()).isEqualTo(7);
        assertThat(walk.ids()).hasSize(7).doesNotHaveDuplicates();
        walk.assertStrictOrderWithoutRepeats("received_at");

        Response first = Api.as(apiKey).queryParam("q", "code bank").queryParam("limit", 3).get(path);
        String link = first.header("Link");
        assertThat(link).contains("q=code%20bank").contains("cursor=");
        Response next = Api.as(apiKey).urlEncodingEnabled(false).get(URI.create(link.substring(1, link.indexOf('>')))
                .toString().replace(Api.baseUrl(), ""));
        assertThat(Api.page(next).path("data")).hasSize(3);

        String cursor = first.path("cursor");
        assertThat(Api.as(apiKey).queryParam("q", "bank code").queryParam("cursor", cursor).get(path).statusCode())
                .as("the same words in another order are the same query").isEqualTo(200);
        Api.assertProblem(Api.as(apiKey).queryParam("q", "code").queryParam("cursor", cursor).get(path), 400,
                "cursor-mismatch");
        Api.assertProblem(Api.as(apiKey).queryParam("cursor", cursor).get(path), 400, "cursor-mismatch");
    }

    @Test
    void anAccountNeverFindsAnothersMail() throws Exception {
        String strangerKey = Api.newAccount();
        String strangerInbox = Api.createInbox(strangerKey, Map.of());
        new Client(strangerKey).recordMessage(Api.baseUrl(), strangerInbox, "[GitHub] stranger", "482913");

        assertThat(subjects("github")).containsExactly("[GitHub] Please verify your device");
        Api.assertProblem(Api.as(apiKey).queryParam("q", "github").get("/v1/inboxes/" + strangerInbox + "/messages"),
                404, "not-found");
        String strangerCursor = Api.as(strangerKey).queryParam("q", "github").queryParam("limit", 1)
                .get("/v1/inboxes/" + strangerInbox + "/messages").path("cursor");
        assertThat(strangerCursor).isNull(); // one match: no cursor to misuse, so make one with two
        new Client(strangerKey).recordMessage(Api.baseUrl(), strangerInbox, "[GitHub] stranger 2", "1");
        String cursor = Api.as(strangerKey).queryParam("q", "github").queryParam("limit", 1)
                .get("/v1/inboxes/" + strangerInbox + "/messages").path("cursor");
        Api.assertProblem(Api.as(apiKey).queryParam("q", "github").queryParam("cursor", cursor)
                .get("/v1/inboxes/" + inboxId + "/messages"), 400, "cursor-mismatch");
    }

    @Test
    void hostileQueriesAre400ProblemsThatSayWhatToDo() {
        String path = "/v1/inboxes/" + inboxId + "/messages";
        assertThat(Api.assertProblem(Api.as(apiKey).queryParam("q", "a b c d e f g h i").get(path), 400,
                "invalid-request")).contains("at most 8 words");
        assertThat(Api.assertProblem(Api.as(apiKey).queryParam("q", "x".repeat(201)).get(path), 400,
                "invalid-request")).contains("at most 200 characters");
        assertThat(Api.assertProblem(Api.as(apiKey).urlEncodingEnabled(false).get(path + "?q=code%00"), 400,
                "invalid-request")).contains("control characters");
        assertThat(Api.as(apiKey).urlEncodingEnabled(false).get(path + "?q=%ED%A0%80code").statusCode())
                .as("an undecodable byte sequence is text like any other, never a 5xx").isLessThan(500);
        assertThat(Api.as(apiKey).queryParam("q", "\uD83D").get(path).statusCode()).isLessThan(500);
    }

    @Test
    void agentsSearchWithListMessagesQ() {
        try (Agent agent = Agent.connect(apiKey)) {
            CallToolResult result = agent.call("list_messages", Map.of("inbox_id", inboxId, "q", "Code BANK",
                    "limit", 5));
            Map<String, Object> page = structured(result);
            assertThat(page.get("total")).isEqualTo(7);
            assertThat((List<?>) page.get("data")).hasSize(5);
            assertThat(text(result, 1)).startsWith("5 of 7 messages");
            String cursor = (String) page.get("cursor");
            Map<String, Object> rest = structured(agent.call("list_messages", Map.of("inbox_id", inboxId,
                    "q", "bank code", "cursor", cursor)));
            assertThat((List<?>) rest.get("data")).hasSize(2);

            assertThat(agent.error("list_messages", Map.of("inbox_id", inboxId, "q", "code", "cursor", cursor)))
                    .contains("different query");
            assertThat(agent.error("list_messages", Map.of("inbox_id", inboxId, "q", "code\u0000")))
                    .contains("control characters");
            assertThat(agent.error("list_messages", Map.of("inbox_id", inboxId, "q", "a b c d e f g h i")))
                    .contains("at most 8 words");
            assertThat(agent.error("list_messages", Map.of("inbox_id", inboxId, "q", "x".repeat(100_000))))
                    .contains("at most 200 characters").hasSizeLessThan(1_000);
            assertThat(agent.error("list_messages", Map.of("inbox_id", inboxId, "q", List.of("code"))))
                    .contains("q");
            assertThat(agent.error("list_messages", Map.of("inbox_id", inboxId, "query", "code")))
                    .contains("Unknown argument 'query'", "q");
        }
    }

    @Test
    void theSdkSearchesInBothListForms() {
        InboxesClient client = InboxesClient.builder().baseUrl(Api.baseUrl()).apiKey(apiKey).build();
        List<Message> found = client.iterateMessages(inboxId, ListMessagesParams.builder().q("code bank").limit(2)
                .build()).toList();
        assertThat(found).hasSize(7).allSatisfy(message -> assertThat(message.from()).isEqualTo("alerts@bank.example"));
        dev.inboxes.sdk.Page<Message> page = client.listMessagesPage(inboxId, ListMessagesParams.builder()
                .q("GitHub").build());
        assertThat(page.total()).hasValue(1);
        MessageDetail github = client.getMessage(inboxId, page.data().get(0).id());
        assertThat(github.codes()).as("the code the SDK reads beside the text").first()
                .satisfies(code -> assertThat(code.code()).isEqualTo("482913"));
        assertThat(github.text()).isEqualTo("Verification code: 482913");
    }
}
