package dev.inboxes.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * (b) The price of {@code total}: a first page (which carries it) against a cursor page of the same query,
 * over HTTP, interleaved, for the unfiltered list and for filters.
 */
final class Totals {

    /** One query's figures; {@code totalExact} false when the service stopped counting at its bound. */
    record Row(String query, long total, boolean totalExact, Stats firstPage, Stats cursorPage) {
    }

    private Totals() {
    }

    /** @param queries label, then query string (without limit), e.g. {@code &q=sales+desk} */
    static List<Row> run(Http http, List<String[]> queries, int rounds) throws Exception {
        List<String> cursorPaths = new ArrayList<>();
        List<Long> totals = new ArrayList<>();
        List<Boolean> exact = new ArrayList<>();
        for (String[] query : queries) {
            JsonNode page = http.getJson("/v1/inboxes?limit=200" + query[1]);
            totals.add(page.path("total").asLong());
            exact.add(page.path("total_exact").asBoolean(true));
            String cursor = null;
            for (int i = 0; i < 5 && page.path("has_more").asBoolean(); i++) { // about 1,000 rows deep
                cursor = page.path("cursor").asText();
                page = http.getJson("/v1/inboxes?limit=200" + query[1] + "&cursor=" + cursor);
            }
            if (cursor == null) { // a small result: continue after its first row
                cursor = http.getJson("/v1/inboxes?limit=1" + query[1]).path("cursor").textValue();
            }
            if (cursor == null) {
                throw new IllegalStateException(query[0] + " matches fewer than two inboxes: no cursor page to compare");
            }
            cursorPaths.add("/v1/inboxes?limit=50" + query[1] + "&cursor=" + Http.encode(cursor));
        }
        List<Samples> firstPages = new ArrayList<>();
        List<Samples> cursorPages = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            firstPages.add(new Samples());
            cursorPages.add(new Samples());
        }
        try (RawHttp probe = new RawHttp(http.baseUrl, http.apiKey)) {
            measure(queries, rounds, probe, cursorPaths, firstPages, cursorPages);
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            rows.add(new Row(queries.get(i)[0], totals.get(i), exact.get(i), firstPages.get(i).stats(),
                    cursorPages.get(i).stats()));
        }
        return rows;
    }

    private static void measure(List<String[]> queries, int rounds, RawHttp probe, List<String> cursorPaths,
            List<Samples> firstPages, List<Samples> cursorPages) {
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < queries.size(); i++) {
                String firstPath = "/v1/inboxes?limit=50" + queries.get(i)[1];
                firstPages.get(i).time(() -> probe.get(firstPath));
                String cursorPath = cursorPaths.get(i);
                cursorPages.get(i).time(() -> probe.get(cursorPath));
            }
        }
    }
}
