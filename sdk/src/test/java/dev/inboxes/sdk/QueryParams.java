package dev.inboxes.sdk;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Decodes a raw query string the way a server would. */
final class QueryParams {

    private QueryParams() {
    }

    static Map<String, String> parse(String rawQuery) {
        Map<String, String> params = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return params;
        }
        for (String pair : rawQuery.split("&")) {
            String[] nameAndValue = pair.split("=", 2);
            String value = nameAndValue.length == 2 ? nameAndValue[1] : "";
            params.put(decode(nameAndValue[0]), decode(value));
        }
        return params;
    }

    private static String decode(String value) {
        return URLDecoder.decode(value, StandardCharsets.UTF_8);
    }
}
