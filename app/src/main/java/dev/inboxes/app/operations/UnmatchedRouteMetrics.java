package dev.inboxes.app.operations;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Set;

/**
 * The HTTP server meters' {@code uri} tag names route templates only. Micrometer tags a request that matched no
 * template {@code NOT_FOUND}, {@code UNKNOWN}, {@code REDIRECTION} or {@code root} depending on its status (and, with
 * {@code suppress4xx-errors} on, never with its raw path); those become one value, {@value #UNMATCHED}, since the
 * {@code status} tag already tells them apart. However many random paths clients try, they cost one series per
 * method and status, and the real routes keep their meters.
 */
public class UnmatchedRouteMetrics {

    /** The {@code uri} of every request that matched no route template. */
    public static final String UNMATCHED = "UNMATCHED";

    private static final String URI = "uri";
    private static final String HTTP_SERVER_METERS = "http.server.";
    private static final Set<String> MICROMETER_FALLBACKS = Set.of("NOT_FOUND", "UNKNOWN", "REDIRECTION", "root");

    @Produces
    @Singleton
    MeterFilter foldUnmatchedUris() {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                String uri = id.getTag(URI);
                if (uri == null || !id.getName().startsWith(HTTP_SERVER_METERS) || !MICROMETER_FALLBACKS.contains(uri)) {
                    return id;
                }
                List<Tag> tags = id.getTags().stream()
                        .map(tag -> tag.getKey().equals(URI) ? Tag.of(URI, UNMATCHED) : tag)
                        .toList();
                return id.replaceTags(tags);
            }
        };
    }
}
