package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.RealisticAccount;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.mcp.respond.AgentBudget;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.mcp.respond.AgentPage;
import dev.inboxes.mcp.respond.AgentText;
import dev.inboxes.mcp.inbox.AgentInbox;
import dev.inboxes.mcp.text.TokenCounter;
import dev.inboxes.persistence.testing.PostgresResource;
import io.agroal.api.AgroalDataSource;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the "Measured" section of docs/agents.md, with {@link AgentEconomyBeforeReport} (not part of verify):
 * {@code ./mvnw -B -pl app -am verify -DskipITs -Dsurefire.failIfNoSpecifiedTests=false -Dtest='AgentEconomy*Report' -DagentEconomy=true}
 * This class measures the defaults (TOON), the calls per task, the tool definitions and the costs of writing and
 * counting the text, side by side in one JVM.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@EnabledIfSystemProperty(named = AgentEconomy.PROPERTY, matches = "true")
class AgentEconomyReport {

    @Inject
    AgroalDataSource database;

    @Inject
    TokenCounter tokens;

    @Inject
    AgentText text;

    @Inject
    AgentBudget budget;

    @Inject
    InboxService inboxes;

    @Inject
    ObjectMapper mapper;

    @Test
    void measure() throws Exception {
        RealisticAccount account = RealisticAccount.seed(database);
        ObjectNode figures;
        StringBuilder extra = new StringBuilder();
        try (Agent agent = Agent.connect(account.apiKey)) {
            figures = AgentEconomy.measure(agent, tokens);
            definitions(agent, extra);
        }
        costs(account, extra);
        tasks(account, extra); // last: it deletes yesterday's inboxes
        figures.putObject("extra").put("markdown", extra.toString());
        AgentEconomy.save("toon", figures);
    }

    /** The four tasks, each in a fresh session, as an agent would do them. */
    private void tasks(RealisticAccount account, StringBuilder md) {
        Map<String, Object> yesterday = Map.of("created_after", account.yesterday.toString(), "created_before",
                account.today.toString());
        int[] calls = new int[4];
        try (Agent agent = Agent.connect(account.apiKey)) {
            assertThat(((Number) agent.structured("list_inboxes", Map.of("limit", 1)).get("total")).intValue())
                    .isEqualTo(RealisticAccount.INBOXES);
            calls[0] = agent.calls();
        }
        try (Agent agent = Agent.connect(account.apiKey)) {
            List<?> found = (List<?>) agent.structured("list_inboxes", Map.of("q", "ACME order 1234")).get("data");
            assertThat(found).anySatisfy(row -> assertThat(((Map<?, ?>) row).get("display_name"))
                    .isEqualTo(RealisticAccount.ACME));
            calls[1] = agent.calls();
        }
        try (Agent agent = Agent.connect(account.apiKey)) {
            List<?> latest = (List<?>) agent.structured("list_messages", Map.of("inbox_id", account.inboxWithMail,
                    "limit", 1)).get("data");
            assertThat(((Map<?, ?>) latest.get(0)).get("id")).isEqualTo(account.latestMessage);
            calls[2] = agent.calls();
        }
        try (Agent agent = Agent.connect(account.apiKey)) {
            Map<String, Object> step = agent.structured("delete_inboxes", yesterday);
            assertThat(((Number) step.get("matched")).intValue()).isEqualTo(RealisticAccount.CREATED_YESTERDAY);
            while (Boolean.TRUE.equals(step.get("has_more"))) {
                Map<String, Object> confirmed = new HashMap<>(yesterday);
                confirmed.put("confirm_token", step.get("confirm_token"));
                step = agent.structured("delete_inboxes", confirmed);
            }
            calls[3] = agent.calls();
        }
        assertThat(calls).containsExactly(1, 1, 1, 2);
        md.append("Calls an agent needs (each task in a new session, the account above):\n\n")
                .append("| task | how | calls | goal | before |\n| --- | --- | --- | --- | --- |\n")
                .append("| count the inboxes | `list_inboxes {\"limit\":1}`, read `total` | ").append(calls[0])
                .append(" | 1 | 1 (undocumented) |\n")
                .append("| find \"ACME order 1234\" | `list_inboxes {\"q\":\"ACME order 1234\"}` finds \"ACME order #1234\" | ")
                .append(calls[1]).append(" | 1 | q was one literal substring: found nothing; reading every page took 65 |\n")
                .append("| the latest message of an inbox | `list_messages {\"inbox_id\":…,\"limit\":1}` | ").append(calls[2])
                .append(" | 1 | 1 |\n")
                .append("| delete yesterday's ").append(RealisticAccount.CREATED_YESTERDAY).append(" inboxes | ")
                .append("`delete_inboxes` preview, then with its `confirm_token` | ").append(calls[3])
                .append(" | ≤ 3 | 122 (2 lists, 119 deletes) |\n\n");
    }

    /** What the tool list costs every session, and the instructions sent once. */
    private void definitions(Agent agent, StringBuilder md) throws Exception {
        List<Tool> tools = agent.client().listTools().tools();
        String all = Client.JSON.writeValueAsString(Client.JSON.valueToTree(tools));
        md.append("Tool definitions (`tools/list`: names, descriptions, input and output schemas) take ")
                .append(AgentEconomy.format(all.length())).append(" characters, ")
                .append(AgentEconomy.format(tokens.count(all))).append(" tokens; the `initialize` instructions ")
                .append(AgentEconomy.format(agent.instructions().length())).append(" characters, ")
                .append(AgentEconomy.format(tokens.count(agent.instructions()))).append(" tokens. Descriptions alone:");
        for (Tool tool : tools) {
            md.append(" `").append(tool.name()).append("` ").append(tokens.count(tool.description()));
        }
        md.append(" tokens.\n\n");
    }

    /**
     * The cost of the text on the server, per page of 50: writing it as JSON and as TOON, counting its tokens whole,
     * and the budget check (which counts line by line, keeping the lines counted, and stops once the page is shown
     * to fit) on pages never seen and on pages read again. Pages never seen are the account's rows under new ids
     * and times, so every line is new to the counter's cache.
     */
    private void costs(RealisticAccount account, StringBuilder md) {
        Page<Inbox> real = inboxes.list(account.accountId, InboxFilter.NONE, PageRequest.of(50, null, PageLimits.AGENTS));
        AgentPage<AgentInbox> first = page(real.items(), real.nextCursor(), new Random(0), false);
        String toon = text.render(first);
        String summary = "50 of 3219 inboxes, newest first; more: call again with this cursor.";
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        Random random = new Random(14);
        for (int round = 0; round < 7; round++) {
            List<String> unseen = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                unseen.add(text.render(page(real.items(), real.nextCursor(), random, true)));
            }
            sample(samples, round, "write JSON (Jackson)", 300, () -> json(first));
            sample(samples, round, "write TOON", 300, () -> text.render(first));
            sample(samples, round, "count its tokens whole (o200k)", unseen.size(), new Supplier<>() {
                private int next;

                @Override
                public Object get() {
                    return tokens.count(unseen.get(next++));
                }
            });
            sample(samples, round, "budget check, page never seen", unseen.size(), new Supplier<>() {
                private int next;

                @Override
                public Object get() {
                    return budget.load(unseen.get(next++), summary);
                }
            });
            sample(samples, round, "budget check, page read again", unseen.size(), new Supplier<>() {
                private int next;

                @Override
                public Object get() {
                    return budget.load(unseen.get(next++), summary);
                }
            });
        }
        long loading = System.nanoTime();
        new TokenCounter().count("warm");
        double loadMillis = (System.nanoTime() - loading) / 1e6;
        md.append("Server cost per page of 50 (about ").append(AgentEconomy.format(Math.round(toon.length() / 100.0) * 100))
                .append(" characters of TOON), in µs, medians of 5 rounds after 2 of warm-up: ");
        List<String> parts = new ArrayList<>();
        samples.forEach((name, micros) -> parts.add(name + " " + AgentEconomy.format(
                Math.round(micros.stream().sorted().toList().get(micros.size() / 2) * 10) / 10.0)));
        md.append(String.join("; ", parts)).append(". Loading the tokenizer's vocabulary: ")
                .append(AgentEconomy.format(Math.round(loadMillis))).append(" ms, once, beside the start. For scale: the ")
                .append("same machine serves a page of 50 over HTTP in about 1.3 ms (docs/benchmarks.md). The ")
                .append("machine is shared, so these figures vary by a factor of two between runs.\n\n");
        System.out.println("Server costs (µs per page of 50): " + samples + "; tokenizer load " + loadMillis + " ms");
    }

    /** The page of these inboxes; with {@code renew}, under new ids and times, so its lines were never counted. */
    private static AgentPage<AgentInbox> page(List<Inbox> items, String cursor, Random random, boolean renew) {
        return new AgentPage<>(items.stream().map(inbox -> new AgentInbox(
                renew ? Inbox.ID_PREFIX + RandomIds.base62(20) : inbox.id(), inbox.address(), inbox.displayName(),
                renew ? inbox.createdAt().minusNanos(1_000L * random.nextInt(1_000_000_000)) : inbox.createdAt()))
                .toList(), cursor, true, 3_219L, null);
    }

    private static void sample(Map<String, List<Double>> samples, int round, String name, int iterations,
            Supplier<Object> operation) {
        long started = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            operation.get();
        }
        if (round > 1) {
            samples.computeIfAbsent(name, key -> new ArrayList<>()).add((System.nanoTime() - started) / 1_000.0 / iterations);
        }
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
