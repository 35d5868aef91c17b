package dev.inboxes.api.http;

import dev.inboxes.api.problem.ProblemType;
import dev.inboxes.domain.shared.Text;
import io.quarkus.vertx.http.runtime.cors.CORSFilter;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Requests from web pages of another origin (they carry {@code Origin}). Quarkus' CORS filter admits the page's own
 * origin and those listed in {@code quarkus.http.cors.origins} (none by default), and refuses the others, preflights
 * included, with a bare {@code 403}; this handler, just before it, refuses the same requests with a problem that says
 * how to admit an origin. Requests without {@code Origin} (programs, agents, curl) are not concerned.
 */
@ApplicationScoped
public class CrossOriginRequests {

    /** After requests are paused (their bodies unread), before Quarkus' CORS filter (-300) and authentication (-200). */
    private static final int ORDER = -500;

    private final boolean enabled;
    private final List<String> origins;
    private final List<Pattern> originPatterns;

    CrossOriginRequests(@ConfigProperty(name = "quarkus.http.cors.enabled", defaultValue = "false") boolean enabled,
            @ConfigProperty(name = "quarkus.http.cors.origins") Optional<List<String>> origins) {
        this.enabled = enabled;
        this.origins = origins.orElse(List.of());
        this.originPatterns = CORSFilter.parseAllowedOriginsRegex(origins);
    }

    void register(@Observes Router router) {
        if (enabled) {
            router.route().order(ORDER).handler(this::check);
        }
    }

    private void check(RoutingContext context) {
        String origin = context.request().getHeader(HttpHeaders.ORIGIN);
        if (origin == null || admits(origin, context.request())) {
            context.next();
            return;
        }
        context.response().putHeader(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        ProblemType.CROSS_ORIGIN_REFUSED.end(context.response(), "Requests from web pages of " + Text.quote(origin)
                + " are not accepted here: this server admits its own origin" + (origins.isEmpty() ? "" : " and "
                + String.join(", ", origins)) + ". To admit a browser application, add its origin to "
                + "QUARKUS_HTTP_CORS_ORIGINS on the server (comma-separated, e.g. https://app.example.com).");
    }

    /** The CORS filter's rule: a wildcard, a listed origin, a listed /regular expression/, or the same origin. */
    private boolean admits(String origin, HttpServerRequest request) {
        return origins.equals(List.of("*")) || origins.equals(List.of("/.*/")) || origins.contains(origin)
                || CORSFilter.isOriginAllowedByRegex(originPatterns, origin) || isSameOrigin(origin, request);
    }

    private static boolean isSameOrigin(String origin, HttpServerRequest request) {
        try {
            URI page = URI.create(origin);
            URI target = URI.create(request.scheme() + "://" + request.authority());
            return page.getScheme() != null && page.getScheme().equalsIgnoreCase(target.getScheme())
                    && page.getHost() != null && page.getHost().equalsIgnoreCase(target.getHost())
                    && port(page) == port(target) && (page.getRawPath() == null || page.getRawPath().isEmpty());
        } catch (IllegalArgumentException | NullPointerException malformed) {
            return false;
        }
    }

    private static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }
}
