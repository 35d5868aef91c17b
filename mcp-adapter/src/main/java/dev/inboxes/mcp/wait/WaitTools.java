package dev.inboxes.mcp.wait;

import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.wait.WaitOutcome;
import dev.inboxes.domain.wait.WaitRequest;
import dev.inboxes.domain.wait.WaitService;
import dev.inboxes.mcp.protocol.AgentErrors;
import dev.inboxes.mcp.protocol.ArgumentTypes;
import dev.inboxes.mcp.protocol.NullableOutputSchema;
import dev.inboxes.mcp.respond.AgentResponder;
import dev.inboxes.mcp.respond.AgentText;
import dev.inboxes.mcp.respond.Draft;
import dev.inboxes.mcp.respond.SenderVerdict;
import dev.inboxes.mcp.session.CallConnection;
import dev.inboxes.mcp.protocol.CallerAccount;
import dev.inboxes.mcp.respond.ExternalContent;
import dev.inboxes.mcp.protocol.ListToolDocs;
import io.quarkiverse.mcp.server.Cancellation;
import io.quarkiverse.mcp.server.Progress;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * wait_for_message: the tool returns a {@link Uni} completed when the wait ends, so no worker thread is held while it
 * waits. While waiting it tells a client that asked for progress (a progress token) how long it has waited, and it
 * ends the wait when the client cancels the call or goes away.
 */
@AgentErrors
public class WaitTools {

    static final String TIMEOUT_ARGUMENT = ArgumentTypes.TIMEOUT_SECONDS;
    static final String VERIFIED_ONLY = ArgumentTypes.VERIFIED_ONLY;
    /** How often a waiting call sends a progress notification, when the client asked for them. */
    static final int PROGRESS_EVERY_SECONDS = 5;
    private static final long TICK_MILLIS = 1_000;

    @Inject
    WaitService waits;

    @Inject
    MessageService messages;

    @Inject
    CallerAccount caller;

    @Inject
    AgentText text;

    @Inject
    Vertx vertx;

    @Inject
    CallConnection connection;

    @Inject
    AgentResponder responder;

    @Tool(name = "wait_for_message",
            description = "Waits for the inbox's next message (text: its first "
                    + ExternalContent.TEXT_CHARACTERS + " characters, text_cut if more): for a code or a reply, "
                    + "instead of polling. Without since, only mail after the call. "
                    + "Then call again with since = next, also after a timeout: none missed or repeated. " + SenderVerdict.ADVICE + " "
                    + ListToolDocs.MARKED,
            outputSchema = @Tool.OutputSchema(from = AgentWaitResult.class, generator = NullableOutputSchema.class),
            annotations = @Tool.Annotations(title = "Wait for a message", readOnlyHint = true,
                    destructiveHint = false, idempotentHint = true, openWorldHint = true))
    @Blocking
    Uni<ToolResponse> waitForMessage(
            @ToolArg(name = "inbox_id", description = ListToolDocs.INBOX_ID)
            String inboxId,
            @ToolArg(description = "An earlier wait's next, or a date-time.", required = false) String since,
            @ToolArg(name = TIMEOUT_ARGUMENT, required = false)
            String timeoutSeconds,
            @ToolArg(description = "Sender address contains this (any case), e.g. @github.com.",
                    required = false) String from,
            @ToolArg(description = "Subject contains this (any case).", required = false)
            String subject,
            @ToolArg(name = VERIFIED_ONLY, description = "Only verified senders.",
                    required = false) String verifiedOnly,
            Progress progress,
            Cancellation cancellation) {
        String accountId = caller.id();
        WaitRequest request = WaitRequest.parse(since, timeoutSeconds, TIMEOUT_ARGUMENT, from, subject,
                ListToolDocs.flag(VERIFIED_ONLY, verifiedOnly, false));
        CompletableFuture<WaitOutcome> wait = waits.await(accountId, inboxId, request);
        watch(wait, request, progress, connection.abandonment(cancellation));
        return Uni.createFrom().completionStage(wait.thenApply(outcome -> respond(accountId, inboxId, outcome)));
    }

    /**
     * Once a second: ends the wait when the client cancelled the call or closed its connection, and every
     * {@value #PROGRESS_EVERY_SECONDS} seconds reports progress to a client that gave a progress token.
     */
    private void watch(CompletableFuture<WaitOutcome> wait, WaitRequest request, Progress progress,
            BooleanSupplier abandoned) {
        if (wait.isDone()) {
            return;
        }
        boolean reports = progress.token().isPresent();
        long total = request.timeout().toSeconds();
        AtomicInteger seconds = new AtomicInteger();
        long timer = vertx.setPeriodic(TICK_MILLIS, tick -> {
            int waited = seconds.incrementAndGet();
            if (abandoned.getAsBoolean()) {
                wait.cancel(false);
            } else if (reports && waited % PROGRESS_EVERY_SECONDS == 0 && waited < total) {
                progress.notificationBuilder().setProgress(waited).setTotal(total)
                        .setMessage("Waiting for a message: " + waited + " of " + total + " seconds")
                        .build().sendAndForget();
            }
        });
        wait.whenComplete((outcome, failure) -> vertx.cancelTimer(timer));
    }

    private ToolResponse respond(String accountId, String inboxId, WaitOutcome outcome) {
        AgentWaitResult result;
        String summary;
        String verdict = "";
        if (outcome.timedOut()) {
            result = new AgentWaitResult(true, null, outcome.next());
            summary = "No message arrived before the timeout. To keep waiting without missing one, call "
                    + "wait_for_message again with since = next.";
        } else {
            Message row = outcome.message();
            String body;
            try {
                MessageDetail detail = messages.get(accountId, inboxId, row.id());
                body = detail.text();
                verdict = SenderVerdict.line(detail) + "\n";
            } catch (NotFoundException deletedMeanwhile) {
                body = null;
                verdict = row.senderVerified() ? "Sender verified.\n" : "UNVERIFIED sender.\n";
            }
            result = new AgentWaitResult(false, AgentWaitResult.ArrivedMessage.of(row, body), outcome.next());
            summary = "A message arrived (id " + row.id() + "); it is between the external-content markers"
                    + (result.message().textCut() != null ? ", cut: get_message reads the rest" : "")
                    + ". To wait for the next one, call wait_for_message with since = next.";
        }
        // The text says the result once (not a JSON copy of structuredContent), the message's fields as one block.
        String said = verdict + "timed_out: " + result.timedOut() + "\nnext: " + result.next() + "\nmessage: "
                + (result.message() == null ? "null" : "\n" + ExternalContent.markMessages(text.render(result.message())));
        return responder.respond(new Draft(result, said, summary, 0));
    }
}
