package dev.inboxes.app.support;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The filter the bulk-delete tests delete by: inboxes created yesterday (seeded in the past), never the one the
 * test's account makes today through the API.
 */
public final class YesterdaysFilter {

    public static final Instant YESTERDAY = Instant.parse("2026-11-28T00:00:00Z");
    public static final Instant TODAY = Instant.parse("2026-11-29T00:00:00Z");
    /** The filter as the REST body and the MCP arguments name it. */
    public static final Map<String, Object> YESTERDAYS = Map.of("created_after", YESTERDAY.toString(),
            "created_before", TODAY.toString());

    private YesterdaysFilter() {
    }

    /** The same filter with the preview's token: a confirmed deletion. */
    public static Map<String, Object> confirmedBy(Object confirmToken) {
        Map<String, Object> confirmed = new HashMap<>(YESTERDAYS);
        confirmed.put("confirm_token", confirmToken);
        return confirmed;
    }
}
