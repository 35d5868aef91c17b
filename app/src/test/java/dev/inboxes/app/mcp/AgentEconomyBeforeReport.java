package dev.inboxes.app.mcp;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.RealisticAccount;
import dev.inboxes.mcp.text.TokenCounter;
import dev.inboxes.persistence.testing.PostgresResource;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The "before" of docs/agents.md "Measured": the same account and walks with the text as compact JSON and no token
 * bound, as the tools answered before TOON. Run with {@link AgentEconomyReport} (its Javadoc has the command).
 */
@QuarkusTest
@TestProfile(AgentEconomyBeforeReport.JsonText.class)
@WithTestResource(PostgresResource.class)
@EnabledIfSystemProperty(named = AgentEconomy.PROPERTY, matches = "true")
class AgentEconomyBeforeReport {

    /** JSON text and, in effect, no token bound. */
    public static class JsonText implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("inboxes.mcp.text-format", "json", "inboxes.mcp.token-budget", "100000000");
        }
    }

    @Inject
    AgroalDataSource database;

    @Inject
    TokenCounter tokens;

    @Test
    void measure() throws Exception {
        RealisticAccount account = RealisticAccount.seed(database);
        try (Agent agent = Agent.connect(account.apiKey)) {
            AgentEconomy.save("json", AgentEconomy.measure(agent, tokens));
        }
    }
}
