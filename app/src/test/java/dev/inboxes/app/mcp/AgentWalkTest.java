package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.app.support.SeededAccount;
import dev.inboxes.mcp.respond.AgentBudget;
import dev.inboxes.mcp.respond.AgentSettings;
import dev.inboxes.mcp.testing.LosslessText;
import dev.inboxes.mcp.text.TokenCounter;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * End to end, as an agent host connects: the official MCP Java SDK client over Streamable HTTP walks every
 * page; on every page the text carries exactly the structured content, and stays within the character and token
 * budgets whatever the rows look like.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class AgentWalkTest {

    static final int TEXT_BUDGET = AgentBudget.TEXT_BUDGET;
    static final int TOKEN_BUDGET = AgentSettings.DEFAULT_TOKEN_BUDGET;
    /**
     * A first page of 50 of the seeded account's inboxes (display names like "Agent 3218"), its text and summary:
     * 2,005 o200k tokens when set (times in the texts' basic form, the shared domain and the ids' inb_ said once).
     * The account of docs/agents.md "Measured", with names of 53 characters, is InboxPageCostTest's.
     */
    static final int PAGE_OF_50_TOKENS = 2_150;

    @Inject
    TokenCounter tokens;

    @Test
    void anAgentWalksAll3219InboxesSeeingEachOnceWithTotalOnlyFirst() {
        SeededAccount seeded = SeededAccount.get();
        try (McpSyncClient agent = connected(seeded.apiKey)) {
            Tool listInboxes = agent.listTools().tools().stream()
                    .filter(tool -> tool.name().equals("list_inboxes")).findFirst().orElseThrow();
            assertThat(listInboxes.outputSchema()).containsKey("properties");

            Walk walk = walk(agent, "list_inboxes", Map.of("limit", 100));

            assertThat(walk.pages.pages()).hasSizeBetween(33, 40);
            assertThat(walk.pages.ids()).hasSize(SeededAccount.INBOXES);
            walk.pages.assertStrictOrderWithoutRepeats("created_at");
            assertThat(Set.copyOf(walk.pages.ids())).isEqualTo(seeded.inboxIds);
            assertThat(walk.largestText).isLessThanOrEqualTo(TEXT_BUDGET);

            CallToolResult fifty = call(agent, "list_inboxes", Map.of("limit", 50));
            int chars = text(fifty, 0).length();
            System.out.printf("MCP list_inboxes: a 50-row page is %d characters of TOON text (%.1f per row), %d tokens, "
                    + "summary: %s; the walk at limit 100 took %d pages%n", chars, chars / 50.0,
                    tokens.count(text(fifty, 0)), text(fifty, 1), walk.pages.pages().size());
            assertThat(text(fifty, 1)).startsWith("50 of 3219 inboxes, newest first")
                    .contains("filter (q, created_after or created_before)");
            assertThat(tokens.count(text(fifty, 0)) + tokens.count(text(fifty, 1)))
                    .as("a page of 50 of these inboxes, text and summary, in tokens").isLessThanOrEqualTo(PAGE_OF_50_TOKENS);
        }
    }

    @Test
    void oversizedInboxRowsGiveShorterPagesWithinTheBudgetAndLoseNothing() {
        String apiKey = Api.newAccount();
        List<String> created = createNamed(apiKey, 150, i -> ("Ω" + i + " ").repeat(100).substring(0, 256));
        try (McpSyncClient agent = connected(apiKey)) {
            CallToolResult first = call(agent, "list_inboxes", Map.of("limit", 100));
            List<?> rows = (List<?>) structured(first).get("data");
            assertThat(rows).hasSizeLessThan(100).isNotEmpty();
            assertThat(structured(first).get("has_more")).isEqualTo(true);
            assertThat(text(first, 1)).contains("fewer than limit");

            Walk walk = walk(agent, "list_inboxes", Map.of("limit", 100));
            assertThat(Set.copyOf(walk.pages.ids())).isEqualTo(Set.copyOf(created));
            walk.pages.assertStrictOrderWithoutRepeats("created_at");
            assertThat(walk.largestText).isLessThanOrEqualTo(TEXT_BUDGET);
            System.out.printf("MCP list_inboxes with 256-character display names: %d rows per page at limit 100, "
                    + "largest page %d characters%n", rows.size(), walk.largestText);
        }
    }

    /** Rare scripts take several tokens a character: pages shrink to the token bound, not the character bound. */
    @Test
    void rowsOfManyTokensGiveShorterPagesWithinTheTokenBudget() {
        String apiKey = Api.newAccount();
        List<String> created = createNamed(apiKey, 120,
                i -> ("ꆈꌠꁱꂷ ᚠᛇᚻ " + i + " ").repeat(30).substring(0, 200));
        try (McpSyncClient agent = connected(apiKey)) {
            Walk walk = walk(agent, "list_inboxes", Map.of("limit", 100));

            assertThat(Set.copyOf(walk.pages.ids())).isEqualTo(Set.copyOf(created));
            assertThat(walk.pages.largestPage()).isLessThan(100);
            assertThat(walk.largestText).as("the characters alone would allow more").isLessThan(TEXT_BUDGET / 2);
            System.out.printf("MCP list_inboxes with 200-character Yi and runic names: at most %d rows and %d tokens "
                    + "a page, largest page %d characters%n", walk.pages.largestPage(), walk.largestTokens,
                    walk.largestText);
        }
    }

    @Test
    void oversizedMessagesGiveShorterPagesWithinTheBudgetAndLoseNothing() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        List<String> recorded = Api.recordMessages(apiKey, inboxId, 60,
                i -> ("Subject " + i + " ").repeat(100).substring(0, 998),
                i -> "\"quoted\" text needs escaping\n".repeat(400));
        try (McpSyncClient agent = connected(apiKey)) {
            Walk walk = walk(agent, "list_messages", Map.of("inbox_id", inboxId, "limit", 100));
            assertThat(walk.pages.pages()).hasSizeGreaterThan(1);
            assertThat(Set.copyOf(walk.pages.ids())).isEqualTo(Set.copyOf(recorded));
            walk.pages.assertStrictOrderWithoutRepeats("received_at");
            assertThat(walk.largestText).isLessThanOrEqualTo(TEXT_BUDGET);
            System.out.printf("MCP list_messages with 998-character subjects: %d pages for 60 messages, largest "
                    + "page %d characters%n", walk.pages.pages().size(), walk.largestText);
        }
    }

    @Test
    void badArgumentsComeBackAsToolErrorsTheAgentCanRead() {
        String apiKey = Api.newAccount();
        try (McpSyncClient agent = connected(apiKey)) {
            assertToolError(agent, "list_inboxes", Map.of("limit", 500), "from 1 to 100");
            assertToolError(agent, "list_inboxes", Map.of("cursor", "not-a-cursor"), "start again without cursor");
            assertToolError(agent, "get_inbox", Map.of("inbox_id", "inb_00000000000000000000"), "list inboxes");
            assertToolError(agent, "list_messages", Map.of("inbox_id", "inb_00000000000000000000"), "No inbox");
        }
    }

    @Test
    void anAgentWithoutAValidKeyCannotConnect() {
        assertThatThrownBy(() -> connect(null).initialize()).hasStackTraceContaining("McpHttpClientTransportAuthorizationException");
        assertThatThrownBy(() -> connect("sk_" + "0".repeat(40)).initialize()).hasStackTraceContaining("McpHttpClientTransportAuthorizationException");
    }

    /** {@code count} inboxes of the account, the i-th with the display name {@code name(i)}; their ids. */
    private static List<String> createNamed(String apiKey, int count, IntFunction<String> name) {
        return new Client(apiKey).createInboxes(Api.baseUrl(), count,
                i -> "{\"display_name\":\"" + name.apply(i) + "\"}");
    }

    private static McpSyncClient connected(String apiKey) {
        McpSyncClient client = connect(apiKey);
        client.initialize();
        return client;
    }

    private static McpSyncClient connect(String apiKey) {
        HttpRequest.Builder requests = HttpRequest.newBuilder();
        if (apiKey != null) {
            requests.header("Authorization", "Bearer " + apiKey);
        }
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
                .builder(Api.baseUrl())
                .endpoint("/mcp")
                .requestBuilder(requests)
                .build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(10)).build();
    }

    /**
     * Follows has_more/cursor to the end as any walk is followed, checking on every page that the text is within
     * both budgets and decodes to exactly the structured content.
     */
    private Walk walk(McpSyncClient agent, String tool, Map<String, Object> arguments) {
        int[] largest = {0, 0};
        try {
            PageWalk pages = PageWalk.walk((cursor, index) -> {
                Map<String, Object> call = new HashMap<>(arguments);
                if (cursor != null) {
                    call.put("cursor", cursor);
                }
                CallToolResult result = call(agent, tool, call);
                int textLength = result.content().stream().mapToInt(content -> ((TextContent) content).text().length()).sum();
                int textTokens = result.content().stream().mapToInt(content -> tokens.count(((TextContent) content).text())).sum();
                assertThat(textLength).as("page %d text", index).isLessThanOrEqualTo(TEXT_BUDGET);
                assertThat(textTokens).as("page %d tokens", index).isLessThanOrEqualTo(TOKEN_BUDGET);
                largest[0] = Math.max(largest[0], textLength);
                largest[1] = Math.max(largest[1], textTokens);
                JsonNode structured = Client.JSON.valueToTree(result.structuredContent());
                LosslessText.assertCarries(text(result, 0), structured);
                return structured;
            });
            return new Walk(pages, largest[0], largest[1]);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static CallToolResult call(McpSyncClient agent, String tool, Map<String, Object> arguments) {
        CallToolResult result = agent.callTool(new CallToolRequest(tool, arguments));
        assertThat(result.isError()).as("%s %s: %s", tool, arguments, result.content()).isFalse();
        return result;
    }

    private static void assertToolError(McpSyncClient agent, String tool, Map<String, Object> arguments, String phrase) {
        CallToolResult result = agent.callTool(new CallToolRequest(tool, arguments));
        assertThat(result.isError()).isTrue();
        assertThat(text(result, 0)).contains(phrase);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    private static String text(CallToolResult result, int block) {
        return ((TextContent) result.content().get(block)).text();
    }

    private record Walk(PageWalk pages, int largestText, int largestTokens) {
    }
}
