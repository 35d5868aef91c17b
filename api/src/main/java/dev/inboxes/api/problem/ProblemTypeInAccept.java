package dev.inboxes.api.problem;

import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Content negotiation that generated clients satisfy. {@code application/problem+json} in {@code Accept} states
 * how a client takes errors, not what it takes for a success: so each such media range also accepts any type
 * ({@code *}{@code /*}, with the same parameters, {@code q} included), and every route answers with its own success
 * type: {@code application/json} for every JSON route, and a route with another type (raw mail, an attachment)
 * keeps working for the same clients. Generators build {@code Accept} from an operation's response types, and
 * some send only one: openapi-generator's python client sends the first JSON type alone, which is
 * {@code application/problem+json} when an operation lists it first, when it is the only type (a 204 delete), or
 * when the success type is not JSON. Without this, such requests would earn a 406 for a body the client can read.
 * <p>
 * Runs before resource matching, so it holds for every route. An {@code Accept} without problem+json that
 * excludes the route's type (e.g. {@code text/html} on a JSON route) still gets a 406 problem.
 */
public class ProblemTypeInAccept {

    private static final String PROBLEM_JSON = ProblemType.MEDIA_TYPE.toString();

    @ServerRequestFilter(preMatching = true)
    public void acceptSuccessBodiesWhereProblemsAreAccepted(ContainerRequestContext context, HttpServerRequest request) {
        // The raw header first: most requests do not name problem+json, and they pay only this check.
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        if (accept == null || !accept.toLowerCase(Locale.ROOT).contains(PROBLEM_JSON)) {
            return;
        }
        List<String> values = context.getHeaders().get(HttpHeaders.ACCEPT);
        List<String> widened = new ArrayList<>(values.size());
        for (String value : values) {
            widened.add(widen(value));
        }
        context.getHeaders().put(HttpHeaders.ACCEPT, widened);
    }

    /** {@code application/problem+json;q=0.8} becomes {@code application/problem+json;q=0.8, *}{@code /*;q=0.8}. */
    static String widen(String accept) {
        StringBuilder widened = new StringBuilder(accept);
        for (String range : accept.split(",")) {
            int parameters = range.indexOf(';');
            String type = (parameters < 0 ? range : range.substring(0, parameters)).trim();
            if (type.equalsIgnoreCase(PROBLEM_JSON)) {
                widened.append(", ").append(MediaType.WILDCARD).append(parameters < 0 ? "" : range.substring(parameters).trim());
            }
        }
        return widened.toString();
    }
}
