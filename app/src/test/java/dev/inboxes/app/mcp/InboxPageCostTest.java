package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.RealisticAccount;
import dev.inboxes.mcp.testing.LosslessText;
import dev.inboxes.mcp.text.TokenCounter;
import dev.inboxes.persistence.testing.PostgresResource;
import io.agroal.api.AgroalDataSource;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

/**
 * What a page of 50 inboxes costs an agent's context, on the account docs/agents.md measures (3,219 inboxes, display
 * names of about 53 characters, a fifth without one): the text and its summary line, in o200k tokens, with the text
 * still carrying every value of the structured content.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
// The report seeds the same account (the same addresses) into the same database, and measures this page itself.
@DisabledIfSystemProperty(named = AgentEconomy.PROPERTY, matches = "true")
class InboxPageCostTest {

    /** The page's text and summary line in at most this many tokens (the goal). */
    static final int PAGE_OF_50_TOKENS = 2_500;

    @Inject
    AgroalDataSource database;

    @Inject
    TokenCounter tokens;

    @Test
    void aPageOf50InboxesFitsItsTokenBoundLosingNothing() {
        RealisticAccount account = RealisticAccount.seed(database);
        try (Agent agent = Agent.connect(account.apiKey)) {
            CallToolResult page = agent.call("list_inboxes", Map.of("limit", 50));
            List<String> blocks = Agent.texts(page);
            LosslessText.assertCarries(blocks.get(0), Client.JSON.valueToTree(page.structuredContent()));
            int pageTokens = tokens.count(blocks.get(0)) + tokens.count(blocks.get(1));
            System.out.printf("list_inboxes, a page of 50: %d tokens (text %d, summary %d), %d characters (%.1f a row "
                    + "in the text)%n%s%n", pageTokens, tokens.count(blocks.get(0)), tokens.count(blocks.get(1)),
                    blocks.get(0).length() + blocks.get(1).length(), blocks.get(0).length() / 50.0, blocks.get(0));
            assertThat(Agent.structured(page).get("data")).asList().hasSize(50);
            assertThat(pageTokens).as("a page of 50 inboxes, text and summary, in tokens")
                    .isLessThanOrEqualTo(PAGE_OF_50_TOKENS);
        }
    }
}
