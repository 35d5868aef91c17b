package dev.inboxes.sdk;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Canned JSON in the server's wire format. */
final class Fixtures {

    static final String CREATED_AT = "2026-11-29T21:48:33.123456Z";

    private Fixtures() {
    }

    static String inboxJson(int n) {
        return "{\"id\":\"inb_" + n + "\",\"address\":\"user" + n + "@inboxes.test\",\"display_name\":null,"
                + "\"created_at\":\"" + CREATED_AT + "\"}";
    }

    static String messageJson(int n) {
        return "{\"id\":\"msg_" + n + "\",\"inbox_id\":\"inb_1\",\"from\":\"alice@example.com\","
                + "\"to\":\"user1@inboxes.test\",\"subject\":\"Subject " + n + "\",\"preview\":\"Hi\","
                + "\"received_at\":\"" + CREATED_AT + "\"}";
    }

    /** A page in wire format; {@code total} null leaves the field out, as the server does on later pages. */
    static String pageJson(List<String> items, String cursor, boolean hasMore, Long total) {
        String cursorJson = cursor == null ? "null" : "\"" + cursor + "\"";
        String totalJson = total == null ? "" : ",\"total\":" + total;
        return "{\"data\":[" + String.join(",", items) + "],\"cursor\":" + cursorJson + ",\"has_more\":" + hasMore
                + totalJson + "}";
    }

    /**
     * Serves {@code count} items {@code pageSize} at a time, as the server would: cursor "cN" starts page N
     * (counting from 0), total only on the first page, null cursor on the last.
     */
    static Function<StubServer.RecordedRequest, StubReply> pagedList(int count, int pageSize,
                                                                     Function<Integer, String> itemJson) {
        return request -> {
            String cursor = request.query("cursor");
            int pageIndex = cursor == null ? 0 : Integer.parseInt(cursor.substring(1));
            int from = pageIndex * pageSize;
            int to = Math.min(from + pageSize, count);
            List<String> items = IntStream.range(from, to).mapToObj(itemJson::apply).collect(Collectors.toList());
            boolean hasMore = to < count;
            return StubReply.ok(pageJson(items, hasMore ? "c" + (pageIndex + 1) : null, hasMore,
                    cursor == null ? (long) count : null));
        };
    }

    static Function<StubServer.RecordedRequest, StubReply> pagedInboxes(int count, int pageSize) {
        return pagedList(count, pageSize, Fixtures::inboxJson);
    }
}
