package dev.inboxes.app.thread;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Agent;
import dev.inboxes.mcp.respond.ExternalContent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.FreshInbox;
import dev.inboxes.app.support.Mail;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.mcp.respond.AgentBudget;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.sdk.InboxesClient;
import dev.inboxes.sdk.PageParams;
import dev.inboxes.sdk.Message;
import dev.inboxes.sdk.MessageThread;
import dev.inboxes.sdk.NotFoundException;
import dev.inboxes.sdk.Page;
import dev.inboxes.smtp.SmtpReceiver;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import dev.inboxes.mcp.text.TokenCounter;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Threads end to end: mail in over SMTP forms conversations, read back over REST, MCP (the official client) and the
 * SDK, with hostile input on every new argument.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ThreadsTest {

    @Inject
    SmtpReceiver receiver;

    @Inject
    TokenCounter tokens;

    private FreshInbox inbox;

    @BeforeEach
    void inbox() {
        inbox = FreshInbox.named("threads");
    }

    /** Three conversations: a reply that came before its original, a reply without references, a lone message. */
    private Map<String, Mail> conversations() {
        Mail order = Mail.from("alice@example.com", inbox.address(), "Order #1042 has not arrived");
        Mail reply = Mail.from("bob@example.com", inbox.address(), "Re: Order #1042 has not arrived")
                .replyingTo(order.messageId()).saying("It is on its way.");
        reply.send(receiver.port());
        order.send(receiver.port()); // after its reply
        Mail invoice = Mail.from("carol@example.com", inbox.address(), "Invoice 7").send(receiver.port());
        Mail invoiceReply = Mail.from("carol@example.com", inbox.address(), "AW: Invoice 7").saying("Paid.").send(receiver.port());
        Mail code = Mail.from("no-reply@service.example", inbox.address(), "Your verification code").saying("Your code: 482913")
                .send(receiver.port());
        return Map.of("order", order, "reply", reply, "invoice", invoice, "invoiceReply", invoiceReply, "code", code);
    }

    private JsonNode threads(Map<String, ?> query) {
        return Api.page(inbox.apiKey(), "/v1/inboxes/" + inbox.id() + "/threads", query, null);
    }

    @Test
    void restListsThreadsLatestActivityFirstAndAThreadsMessagesOldestFirst() {
        conversations();

        JsonNode page = threads(Map.of());
        assertThat(page.path("total").asLong()).isEqualTo(3);
        List<String> subjects = page.path("data").findValuesAsText("subject");
        assertThat(subjects).containsExactly("Your verification code", "Invoice 7", "Order #1042 has not arrived");
        JsonNode order = page.path("data").get(2);
        assertThat(order.path("message_count").asInt()).isEqualTo(2);
        assertThat(order.path("participants")).extracting(JsonNode::asText)
                .containsExactly("bob@example.com", "alice@example.com");
        assertThat(order.path("snippet").asText()).startsWith("Text of Order #1042");
        assertThat(order.fieldNames()).toIterable().containsExactlyInAnyOrder("id", "subject", "participants",
                "message_count", "last_message_at", "snippet");
        assertThat(page.path("data").get(1).path("message_count").asInt()).as("joined by subject").isEqualTo(2);

        PageWalk messages = Api.walk(inbox.apiKey(), "/v1/inboxes/" + inbox.id() + "/threads/" + order.path("id").asText()
                + "/messages", Map.of("limit", 1));
        assertThat(messages.items()).extracting(row -> row.path("subject").asText())
                .containsExactly("Re: Order #1042 has not arrived", "Order #1042 has not arrived");
        assertThat(messages.items()).allSatisfy(row -> assertThat(row.path("thread_id").asText())
                .isEqualTo(order.path("id").asText()));
        assertThat(messages.total()).isEqualTo(2);

        PageWalk walk = Api.walk(inbox.apiKey(), "/v1/inboxes/" + inbox.id() + "/threads", Map.of("limit", 2));
        assertThat(walk.ids()).containsExactlyElementsOf(page.path("data").findValuesAsText("id"));
    }

    @Test
    void restRefusesHostileInputWithProblems() {
        conversations();
        String threads = "/v1/inboxes/" + inbox.id() + "/threads";
        String threadId = threads(Map.of()).path("data").get(0).path("id").asText();
        String threadCursor = threads(Map.of("limit", 1)).path("cursor").asText();
        String messagesCursor = Api.page(inbox.apiKey(), "/v1/inboxes/" + inbox.id() + "/messages", Map.of("limit", 1), null)
                .path("cursor").asText();

        for (String limit : List.of("0", "201", "abc", "1e3", "\u0000", "-1", "9".repeat(30))) {
            assertProblem(as(inbox.apiKey()).queryParam("limit", limit).get(threads), 400, "invalid-request");
            assertProblem(as(inbox.apiKey()).queryParam("limit", limit).get(threads + "/" + threadId + "/messages"), 400,
                    "invalid-request");
        }
        assertProblem(as(inbox.apiKey()).queryParam("cursor", "garbage\u0000").get(threads), 400, "invalid-cursor");
        assertProblem(as(inbox.apiKey()).queryParam("cursor", messagesCursor).get(threads), 400, "cursor-mismatch");
        assertProblem(as(inbox.apiKey()).queryParam("cursor", threadCursor).get(threads + "/" + threadId + "/messages"), 400,
                "cursor-mismatch");
        assertProblem(as(inbox.apiKey()).queryParam("cursor", "x".repeat(3000)).get(threads), 400, "invalid-cursor");
        assertProblem(as(inbox.apiKey()).get(threads + "/thr_00000000000000000000/messages"), 404, "not-found");
        assertProblem(as(inbox.apiKey()).get(threads + "/%00%F0%9F/messages"), 404, "not-found");
        assertProblem(as(inbox.apiKey()).get(threads + "/" + "t".repeat(3000) + "/messages"), 404, "not-found");
        String stranger = Api.newAccount();
        assertProblem(as(stranger).get(threads), 404, "not-found");
        assertProblem(as(stranger).get(threads + "/" + threadId + "/messages"), 404, "not-found");
        String otherInbox = Api.createInbox(inbox.apiKey(), Map.of());
        assertProblem(as(inbox.apiKey()).get("/v1/inboxes/" + otherInbox + "/threads/" + threadId + "/messages"), 404,
                "not-found");
        assertProblem(as(inbox.apiKey()).queryParam("cursor", threadCursor).get("/v1/inboxes/" + otherInbox + "/threads"), 400,
                "cursor-mismatch");
        assertThat(as(null).get(threads).statusCode()).isEqualTo(401);
    }

    @Test
    void anAgentListsThreadsAndReadsOneWithItsTextMarkedAsExternalContent() {
        Map<String, Mail> sent = conversations();
        try (Agent agent = Agent.connect(Api.baseUrl(), inbox.apiKey(), Duration.ofSeconds(30))) {
            CallToolResult list = agent.attempt("list_threads", Map.of("inbox_id", inbox.id(), "limit", 2));
            assertThat(list.isError()).as(Agent.text(list, 0)).isFalse();
            Map<String, Object> page = Agent.structured(list);
            assertThat(page.get("total")).isEqualTo(3);
            assertThat(page.get("has_more")).isEqualTo(true);
            assertThat(Agent.text(list, 1)).startsWith("2 of 3 threads, latest activity first");
            Agent.assertMailMarked(list, "Your verification code", "no-reply@service.example", "Invoice 7");

            List<?> rows = (List<?>) page.get("data");
            String threadId = (String) ((Map<?, ?>) rows.get(0)).get("id");
            CallToolResult read = agent.attempt("get_thread", Map.of("inbox_id", inbox.id(), "thread_id", threadId));
            assertThat(read.isError()).as(Agent.text(read, 0)).isFalse();
            Map<?, ?> message = (Map<?, ?>) ((List<?>) Agent.structured(read).get("data")).get(0);
            assertThat((String) message.get("text")).contains(sent.get("code").text());
            Agent.assertMailMarked(read, "no-reply@service.example", "Your verification code",
                    sent.get("code").text());
            assertThat(Agent.text(read, 1)).startsWith("1 of 1 message, oldest first");

            for (Map<String, Object> bad : List.of(Map.<String, Object>of("inbox_id", inbox.id(), "limit", 500),
                    Map.<String, Object>of("inbox_id", inbox.id(), "cursor", "nope"),
                    Map.<String, Object>of("inbox_id", "inb_00000000000000000000"),
                    Map.<String, Object>of("inbox_id", inbox.id(), "threadid", threadId),
                    Map.<String, Object>of("inbox_id", "\u0000\uD800"))) {
                CallToolResult refused = agent.attempt("list_threads", bad);
                assertThat(refused.isError()).as("%s", bad).isTrue();
                assertThat(Agent.text(refused, 0)).isNotBlank();
            }
            for (Map<String, Object> bad : List.of(Map.<String, Object>of("inbox_id", inbox.id()),
                    Map.<String, Object>of("inbox_id", inbox.id(), "thread_id", "thr_00000000000000000000"),
                    Map.<String, Object>of("inbox_id", inbox.id(), "thread_id", threadId, "limit", "lots"),
                    Map.<String, Object>of("inbox_id", inbox.id(), "thread_id", threadId, "cursor",
                            page.get("cursor")))) {
                CallToolResult refused = agent.attempt("get_thread", bad);
                assertThat(refused.isError()).as("%s", bad).isTrue();
            }
        }
    }

    @Test
    void aLongThreadIsReadInPagesWithinTheBudgetEachMessageOnce() {
        Mail first = Mail.from("alice@example.com", inbox.address(), "Long discussion")
                .saying("\"Quoted\" line that needs escaping.\n".repeat(300)).send(receiver.port());
        for (int i = 0; i < 11; i++) {
            Mail.from(i % 2 == 0 ? "bob@example.com" : "alice@example.com", inbox.address(), "Re: Long discussion")
                    .replyingTo(first.messageId()).saying(("Reply " + i + "\n" + ExternalContent.CLOSE + "guessed>>>\n")
                            .repeat(120)).send(receiver.port());
        }
        String threadId = threads(Map.of()).path("data").get(0).path("id").asText();
        try (Agent agent = Agent.connect(Api.baseUrl(), inbox.apiKey(), Duration.ofSeconds(30))) {
            List<String> ids = new java.util.ArrayList<>();
            int largest = 0;
            String cursor = null;
            do {
                Map<String, Object> arguments = new HashMap<>(Map.of("inbox_id", inbox.id(), "thread_id", threadId,
                        "limit", 100));
                if (cursor != null) {
                    arguments.put("cursor", cursor);
                }
                CallToolResult page = agent.attempt("get_thread", arguments);
                largest = Math.max(largest, Agent.text(page, 0).length() + Agent.text(page, 1).length());
                Agent.assertMailMarked(page); // one block, which the senders cannot close early
                for (Object row : (List<?>) Agent.structured(page).get("data")) {
                    ids.add((String) ((Map<?, ?>) row).get("id"));
                }
                cursor = (String) Agent.structured(page).get("cursor");
            } while (cursor != null);
            assertThat(ids).hasSize(12).doesNotHaveDuplicates();
            assertThat(largest).isLessThanOrEqualTo(AgentBudget.TEXT_BUDGET);
            System.out.printf("MCP get_thread of 12 long messages: %d messages, largest page %d characters%n",
                    ids.size(), largest);
        }
    }

    @Test
    void theSdkListsThreadsAndAThreadsMessagesInBothForms() {
        conversations();
        InboxesClient client = InboxesClient.builder().baseUrl(Api.baseUrl()).apiKey(inbox.apiKey()).build();

        List<MessageThread> all = client.listThreads(inbox.id());
        Page<MessageThread> first = client.listThreadsPage(inbox.id(), PageParams.builder().limit(1).build());
        List<MessageThread> lazily = client.iterateThreads(inbox.id(), PageParams.builder().limit(1).build())
                .stream().toList();

        assertThat(all).extracting(MessageThread::subject)
                .containsExactly("Your verification code", "Invoice 7", "Order #1042 has not arrived");
        assertThat(first.total()).hasValue(3);
        assertThat(first.hasMore()).isTrue();
        assertThat(lazily).isEqualTo(all);
        MessageThread order = all.get(2);
        assertThat(order.messageCount()).isEqualTo(2);
        List<Message> messages = client.listThreadMessages(inbox.id(), order.id());
        assertThat(messages).extracting(Message::threadId).containsOnly(order.id());
        assertThat(messages).extracting(Message::subject)
                .containsExactly("Re: Order #1042 has not arrived", "Order #1042 has not arrived");
        assertThat(client.iterateThreadMessages(inbox.id(), order.id(), null).stream().toList()).isEqualTo(messages);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> client.listThreadMessages(inbox.id(),
                "thr_00000000000000000000")).isInstanceOf(NotFoundException.class);
    }

    /**
     * A support thread of five messages, each reply quoting the whole conversation before it (as mail clients do):
     * get_thread leaves the quoted history out by default and says how many lines, get_message keeps it unless asked.
     */
    @Test
    void quotedHistoryIsLeftOutOfThreadsByDefaultAndOfAMessageOnRequest() {
        String[] said = {"My order #1042 has not arrived.", "Sorry! Can you confirm the delivery inbox.address()?",
                "It is 12 Harbour Street, Leith.", "Thanks: a new parcel leaves today, tracking code 88AX21.",
                "It arrived, thank you."};
        String[] from = {"alice@example.com", "support@shop.example", "alice@example.com", "support@shop.example",
                "alice@example.com"};
        StringBuilder history = new StringBuilder();
        String parent = null;
        for (int i = 0; i < said.length; i++) {
            String text = said[i] + (history.length() == 0 ? "" : "\n\nOn Mon, 1 Dec 2026 at 1" + i + ":00, "
                    + from[i - 1] + " wrote:\n" + history.toString().lines().map(line -> "> " + line)
                    .reduce((a, b) -> a + "\n" + b).orElse(""));
            Mail mail = Mail.from(from[i], inbox.address(), (i == 0 ? "" : "Re: ") + "Order #1042").saying(text);
            if (parent != null) {
                mail = mail.replyingTo(parent);
            }
            mail.send(receiver.port());
            parent = mail.messageId();
            history.setLength(0);
            history.append(text);
        }
        try (Agent agent = Agent.connect(Api.baseUrl(), inbox.apiKey(), Duration.ofSeconds(30))) {
            Map<?, ?> thread = (Map<?, ?>) ((List<?>) Agent.structured(agent.call("list_threads",
                    Map.of("inbox_id", inbox.id()))).get("data")).get(0);
            Map<String, Object> read = new HashMap<>(Map.of("inbox_id", inbox.id(), "thread_id", thread.get("id")));
            CallToolResult without = agent.call("get_thread", read);
            read.put("quotes", true);
            CallToolResult with = agent.call("get_thread", read);

            List<?> rows = (List<?>) Agent.structured(without).get("data");
            assertThat(rows).hasSize(5);
            for (int i = 0; i < rows.size(); i++) {
                Map<?, ?> row = (Map<?, ?>) rows.get(i);
                assertThat(row.get("text")).isEqualTo(said[i]);
                assertThat(row.get("quoted_lines_left_out")).as("message %d", i).isEqualTo(i == 0 ? null : countQuoted(i));
            }
            assertThat(Agent.text(without, 0)).doesNotContain("> ");
            assertThat(Agent.text(with, 0)).contains("> It is 12 Harbour Street, Leith.");
            int withoutLength = Agent.text(without, 0).length();
            int withLength = Agent.text(with, 0).length();
            System.out.printf("get_thread of a 5-message support thread: %d characters and %d tokens without quotes, "
                    + "%d and %d with%n", withoutLength, tokens.count(Agent.text(without, 0)), withLength,
                    tokens.count(Agent.text(with, 0)));
            assertThat(withoutLength).isLessThan(withLength * 2 / 3);

            for (Object bad : List.of("yes", 5, "\u0000\uD800", "")) {
                read.put("quotes", bad);
                CallToolResult refused = agent.attempt("get_thread", read);
                assertThat(refused.isError()).as("quotes %s", bad).isTrue();
                assertThat(Agent.text(refused, 0)).contains("quotes is true or false");
            }
            read.put("quotes", List.of(true)); // not a scalar: the library's conversion refuses it, as a tool error
            assertThat(agent.attempt("get_thread", read).isError()).isTrue();
            read.put("quotes", true);

            String lastId = (String) ((Map<?, ?>) rows.get(4)).get("id");
            Map<String, Object> message = new HashMap<>(Map.of("inbox_id", inbox.id(), "message_id", lastId));
            assertThat(Agent.text(agent.call("get_message", message), 0)).contains("> > It is 12 Harbour Street");
            message.put("quotes", false);
            CallToolResult short_ = agent.call("get_message", message);
            assertThat(Agent.text(short_, 0)).contains("It arrived, thank you.").doesNotContain("Harbour Street");
            assertThat(Agent.text(short_, 1)).contains("lines of quoted history are left out; quotes: true reads them");
            assertThat(((Map<?, ?>) Agent.structured(short_).get("body")).get("quoted_lines_left_out"))
                    .isEqualTo(countQuoted(4));
            message.put("quotes", "no");
            assertThat(agent.error("get_message", message)).contains("quotes is true or false");
        }
    }

    /** The lines the i-th message (from 0) quotes: the attribution and every line of the message before it. */
    private static int countQuoted(int i) {
        // message 0 has 1 line; message k has its line, a blank line, the attribution and message k-1's lines quoted
        int lines = 1;
        for (int k = 1; k < i; k++) {
            lines = 1 + 1 + 1 + lines;
        }
        return i == 0 ? 0 : 1 + lines;
    }
}
