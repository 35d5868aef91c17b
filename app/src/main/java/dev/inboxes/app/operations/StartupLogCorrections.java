package dev.inboxes.app.operations;

import io.quarkus.logging.LoggingFilter;
import java.util.logging.Filter;
import java.util.logging.LogRecord;

/**
 * Two start-up lines of libraries that would mislead an operator (applied to the console log,
 * {@code quarkus.log.console.filter}):
 * <ul>
 * <li>The MCP library names its legacy SSE endpoint beside the Streamable HTTP one, but the service switches that
 * transport off ({@code /mcp/sse} answers 404): the line keeps the endpoint that exists.</li>
 * <li>Micrometer warns that the gauges {@code vertx.http.connections.current} and {@code .max} are registered twice:
 * Quarkus registers them once per HTTP server when {@code quarkus.http.limits.max-connections} is set, with no tag
 * telling the servers apart, and the later registrations are ignored (docs/deploy.md, Metrics). Nothing can be done
 * about it here but keeping the limit, so the warning is dropped; any other duplicate still shows.</li>
 * </ul>
 */
@LoggingFilter(name = "startup-log-corrections")
public final class StartupLogCorrections implements Filter {

    static final String MCP_ENDPOINTS = "MCP%s HTTP transport endpoints [streamable: %s, SSE: %s]";
    /** The same parameters; set with {@link LogRecord#setMessage}, which makes it a {@code MessageFormat} pattern. */
    static final String MCP_ENDPOINT = "MCP{0} HTTP transport endpoint (Streamable HTTP): {1}";
    private static final String DUPLICATE_GAUGE = "This Gauge has been already registered";
    private static final String CONNECTION_GAUGES = "name='vertx.http.connections.";

    @Override
    public boolean isLoggable(LogRecord record) {
        String message = record.getMessage();
        if (message == null) {
            return true;
        }
        if (message.equals(MCP_ENDPOINTS)) {
            record.setMessage(MCP_ENDPOINT);
            return true;
        }
        return !(message.startsWith(DUPLICATE_GAUGE) && message.contains(CONNECTION_GAUGES));
    }
}
