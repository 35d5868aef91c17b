package dev.inboxes.api.problem;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.RejectedExecutionException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The worker pool's queue is bounded ({@code quarkus.thread-pool.queue-size}): when it is full, work is refused
 * instead of waiting behind an ever longer queue, and the caller gets a {@code 503} problem saying to retry, never a
 * {@code 500}. Authentication, which checks the key on a worker, ends here too.
 */
public class OverloadProblemMapper {

    private static final Logger LOG = Logger.getLogger(OverloadProblemMapper.class);
    static final String DETAIL = "The service is at capacity right now. Retry with backoff; a create is safe to retry "
            + "with the same Idempotency-Key.";

    @ServerExceptionMapper
    public Response overloaded(RejectedExecutionException e) {
        LOG.debugf("Worker queue full, request shed: %s", e.getMessage());
        return Response.fromResponse(ProblemType.UNAVAILABLE.response(DETAIL))
                .header(HttpHeaders.RETRY_AFTER, HttpProblemMappers.RETRY_AFTER_SECONDS).build();
    }
}
