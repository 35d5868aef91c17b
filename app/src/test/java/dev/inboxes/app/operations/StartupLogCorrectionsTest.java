package dev.inboxes.app.operations;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.Level;
import org.jboss.logmanager.formatters.PatternFormatter;
import org.junit.jupiter.api.Test;

/** The corrected lines read as the console writes them: the MCP endpoint without /mcp/sse, no gauge warning. */
class StartupLogCorrectionsTest {

    private static final PatternFormatter CONSOLE = new PatternFormatter("%s");
    private final StartupLogCorrections corrections = new StartupLogCorrections();

    @Test
    void theMcpLineNamesTheStreamableEndpointOnly() {
        ExtLogRecord line = new ExtLogRecord(Level.INFO, StartupLogCorrections.MCP_ENDPOINTS,
                ExtLogRecord.FormatStyle.PRINTF, StartupLogCorrectionsTest.class.getName());
        line.setParameters(new Object[] {"", "http://localhost:8080/mcp", "http://localhost:8080/mcp/sse"});

        assertThat(corrections.isLoggable(line)).isTrue();
        assertThat(CONSOLE.format(line)).isEqualTo("MCP HTTP transport endpoint (Streamable HTTP): "
                + "http://localhost:8080/mcp");
    }

    @Test
    void theDuplicateConnectionGaugeWarningIsDroppedAndOtherLinesKept() {
        ExtLogRecord gauge = new ExtLogRecord(Level.WARN, "This Gauge has been already registered (MeterId{name="
                + "'vertx.http.connections.current', tags=[]}), the registration will be ignored.",
                ExtLogRecord.FormatStyle.NO_FORMAT, StartupLogCorrectionsTest.class.getName());
        ExtLogRecord other = new ExtLogRecord(Level.WARN, "This Gauge has been already registered (MeterId{name="
                + "'inboxes.page.rows', tags=[]}), the registration will be ignored.",
                ExtLogRecord.FormatStyle.NO_FORMAT, StartupLogCorrectionsTest.class.getName());

        assertThat(corrections.isLoggable(gauge)).isFalse();
        assertThat(corrections.isLoggable(other)).isTrue();
    }
}
