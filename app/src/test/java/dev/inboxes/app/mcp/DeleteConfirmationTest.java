package dev.inboxes.app.mcp;

import static dev.inboxes.app.support.YesterdaysFilter.YESTERDAY;
import static dev.inboxes.app.support.YesterdaysFilter.YESTERDAYS;
import static dev.inboxes.app.support.YesterdaysFilter.confirmedBy;
import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Agent.structured;
import static dev.inboxes.app.support.Agent.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.SqlSeed;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.persistence.testing.PostgresResource;
import io.agroal.api.AgroalDataSource;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitFormRequest;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult.Action;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * delete_inboxes with a host that can ask its user (MCP elicitation, form mode; the official Java SDK as the host,
 * the test as the person): the person decides, out of band, and nothing the agent holds can stand in for them. A host
 * without the capability keeps the preview and confirm_token flow.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class DeleteConfirmationTest {


    @Inject
    AgroalDataSource database;

    @ConfigProperty(name = "inboxes.mcp.confirmation-timeout")
    Duration timeout;

    String apiKey;
    String accountId;
    /** Addresses are unique across accounts: each test's own. */
    final String prefix = "y" + RandomIds.lowercaseAlphanumeric(8) + "-";
    final List<ElicitFormRequest> asked = new CopyOnWriteArrayList<>();
    Agent agent;

    @BeforeEach
    void account() {
        apiKey = Api.newAccount();
        accountId = SqlSeed.accountOf(database, Api.createInbox(apiKey, Map.of("display_name", "Created today")));
    }

    @AfterEach
    void disconnect() {
        if (agent != null) {
            agent.close();
        }
    }

    /** {@code count} inboxes created yesterday, a second apart, at prefix0@… to prefix(count-1)@…. */
    private List<String> yesterdays(int count) {
        return SqlSeed.inboxes(database, accountId, count, YESTERDAY.plusSeconds(60), 1_000_000,
                i -> prefix + i, i -> "Yesterday " + i);
    }

    private long total() {
        return as(apiKey).get("/v1/inboxes?limit=1").<Integer>path("total");
    }

    /** A host whose user answers every question with {@code answer}, recording the questions. */
    private Agent asking(Function<ElicitFormRequest, ElicitResult> answer) {
        agent = Agent.connectAsking(apiKey, question -> {
            asked.add(question);
            return answer.apply(question);
        });
        return agent;
    }

    private static ElicitResult accepted(Object confirm) {
        return new ElicitResult(Action.ACCEPT, Map.of("confirm", confirm));
    }

    @Test
    void whenTheUserAcceptsTheMatchingInboxesAreDeletedInOneCall() {
        List<String> matching = yesterdays(4);
        asking(question -> accepted(true));

        CallToolResult result = agent.call("delete_inboxes", YESTERDAYS);

        assertThat(asked).hasSize(1);
        ElicitFormRequest question = asked.get(0);
        assertThat(question.message()).startsWith("Permanently delete 4 inboxes and all their messages? This cannot "
                + "be undone.").contains("created at or after 2026-11-28T00:00:00Z, created before 2026-11-29T00:00:00Z",
                prefix + "3@inboxes.test", prefix + "0@inboxes.test").doesNotContain("Yesterday 3", "confirm_token");
        assertThat(question.requestedSchema()).containsEntry("required", List.of("confirm"));
        Map<?, ?> box = (Map<?, ?>) ((Map<?, ?>) question.requestedSchema().get("properties")).get("confirm");
        assertThat(box.get("type")).isEqualTo("boolean");
        assertThat(box.get("default")).isEqualTo(false);
        Map<String, Object> done = structured(result);
        assertThat(done).containsEntry("matched", 4).containsEntry("deleted", 4).containsEntry("remaining", 0)
                .containsEntry("has_more", false).doesNotContainKey("confirm_token");
        assertThat(text(result, 1)).isEqualTo("The user confirmed. Deleted 4 inboxes with their messages; no match "
                + "remains.");
        assertThat(agent.calls()).isEqualTo(1);
        assertThat(total()).isEqualTo(1);
        for (String id : matching) {
            Api.assertProblem(as(apiKey).get("/v1/inboxes/" + id), 404, "not-found");
        }
    }

    @Test
    void aConfirmationCoversEveryBatchOfWhatTheUserWasShown() {
        yesterdays(InboxService.BULK_DELETE_MAX + 50);
        asking(question -> accepted(true));

        Map<String, Object> done = agent.structured("delete_inboxes", YESTERDAYS);

        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).message()).startsWith("Permanently delete 1050 inboxes")
                .contains(prefix + "1049@inboxes.test", " and 1045 more.");
        assertThat(done).containsEntry("deleted", 1_050).containsEntry("has_more", false);
        assertThat(total()).isEqualTo(1);
    }

    @Test
    void whenTheUserDeclinesDismissesOrLeavesTheBoxUntickedNothingIsDeleted() {
        yesterdays(4);
        List<ElicitResult> answers = List.of(new ElicitResult(Action.DECLINE, null),
                new ElicitResult(Action.CANCEL, null), accepted(false), accepted("true"),
                new ElicitResult(Action.ACCEPT, Map.of()));
        for (ElicitResult answer : answers) {
            try (Agent host = Agent.connectAsking(apiKey, question -> answer)) {
                CallToolResult result = host.call("delete_inboxes", YESTERDAYS);

                assertThat(structured(result)).as("%s", answer).containsEntry("matched", 4)
                        .containsEntry("deleted", 0).containsEntry("has_more", false).doesNotContainKey("confirm_token");
                assertThat(text(result, 1)).as("%s", answer).contains("nothing was deleted", "unless the user asks")
                        .containsAnyOf("The user declined", "The user dismissed");
                assertThat(total()).as("%s", answer).isEqualTo(5);
            }
        }
    }

    @Test
    void aConfirmTokenCannotStandInForTheUserWhereTheUserCanBeAsked() {
        yesterdays(4);
        String token;
        try (Agent withoutElicitation = Agent.connect(apiKey)) {
            token = (String) withoutElicitation.structured("delete_inboxes", YESTERDAYS).get("confirm_token");
        }
        asking(question -> accepted(true));
        Map<String, Object> confirmed = confirmedBy(token);

        String refused = agent.error("delete_inboxes", confirmed);

        assertThat(refused).contains("confirm_token is not accepted here", "nothing was deleted",
                "without confirm_token");
        assertThat(asked).as("refused before anyone is asked").isEmpty();
        assertThat(total()).isEqualTo(5);
    }

    @Test
    void aHostWithoutTheCapabilityKeepsThePreviewAndTokenFlow() {
        yesterdays(4);
        try (Agent withoutElicitation = Agent.connect(apiKey)) {
            CallToolResult preview = withoutElicitation.call("delete_inboxes", YESTERDAYS);
            assertThat(text(preview, 1)).startsWith("Nothing deleted yet: 4 inboxes match").contains("Ask the user");
            assertThat(total()).isEqualTo(5);

            Map<String, Object> confirmed = confirmedBy(structured(preview).get("confirm_token"));
            Map<String, Object> done = withoutElicitation.structured("delete_inboxes", confirmed);

            assertThat(done).containsEntry("deleted", 4).containsEntry("has_more", false);
            assertThat(total()).isEqualTo(1);
        }
    }

    @Test
    void noAnswerInTimeDeletesNothingAndALateAcceptStillDeletesNothing() throws Exception {
        yesterdays(4);
        CountDownLatch answeredLate = new CountDownLatch(1);
        asking(question -> {
            try {
                Thread.sleep(timeout.plusSeconds(2).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answeredLate.countDown();
            return accepted(true);
        });

        long started = System.nanoTime();
        String error = agent.error("delete_inboxes", YESTERDAYS);

        assertThat(error).contains("did not answer the confirmation within " + timeout.toSeconds() + " seconds",
                "nothing was deleted");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(timeout.plusSeconds(20));
        assertThat(answeredLate.await(30, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(1_000); // the late answer reaches the server
        assertThat(total()).isEqualTo(5);
    }

    @Test
    void whenTheMatchesChangeWhileTheUserReadsNothingIsDeleted() {
        yesterdays(4);
        asking(question -> {
            SqlSeed.inboxes(database, accountId, 1, YESTERDAY.plusSeconds(30), 1, i -> prefix + "meanwhile", i -> null);
            return accepted(true);
        });

        String error = agent.error("delete_inboxes", YESTERDAYS);

        assertThat(error).contains("changed while the user was asked", "nothing was deleted");
        assertThat(total()).isEqualTo(6);
    }

    @Test
    void oneSessionWaitsForOneAnswerAtATime() throws Exception {
        yesterdays(4);
        CountDownLatch questionShown = new CountDownLatch(1);
        CountDownLatch userAnswers = new CountDownLatch(1);
        asking(question -> {
            questionShown.countDown();
            try {
                userAnswers.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new ElicitResult(Action.DECLINE, null);
        });
        CompletableFuture<CallToolResult> first = CompletableFuture.supplyAsync(
                () -> agent.attempt("delete_inboxes", YESTERDAYS));
        assertThat(questionShown.await(30, TimeUnit.SECONDS)).isTrue();

        String second = agent.error("delete_inboxes", YESTERDAYS);
        userAnswers.countDown();

        assertThat(second).contains("already waiting for the user's answer");
        assertThat(text(first.get(30, TimeUnit.SECONDS), 1)).startsWith("The user declined");
        assertThat(asked).hasSize(1);
        assertThat(total()).isEqualTo(5);
    }

    @Test
    void whenNothingMatchesNobodyIsAsked() {
        yesterdays(2);
        asking(question -> accepted(true));

        CallToolResult result = agent.call("delete_inboxes", Map.of("q", "no such words"));

        assertThat(structured(result)).containsEntry("matched", 0);
        assertThat(text(result, 1)).startsWith("No inbox matches these filters; nothing was deleted.");
        assertThat(asked).isEmpty();
        assertThat(total()).isEqualTo(3);
    }
}
