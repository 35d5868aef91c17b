package dev.inboxes.app.mcp;

import static dev.inboxes.app.support.YesterdaysFilter.YESTERDAY;
import static dev.inboxes.app.support.YesterdaysFilter.YESTERDAYS;
import static dev.inboxes.app.support.YesterdaysFilter.confirmedBy;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.SqlSeed;
import dev.inboxes.persistence.testing.PostgresResource;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The calls an agent needs for everyday tasks, counted as an agent makes them (official MCP client): counting,
 * finding, reading the latest message, deleting a day's inboxes. Goals: 1, 1, 1 and at most 3.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class AgentTasksTest {

    @Inject
    AgroalDataSource database;

    String inboxWithMail;
    String latestMessage;
    Agent agent;

    @BeforeEach
    void anAccountWithHistory() {
        String apiKey = Api.newAccount();
        inboxWithMail = Api.createInbox(apiKey, Map.of("display_name", "Orders"));
        String accountId = SqlSeed.accountOf(database, inboxWithMail);
        SqlSeed.inboxes(database, accountId, 119, YESTERDAY.plusSeconds(3_600), 60_000_000L, i -> "Trial " + i);
        SqlSeed.inboxes(database, accountId, 80, YESTERDAY.minusSeconds(86_400), 60_000_000L,
                i -> i == 40 ? "ACME order #1234" : i % 5 == 0 ? null : "ACME order #" + (1000 + i));
        for (int i = 0; i < 3; i++) {
            latestMessage = Api.recordMessage(apiKey, inboxWithMail, "Order " + i, "Shipped.");
        }
        agent = Agent.connect(apiKey);
    }

    @AfterEach
    void disconnect() {
        agent.close();
    }

    private Map<String, Object> call(String tool, Map<String, Object> arguments) {
        return agent.structured(tool, arguments);
    }

    @Test
    void countingTakesOneCall() {
        Map<String, Object> page = call("list_inboxes", Map.of("limit", 1));

        assertThat(((Number) page.get("total")).intValue()).isEqualTo(1 + 119 + 80);
        assertThat(agent.calls()).isEqualTo(1);
    }

    @Test
    void findingAcmeOrder1234TakesOneCall() {
        Map<String, Object> page = call("list_inboxes", Map.of("q", "ACME order 1234"));

        assertThat((List<?>) page.get("data")).hasSize(1);
        assertThat(((Map<?, ?>) ((List<?>) page.get("data")).get(0)).get("display_name")).isEqualTo("ACME order #1234");
        assertThat(agent.calls()).isEqualTo(1);
    }

    @Test
    void theLatestMessageOfAnInboxTakesOneCall() {
        Map<String, Object> page = call("list_messages", Map.of("inbox_id", inboxWithMail, "limit", 1));

        assertThat(((Map<?, ?>) ((List<?>) page.get("data")).get(0)).get("id")).isEqualTo(latestMessage);
        assertThat(agent.calls()).isEqualTo(1);
    }

    @Test
    void deletingYesterdaysInboxesTakesTwoCalls() {
        Map<String, Object> preview = call("delete_inboxes", YESTERDAYS);
        assertThat(((Number) preview.get("matched")).intValue()).isEqualTo(119);
        Map<String, Object> done = call("delete_inboxes", confirmedBy(preview.get("confirm_token")));

        assertThat(((Number) done.get("deleted")).intValue()).isEqualTo(119);
        assertThat(done.get("has_more")).isEqualTo(false);
        assertThat(agent.calls()).isEqualTo(2);
        assertThat(((Number) call("list_inboxes", Map.of("limit", 1)).get("total")).intValue()).isEqualTo(81);
    }
}
