package dev.inboxes.mcp.confirm;

import dev.inboxes.mcp.respond.AgentSettings;

import io.quarkiverse.mcp.server.Cancellation;
import io.quarkiverse.mcp.server.Elicitation;
import io.quarkiverse.mcp.server.ElicitationRequest.BooleanSchema;
import io.quarkiverse.mcp.server.ElicitationResponse;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.ToolCallException;
import dev.inboxes.mcp.session.CallConnection;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Asks the person at the client to confirm a destructive action, out of band: through MCP elicitation (form mode),
 * the client shows the question to its user, not to the model, so nothing the model read (a mail telling it to delete
 * everything) can answer it. Only a ticked {@value #FIELD} box in an accepted form confirms; anything else (decline,
 * dismiss, no answer within {@link AgentSettings#confirmationTimeout()}, an error, the call cancelled) does not.
 * <p>
 * The wait holds no thread: the answer arrives as another request of the session. One session waits for one answer
 * at a time, so neither an agent that calls again and again nor many calls at once can pile questions up before the
 * user or hold resources; sessions are capped per account and in all.
 */
@ApplicationScoped
public class UserConfirmations {

    /** The form's one field: a box the user must tick (it is unticked to begin with). */
    public static final String FIELD = "confirm";
    private static final long WATCH_MILLIS = 1_000;
    static final String BUSY = "This session is already waiting for the user's answer to another confirmation. Wait "
            + "for that call to return, then call again if it is still needed.";

    /** What came of a question. */
    public enum Answer {
        /** The user accepted the form with the box ticked. */
        CONFIRMED,
        /** The user declined, or accepted without ticking the box. */
        DECLINED,
        /** The user dismissed the question without choosing. */
        DISMISSED,
        /** No usable answer in time: the user did not answer, or the client could not ask them. */
        UNANSWERED,
        /** The client cancelled the tool call, or closed its response, before the action could be done. */
        ABANDONED
    }

    private final Set<String> waitingSessions = ConcurrentHashMap.newKeySet();

    @Inject
    AgentSettings settings;

    @Inject
    Vertx vertx;

    @Inject
    CallConnection connection;

    /** Whether this client can be asked: it declared the elicitation capability with form mode at initialize. */
    public static boolean canAsk(Elicitation elicitation) {
        return elicitation.isFormModeSupported();
    }

    /** How long a question waits for its answer. */
    public Duration timeout() {
        return settings.confirmationTimeout();
    }

    /**
     * Asks the user; call it from the tool call, on its worker thread. The answer completes on an event loop: do any
     * blocking work after it elsewhere.
     *
     * @param question what would be done, and that it cannot be undone; it must hold only text this service vouches
     *                 for, never mail content
     * @param box      the label of the box the user ticks to confirm, e.g. "Delete these inboxes"
     * @throws ToolCallException when this session already waits for an answer
     */
    public Uni<Answer> ask(Elicitation elicitation, McpConnection session, Cancellation cancellation, String question,
            String box) {
        String sessionId = session.id();
        if (!waitingSessions.add(sessionId)) {
            throw new ToolCallException(BUSY);
        }
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        answer.whenComplete((done, failure) -> waitingSessions.remove(sessionId));
        BooleanSupplier abandoned = connection.abandonment(cancellation);
        Duration timeout = timeout();
        long deadline = vertx.setTimer(timeout.toMillis(), expired -> answer.complete(Answer.UNANSWERED));
        long watch = vertx.setPeriodic(WATCH_MILLIS, tick -> {
            if (abandoned.getAsBoolean()) {
                answer.complete(Answer.ABANDONED);
            }
        });
        answer.whenComplete((done, failure) -> {
            vertx.cancelTimer(deadline);
            vertx.cancelTimer(watch);
        });
        try {
            elicitation.requestBuilder()
                    .setMessage(question)
                    .addSchemaProperty(FIELD, BooleanSchema.builder().setTitle(box)
                            .setDescription("Tick to confirm. This cannot be undone.").setDefaultValue(false)
                            .setRequired(true).build())
                    .setTimeout(timeout)
                    .build()
                    .send()
                    .subscribe().with(
                            reply -> answer.complete(abandoned.getAsBoolean() ? Answer.ABANDONED : of(reply)),
                            // A timeout, a session that ended; a client's error answer never gets here (the library
                            // drops it), so the deadline above ends that wait.
                            failure -> answer.complete(Answer.UNANSWERED));
        } catch (RuntimeException cannotAsk) {
            answer.complete(Answer.UNANSWERED);
        }
        return Uni.createFrom().completionStage(answer);
    }

    /** Only an accepted form whose box is ticked, {@code true} as a JSON boolean, confirms. */
    static Answer of(ElicitationResponse reply) {
        try {
            return switch (reply.action()) {
                case ACCEPT -> reply.content() != null && Boolean.TRUE.equals(reply.content().asMap().get(FIELD))
                        ? Answer.CONFIRMED : Answer.DECLINED;
                case DECLINE -> Answer.DECLINED;
                case CANCEL -> Answer.DISMISSED;
            };
        } catch (RuntimeException malformed) {
            return Answer.DECLINED;
        }
    }
}
