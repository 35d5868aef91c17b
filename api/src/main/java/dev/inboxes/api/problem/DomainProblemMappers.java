package dev.inboxes.api.problem;

import dev.inboxes.domain.account.LastApiKeyException;
import dev.inboxes.domain.account.TooManyApiKeysException;
import dev.inboxes.domain.inbox.AddressTakenException;
import dev.inboxes.domain.inbox.IdempotencyKeyReusedException;
import dev.inboxes.domain.inbox.MatchesChangedException;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.InvalidCursorException;
import dev.inboxes.domain.shared.DomainException;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.wait.TooManyWaitsException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Domain failures as problems: the domain's message already tells the caller what to do next. */
public class DomainProblemMappers {

    @ServerExceptionMapper
    public Response domainFailure(DomainException e) {
        Response problem = typeOf(e).response(e.getMessage());
        return e instanceof TooManyWaitsException
                ? Response.fromResponse(problem).header(HttpHeaders.RETRY_AFTER, WAIT_RETRY_AFTER_SECONDS).build()
                : problem;
    }

    /** A place among an account's waits frees up when one of them returns: soon, but not at once. */
    static final String WAIT_RETRY_AFTER_SECONDS = "5";

    /** Most specific first: the cursor failures are invalid arguments too. */
    static ProblemType typeOf(DomainException e) {
        if (e instanceof InvalidCursorException) {
            return ProblemType.INVALID_CURSOR;
        }
        if (e instanceof CursorMismatchException) {
            return ProblemType.CURSOR_MISMATCH;
        }
        if (e instanceof InvalidArgumentException) {
            return ProblemType.INVALID_REQUEST;
        }
        if (e instanceof NotFoundException) {
            return ProblemType.NOT_FOUND;
        }
        if (e instanceof AddressTakenException) {
            return ProblemType.ADDRESS_TAKEN;
        }
        if (e instanceof MatchesChangedException) {
            return ProblemType.MATCHES_CHANGED;
        }
        if (e instanceof IdempotencyKeyReusedException) {
            return ProblemType.IDEMPOTENCY_KEY_REUSED;
        }
        if (e instanceof LastApiKeyException) {
            return ProblemType.LAST_API_KEY;
        }
        if (e instanceof TooManyApiKeysException) {
            return ProblemType.TOO_MANY_API_KEYS;
        }
        if (e instanceof TooManyWaitsException) {
            return ProblemType.TOO_MANY_WAITS;
        }
        return ProblemType.INTERNAL_ERROR; // a domain failure without a problem type is a bug here, not the caller's
    }
}
