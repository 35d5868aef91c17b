package dev.inboxes.api.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.inboxes.domain.shared.StoreUnavailableException;
import dev.inboxes.domain.shared.Text;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import dev.inboxes.domain.shared.Text;
import java.util.Set;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Framework and unexpected failures as problems, so no error path answers with HTML or an empty body. */
public class HttpProblemMappers {

    private static final Logger LOG = Logger.getLogger(HttpProblemMappers.class);
    public static final String RETRY_AFTER_SECONDS = "2";
    public static final String UNAVAILABLE_DETAIL = "The database is unavailable right now. Retry with backoff; "
            + "a create is safe to retry with the same Idempotency-Key.";

    @Inject
    KnownRoutes routes;

    @ServerExceptionMapper
    public Response malformedJson(JsonProcessingException e) {
        String message = e.getOriginalMessage();
        if (message != null && message.startsWith("Invalid UTF-8")) {
            return ProblemType.MALFORMED_JSON.response("The request body is not valid UTF-8 ("
                    + message.substring("Invalid UTF-8".length()).trim() + "). Send JSON encoded as UTF-8, with "
                    + "Content-Type: application/json.");
        }
        String where = e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
        return ProblemType.MALFORMED_JSON.response("The request body is not valid JSON" + where
                + ". Send a JSON object with Content-Type: application/json.");
    }

    /** Named explicitly: the JSON extension ships its own mapper for this subtype, with an empty body. */
    @ServerExceptionMapper
    public Response mismatchedJson(MismatchedInputException e) {
        return malformedJson(e);
    }

    @ServerExceptionMapper
    public Response unknownRoute(NotFoundException e, ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        Set<String> allowed = routes.allowedMethods(path);
        if (!allowed.isEmpty() && !allowed.contains(request.getMethod())) {
            return methodNotAllowed(request.getMethod(), allowed); // a path of another resource class
        }
        return ProblemType.NOT_FOUND.response("There is no route " + Text.quote(request.getMethod() + " "
                + path) + ". The routes are listed in the OpenAPI document at /q/openapi.");
    }

    @ServerExceptionMapper
    public Response methodNotAllowed(NotAllowedException e, ContainerRequestContext request) {
        return methodNotAllowed(request.getMethod(), routes.allowedMethods(request.getUriInfo().getPath()));
    }

    private static Response methodNotAllowed(String method, Set<String> allowed) {
        String hint = allowed.isEmpty() ? "See /q/openapi for the methods of each route."
                : "Use " + String.join(" or ", allowed) + ".";
        Response problem = ProblemType.METHOD_NOT_ALLOWED.response(Text.quote(method) + " is not supported on "
                + "this route. " + hint);
        return allowed.isEmpty() ? problem
                : Response.fromResponse(problem).header(HttpHeaders.ALLOW, String.join(", ", allowed)).build();
    }

    @ServerExceptionMapper
    public Response unsupportedMediaType(NotSupportedException e) {
        return ProblemType.UNSUPPORTED_MEDIA_TYPE.response(
                "Send the request body as JSON with the header Content-Type: application/json.");
    }

    /** Only an Accept without problem+json that excludes JSON gets here (see {@link ProblemTypeInAccept}). */
    @ServerExceptionMapper
    public Response notAcceptable(NotAcceptableException e, HttpHeaders headers) {
        String accept = headers.getHeaderString(HttpHeaders.ACCEPT);
        return ProblemType.NOT_ACCEPTABLE.response("This route answers with application/json, which Accept "
                + (accept == null ? "" : Text.quote(accept) + " ") + "excludes. Send Accept: application/json "
                + "(application/problem+json, */* or no Accept header work too); errors always come as "
                + "application/problem+json.");
    }

    @ServerExceptionMapper
    public Response otherHttpError(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            return unexpected(e);
        }
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof JsonProcessingException json) {
                return malformedJson(json); // the JSON reader wraps parse errors in a 400
            }
        }
        return Response.status(status).type(ProblemType.MEDIA_TYPE)
                .entity(new Problem(ProblemType.INVALID_REQUEST.uri(), e.getResponse().getStatusInfo().getReasonPhrase(),
                        status, "The request was refused: " + e.getMessage() + ". Check it against /q/openapi."))
                .build();
    }

    /** Any request that needs the database while it is away: not the caller's fault, and worth a retry. */
    @ServerExceptionMapper
    public Response storeUnavailable(StoreUnavailableException e) {
        LOG.warnf("Database unavailable: %s", e.getMessage());
        return Response.fromResponse(ProblemType.UNAVAILABLE.response(UNAVAILABLE_DETAIL))
                .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS).build();
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        LOG.error("Unexpected failure", e);
        return ProblemType.INTERNAL_ERROR.response("An unexpected error occurred. Retry later; if it persists, "
                + "report it with the time of the request.");
    }
}
