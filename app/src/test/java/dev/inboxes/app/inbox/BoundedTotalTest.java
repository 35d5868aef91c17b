package dev.inboxes.app.inbox;

import static dev.inboxes.app.support.Api.as;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.SeededAccount;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.sdk.Inbox;
import dev.inboxes.sdk.InboxesClient;
import dev.inboxes.sdk.ListInboxesParams;
import dev.inboxes.sdk.Page;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * A filtered total is exact up to the bound and then the bound, marked not exact, on every surface; an unfiltered
 * total is always exact. The tests run with a bound of 1,000, and 500 for a search by words (application.properties):
 * the seeded account's 3,219 inboxes hold 2,759 "Agent" and 460 "Sales desk" ones.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class BoundedTotalTest {

    @ConfigProperty(name = "inboxes.total-exact-up-to")
    long bound;

    @ConfigProperty(name = "inboxes.total-exact-up-to-with-q")
    long wordsBound;

    @Test
    void overRestAFilterMatchingMoreThanTheBoundSaysItsTotalIsNotExact() {
        SeededAccount seeded = SeededAccount.get();
        assertThat(bound).isEqualTo(1_000);
        assertThat(wordsBound).isEqualTo(500);

        JsonNode agents = Api.page(as(seeded.apiKey).queryParam("q", "agent").queryParam("limit", 5).get("/v1/inboxes"));
        JsonNode sales = Api.page(as(seeded.apiKey).queryParam("q", "sales desk").get("/v1/inboxes"));
        JsonNode all = Api.page(as(seeded.apiKey).get("/v1/inboxes"));
        JsonNode window = Api.page(as(seeded.apiKey).queryParam("created_after", "2000-01-01T00:00:00Z").get("/v1/inboxes"));

        assertThat(agents.path("total").asLong()).as("a search by words counts to its own bound").isEqualTo(wordsBound);
        assertThat(agents.path("total_exact").isBoolean() && !agents.path("total_exact").asBoolean()).isTrue();
        assertThat(agents.path("data")).hasSize(5);
        assertThat(sales.path("total").asLong()).isEqualTo(SeededAccount.salesDesks());
        assertThat(sales.has("total_exact")).as("an exact total carries no flag").isFalse();
        assertThat(all.path("total").asLong()).as("unfiltered: exact").isEqualTo(SeededAccount.INBOXES);
        assertThat(all.has("total_exact")).isFalse();
        assertThat(window.path("total").asLong()).as("any other filter to the general one").isEqualTo(bound);
        assertThat(window.path("total_exact").asBoolean(true)).isFalse();
        JsonNode second = Api.page(as(seeded.apiKey).queryParam("q", "agent").queryParam("limit", 5)
                .queryParam("cursor", agents.path("cursor").asText()).get("/v1/inboxes"));
        assertThat(second.has("total") || second.has("total_exact")).as("later pages carry neither").isFalse();
    }

    @Test
    void overMcpTheStructuredPageAndTheSummarySayThereAreMore() {
        SeededAccount seeded = SeededAccount.get();
        try (Agent agent = Agent.connect(Api.baseUrl(), seeded.apiKey)) {
            CallToolResult agents = agent.call("list_inboxes", Map.of("q", "agent", "limit", 10));
            CallToolResult sales = agent.call("list_inboxes", Map.of("q", "sales desk", "limit", 10));

            assertThat(Agent.structured(agents)).containsEntry("total", 500).containsEntry("total_exact", false);
            assertThat(Agent.text(agents, 1)).startsWith("500+ inboxes match; 10 of them here, newest first")
                    .contains("filter (q");
            assertThat(Agent.structured(sales)).containsEntry("total", SeededAccount.salesDesks())
                    .doesNotContainKey("total_exact");
            Tool listInboxes = agent.client().listTools().tools().stream()
                    .filter(tool -> tool.name().equals("list_inboxes")).findFirst().orElseThrow();
            assertThat(listInboxes.outputSchema().get("properties").toString()).contains("total_exact");
            assertThat(agent.instructions()).contains("total_exact"); // the protocol is said once, for every list
        }
    }

    @Test
    void theSdkPageSaysWhetherItsTotalIsExact() {
        InboxesClient client = InboxesClient.builder().baseUrl(Api.baseUrl()).apiKey(SeededAccount.get().apiKey).build();

        Page<Inbox> agents = client.listInboxesPage(ListInboxesParams.builder().q("agent").limit(1).build());
        Page<Inbox> everything = client.listInboxesPage(ListInboxesParams.builder().limit(1).build());

        assertThat(agents.total()).hasValue(wordsBound);
        assertThat(agents.totalExact()).isFalse();
        assertThat(everything.total()).hasValue(SeededAccount.INBOXES);
        assertThat(everything.totalExact()).isTrue();
    }
}
