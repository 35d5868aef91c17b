package dev.inboxes.bench;

import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.paging.Keyset;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * (a) Page latency by depth: the keyset query vs OFFSET in SQL, and the service's cursor page over HTTP.
 * Rounds interleave every depth and method, so a noisy moment hits them all alike.
 */
final class DepthLatency {

    /** One depth's figures. */
    record Row(long depth, Stats keysetSql, Stats offsetSql, Stats cursorHttp) {
    }

    private DepthLatency() {
    }

    static List<Row> run(Postgres database, Http http, String accountId, long[] depths, int rounds) throws Exception {
        Map<Long, Samples> keyset = new LinkedHashMap<>();
        Map<Long, Samples> offset = new LinkedHashMap<>();
        Map<Long, Samples> cursor = new LinkedHashMap<>();
        try (Connection connection = database.connect();
             RawHttp probe = new RawHttp(http.baseUrl, http.apiKey);
             PreparedStatement keysetQuery = connection.prepareStatement(Queries.KEYSET);
             PreparedStatement offsetQuery = connection.prepareStatement(Queries.OFFSET)) {
            Map<Long, Keyset> after = new LinkedHashMap<>();
            for (long depth : depths) {
                keyset.put(depth, new Samples());
                offset.put(depth, new Samples());
                cursor.put(depth, new Samples());
                if (depth > 0) {
                    after.put(depth, Queries.keysetAt(connection, accountId, depth - 1));
                }
            }
            for (int round = 0; round < rounds; round++) {
                for (long depth : depths) {
                    Keyset position = after.get(depth);
                    keyset.get(depth).time(() -> {
                        if (position == null) {
                            Queries.offsetPage(offsetQuery, accountId, 0); // page one has no keyset
                        } else {
                            Queries.keysetPage(keysetQuery, accountId, position);
                        }
                    });
                    // Deep OFFSET pages take hundreds of milliseconds: a smaller sample keeps the run short.
                    if (depth < 100_000 || round % 10 == 0) {
                        offset.get(depth).time(() -> Queries.offsetPage(offsetQuery, accountId, depth));
                    }
                    String path = position == null ? "/v1/inboxes?limit=50"
                            : "/v1/inboxes?limit=50&cursor=" + Cursors.after(accountId, InboxFilter.NONE, position);
                    cursor.get(depth).time(() -> probe.get(path));
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (long depth : depths) {
            rows.add(new Row(depth, keyset.get(depth).stats(), offset.get(depth).stats(), cursor.get(depth).stats()));
        }
        return rows;
    }
}
