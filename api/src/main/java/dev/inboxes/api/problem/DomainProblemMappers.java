package dev.inboxes.api.problem;

import dev.inboxes.domain.account.LastApiKeyException;
import dev.inboxes.domain.account.TooManyApiKeysException;
import dev.inboxes.domain.inbox.AddressTakenException;
import dev.inboxes.domain.inbox.IdempotencyKeyInFlightException;
import dev.inboxes.domain.inbox.IdempotencyKeyReusedException;
import dev.inboxes.domain.inbox.MatchesChangedException;
import dev.inboxes.domain.outbound.OutboxFullException;
import dev.inboxes.domain.outbound.SendRateLimitedException;
import dev.inboxes.domain.outbound.RecipientSuppressedException;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.InvalidCursorException;
import dev.inboxes.domain.shared.DomainException;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.wait.TooManyWaitsException;
import dev.inboxes.domain.event.TooManyStreamsException;
import dev.inboxes.domain.webhook.TooManyWebhooksException;
import dev.inboxes.domain.webhook.WebhookDisabledException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Domain failures as problems: the domain's message already tells the caller what to do next. */
public class DomainProblemMappers {

    @ServerExceptionMapper
    public Response domainFailure(DomainException e) {
        Response problem = typeOf(e).response(e.getMessage());
        if (e instanceof TooManyWaitsException || e instanceof TooManyStreamsException) {
            return Response.fromResponse(problem).header(HttpHeaders.RETRY_AFTER, WAIT_RETRY_AFTER_SECONDS).build();
        }
        if (e instanceof SendRateLimitedException limited) {
            return Response.fromResponse(problem).header(HttpHeaders.RETRY_AFTER,
                    String.valueOf(Math.max(1, limited.retryAfter().toSeconds()))).build();
        }
        if (e instanceof IdempotencyKeyInFlightException) {
            return Response.fromResponse(problem).header(HttpHeaders.RETRY_AFTER, IN_FLIGHT_RETRY_AFTER_SECONDS).build();
        }
        if (e instanceof OutboxFullException) {
            return Response.fromResponse(problem).header(HttpHeaders.RETRY_AFTER, OUTBOX_RETRY_AFTER_SECONDS).build();
        }
        return problem;
    }

    /** The first retry of a deferred delivery is a minute away: an outbox rarely drains faster. */
    static final String OUTBOX_RETRY_AFTER_SECONDS = "60";

    /** A send is handled in well under a second, so its result is there to replay by then. */
    static final String IN_FLIGHT_RETRY_AFTER_SECONDS = "1";

    /** A place among an account's waits frees up when one of them returns: soon, but not at once. */
    static final String WAIT_RETRY_AFTER_SECONDS = "5";

    /** Most specific first: the cursor failures are invalid arguments too. */
    private static final List<Map.Entry<Class<? extends DomainException>, ProblemType>> TYPES = List.of(
            Map.entry(InvalidCursorException.class, ProblemType.INVALID_CURSOR),
            Map.entry(CursorMismatchException.class, ProblemType.CURSOR_MISMATCH),
            Map.entry(InvalidArgumentException.class, ProblemType.INVALID_REQUEST),
            Map.entry(NotFoundException.class, ProblemType.NOT_FOUND),
            Map.entry(AddressTakenException.class, ProblemType.ADDRESS_TAKEN),
            Map.entry(MatchesChangedException.class, ProblemType.MATCHES_CHANGED),
            Map.entry(IdempotencyKeyReusedException.class, ProblemType.IDEMPOTENCY_KEY_REUSED),
            Map.entry(IdempotencyKeyInFlightException.class, ProblemType.IDEMPOTENCY_KEY_IN_FLIGHT),
            Map.entry(LastApiKeyException.class, ProblemType.LAST_API_KEY),
            Map.entry(TooManyApiKeysException.class, ProblemType.TOO_MANY_API_KEYS),
            Map.entry(TooManyWaitsException.class, ProblemType.TOO_MANY_WAITS),
            Map.entry(OutboxFullException.class, ProblemType.OUTBOX_FULL),
            Map.entry(SendRateLimitedException.class, ProblemType.RATE_LIMITED),
            Map.entry(RecipientSuppressedException.class, ProblemType.RECIPIENT_SUPPRESSED),
            Map.entry(TooManyWebhooksException.class, ProblemType.TOO_MANY_WEBHOOKS),
            Map.entry(WebhookDisabledException.class, ProblemType.WEBHOOK_DISABLED),
            Map.entry(TooManyStreamsException.class, ProblemType.TOO_MANY_STREAMS));

    static ProblemType typeOf(DomainException e) {
        for (Map.Entry<Class<? extends DomainException>, ProblemType> type : TYPES) {
            if (type.getKey().isInstance(e)) {
                return type.getValue();
            }
        }
        return ProblemType.INTERNAL_ERROR; // a domain failure without a problem type is a bug here, not the caller's
    }
}
