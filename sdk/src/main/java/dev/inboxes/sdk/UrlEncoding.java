package dev.inboxes.sdk;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

/** Percent-encoding for path segments and query strings. */
final class UrlEncoding {

    private UrlEncoding() {
    }

    /**
     * Encodes a value for a path segment or a query parameter. URLEncoder writes a space as '+', which
     * only form decoders read as a space; "%20" means a space to every decoder. A literal '+' is already
     * "%2B", so every '+' left in the output was a space.
     */
    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Builds {@code ?a=1&b=2}, skipping null values; empty when nothing is set. */
    static final class Query {

        private final StringJoiner params = new StringJoiner("&", "?", "").setEmptyValue("");

        Query add(String name, Object value) {
            if (value != null) {
                params.add(name + "=" + encode(value.toString()));
            }
            return this;
        }

        @Override
        public String toString() {
            return params.toString();
        }
    }
}
