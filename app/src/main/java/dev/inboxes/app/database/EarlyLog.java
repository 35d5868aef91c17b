package dev.inboxes.app.database;

import io.smallrye.config.SmallRyeConfig;
import org.jboss.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.Level;
import org.jboss.logmanager.formatters.PatternFormatter;

/**
 * Log lines written before Quarkus has set up logging. Until then Quarkus holds every record back, which on a first
 * start would be many seconds of silence while PostgreSQL is unpacked and its database created; these lines are
 * written to the console at once, in the console log's format ({@code quarkus.log.console.format}). When the console
 * logs JSON, or not at all, they go to the logger instead, and come out once logging is set up.
 */
final class EarlyLog {

    /** Quarkus' default console format. */
    private static final String DEFAULT_FORMAT = "%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p [%c] (%t) %s%e%n";

    private final Class<?> category;
    private final PatternFormatter console;

    private EarlyLog(Class<?> category, PatternFormatter console) {
        this.category = category;
        this.console = console;
    }

    static EarlyLog of(SmallRyeConfig config, Class<?> category) {
        boolean plainConsole = config.getOptionalValue("quarkus.log.console.enabled", Boolean.class).orElse(true)
                && !config.getOptionalValue("quarkus.log.console.json.enabled", Boolean.class).orElse(false);
        return new EarlyLog(category, plainConsole
                ? new PatternFormatter(config.getOptionalValue("quarkus.log.console.format", String.class)
                        .orElse(DEFAULT_FORMAT))
                : null);
    }

    void info(String message) {
        write(Logger.Level.INFO, Level.INFO, message);
    }

    void warn(String message) {
        write(Logger.Level.WARN, Level.WARN, message);
    }

    private void write(Logger.Level loggerLevel, java.util.logging.Level recordLevel, String message) {
        if (console == null) {
            Logger.getLogger(category).log(loggerLevel, message);
            return;
        }
        ExtLogRecord record = new ExtLogRecord(recordLevel, message, ExtLogRecord.FormatStyle.NO_FORMAT,
                EarlyLog.class.getName());
        record.setLoggerName(category.getName());
        System.out.print(console.format(record));
        System.out.flush();
    }
}
