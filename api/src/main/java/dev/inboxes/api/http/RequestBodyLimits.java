package dev.inboxes.api.http;

import io.quarkus.runtime.configuration.MemorySize;
import jakarta.inject.Singleton;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How large a request body may be, by route: the mail-out routes carry attachments (10 MB encoded, with the JSON
 * around it), every other route a small JSON object.
 */
@Singleton
public class RequestBodyLimits {

    private static final Pattern MAIL_OUT = Pattern.compile("/v1/inboxes/[^/]+/messages/(send|[^/]+/(reply|forward))/?");

    private final long largest;
    private final long usual;

    RequestBodyLimits(@ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize largest,
            HttpLimitsConfig config) {
        this.largest = largest.asLongValue();
        this.usual = Math.min(config.maxBodySize().asLongValue(), this.largest);
    }

    /** The limit of every route together: what the HTTP server itself enforces. */
    public long largest() {
        return largest;
    }

    /** The limit of the route that {@code path} names. */
    public long limitFor(String path) {
        return path != null && MAIL_OUT.matcher(path).matches() ? largest : usual;
    }
}
