package dev.inboxes.mcp.session;

import dev.inboxes.mcp.session.JsonRpcMessages.Verdict;
import dev.inboxes.mcp.session.McpTransportErrors.Refusal;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.http.runtime.StreamableHttpMcpMessageHandler;
import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import io.quarkiverse.mcp.server.runtime.McpConnectionBase;
import io.quarkiverse.mcp.server.runtime.McpMessageHandler;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.impl.RoutingContextInternal;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Everything that reaches the MCP endpoint passes here first, after authentication, and the MCP server only sees what
 * passed. The quarkus-mcp-server library (1.13.0) looks sessions up by id alone, keeps each session's whole
 * {@code initialize} params for up to its idle timeout, answers some malformed messages late or not at all, and ends
 * transport errors without a body. So:
 * <ul>
 * <li>a session belongs to the account that opened it: any use with another account's key (POST, the GET event
 * stream, DELETE) is answered {@code 404}, exactly as for a session that does not exist, and never reaches the
 * library;</li>
 * <li>sessions are capped per account and overall, the least recently used one evicted
 * ({@link SessionOwners});</li>
 * <li>an {@code initialize} reaches the library with a bounded description of the client
 * ({@link JsonRpcMessages#bounded});</li>
 * <li>malformed JSON-RPC is answered here with the error the specification names ({@link JsonRpcMessages});</li>
 * <li>{@code tools/list} is answered here, every tool on one page, in the form {@link ToolListing} writes;</li>
 * <li>transport errors are problems ({@link McpTransportErrors}); the legacy HTTP+SSE transport ({@code /mcp/sse},
 * {@code /mcp/messages/…}), which has no such binding, is switched off: {@code 404}.</li>
 * </ul>
 */
@Singleton
public class McpSessionGuard {

    private static final Logger LOG = Logger.getLogger(McpSessionGuard.class);
    /** After authentication (-200), authorization (-100) and the body size checks (-3, -2); before the MCP route. */
    private static final int ORDER = -1;
    private static final String SESSION = StreamableHttpMcpMessageHandler.MCP_SESSION_ID_HEADER;
    private static final String PROTOCOL_VERSION = StreamableHttpMcpMessageHandler.MCP_PROTOCOL_VERSION_HEADER;
    private static final String ALLOWED = "GET, POST, DELETE";
    private static final long SWEEP_MILLIS = 60_000;
    private static final int MAX_ECHOED_HEADER = 64;

    private final ConnectionManager sessions;
    private final McpTransportErrors errors;
    private final SessionOwners owners;
    private final ToolListing listing;
    private final String endpoint;
    /** Sessions the library holds that no account owns, seen at the last sweep: ended at the next one. */
    private Set<String> unowned = Set.of();

    McpSessionGuard(ConnectionManager sessions, McpTransportErrors errors, McpSessionsConfig config, ToolListing listing,
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = "/mcp") String endpoint) {
        this.sessions = sessions;
        this.errors = errors;
        this.owners = new SessionOwners(config.sessionsPerAccount(), config.maxSessions());
        this.endpoint = endpoint;
        this.listing = listing;
    }

    void register(@Observes Router router, Vertx vertx) {
        router.routeWithRegex("^" + Pattern.quote(endpoint) + "(/.*)?$").order(ORDER).handler(this::guard);
        vertx.setPeriodic(SWEEP_MILLIS, tick -> sweep());
    }

    private void guard(RoutingContext context) {
        String path = context.normalizedPath();
        if (!path.equals(endpoint) && !path.equals(endpoint + "/")) {
            errors.refuse(context, Refusal.NOT_FOUND, "There is no route " + context.request().method() + " "
                    + capped(path) + ". MCP is served over Streamable HTTP at " + endpoint
                    + " only; the legacy HTTP+SSE transport is switched off.");
            return;
        }
        String account = account(context);
        if (account == null) {
            context.next(); // the permission policy admits only authenticated callers; nothing to bind
            return;
        }
        HttpMethod method = context.request().method();
        if (HttpMethod.POST.equals(method)) {
            post(context, account);
        } else if (HttpMethod.GET.equals(method)) {
            stream(context, account);
        } else if (HttpMethod.DELETE.equals(method)) {
            terminate(context, account);
        } else {
            context.response().putHeader(HttpHeaders.ALLOW, ALLOWED);
            errors.refuse(context, Refusal.METHOD_NOT_ALLOWED, method + " is not part of the MCP transport. POST "
                    + "JSON-RPC messages, GET a session's event stream, DELETE a session.");
        }
    }

    private void post(RoutingContext context, String account) {
        List<String> accepts = context.request().headers().getAll(HttpHeaders.ACCEPT);
        if (!accepts(accepts, "application/json") || !accepts(accepts, "text/event-stream")) {
            errors.refuse(context, Refusal.NOT_ACCEPTABLE, "Send Accept: application/json, text/event-stream: the "
                    + "server answers a message with either.");
            return;
        }
        String version = context.request().getHeader(PROTOCOL_VERSION);
        if (version != null && !McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS.contains(version)) {
            errors.refuse(context, Refusal.BAD_REQUEST, PROTOCOL_VERSION + " " + capped(version) + " is not supported. "
                    + "Send one of " + McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS + ", the one initialize agreed.");
            return;
        }
        String session = context.request().getHeader(SESSION);
        if (session != null && !owned(context, session, account)) {
            return;
        }
        Verdict verdict = JsonRpcMessages.check(context.body().buffer());
        if (!verdict.valid()) {
            answer(context, verdict.status(), verdict.error());
            return;
        }
        JsonObject message = verdict.message();
        if (session == null) {
            if (!JsonRpcMessages.isInitialize(message)) {
                answer(context, 400, JsonRpcMessages.error(message.getValue("id"), JsonRpcErrorCodes.INVALID_REQUEST, "No session: send "
                        + "initialize without " + SESSION + " first, then send its " + SESSION + " with every message."));
                return;
            }
            ((RoutingContextInternal) context).setBody(Buffer.buffer(JsonRpcMessages.bounded(message).encode()));
            context.addHeadersEndHandler(headers -> opened(context, account));
        } else if (JsonRpcMessages.isFirstToolsList(message)) {
            answer(context, 200, listing.response(message.getValue("id")));
            return;
        }
        context.next();
    }

    private void stream(RoutingContext context, String account) {
        String session = context.request().getHeader(SESSION);
        if (session == null) {
            context.response().putHeader(HttpHeaders.ALLOW, "POST, DELETE");
            errors.refuse(context, Refusal.METHOD_NOT_ALLOWED, "The server opens no event stream outside a session. "
                    + "Send " + SESSION + " to open a session's stream.");
            return;
        }
        if (owned(context, session, account)) {
            context.next();
        }
    }

    private void terminate(RoutingContext context, String account) {
        String session = context.request().getHeader(SESSION);
        if (session == null) {
            errors.refuse(context, Refusal.BAD_REQUEST, "Send " + SESSION + " with the id of the session to end.");
            return;
        }
        if (owned(context, session, account)) {
            context.addEndHandler(ended -> owners.close(session));
            context.next();
        }
    }

    /** Whether the session exists and this account opened it; otherwise answers 404, the same in both cases. */
    private boolean owned(RoutingContext context, String session, String account) {
        if (owners.use(session, account) && sessions.has(session)) {
            return true;
        }
        if (owners.isKnown(session) && !sessions.has(session)) {
            owners.close(session); // ended by the library: idle, or closed by the client
        }
        errors.refuse(context, Refusal.NOT_FOUND, "There is no MCP session with this " + SESSION + " for this API key "
                + "(it ended, or never existed). Start a new one: POST initialize without " + SESSION + ".");
        return false;
    }

    /** Just before the initialize response's headers go out: the new session is this account's. */
    private void opened(RoutingContext context, String account) {
        String session = context.response().headers().get(SESSION);
        if (session == null || context.response().getStatusCode() != 200) {
            return; // initialize failed: no session
        }
        List<String> evicted = owners.open(session, account);
        for (String old : evicted) {
            LOG.debugf("MCP session %s evicted to stay within the session caps", old);
            sessions.remove(old);
        }
    }

    /** Forgets sessions the library ended, and ends those no account owns (an initialize whose answer never left). */
    private void sweep() {
        owners.retainAll(sessions::has);
        Set<String> stillUnowned = new HashSet<>();
        for (McpConnectionBase session : sessions) {
            if (!owners.isKnown(session.id())) {
                if (unowned.contains(session.id())) {
                    sessions.remove(session.id());
                } else {
                    stillUnowned.add(session.id());
                }
            }
        }
        unowned = stillUnowned;
    }

    private void answer(RoutingContext context, int status, JsonObject error) {
        context.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(error.encode());
    }

    private static String account(RoutingContext context) {
        if (context.user() instanceof QuarkusHttpUser user) {
            SecurityIdentity identity = user.getSecurityIdentity();
            return identity.isAnonymous() ? null : identity.getPrincipal().getName();
        }
        return null;
    }

    private static boolean accepts(List<String> accepts, String type) {
        return accepts.stream().anyMatch(accept -> accept.contains(type));
    }

    private static String capped(String value) {
        return value.length() <= MAX_ECHOED_HEADER ? value : value.substring(0, MAX_ECHOED_HEADER) + "…";
    }
}
