package dev.inboxes.sdk;

import java.net.URI;
import java.net.URISyntaxException;

/** Validates the base URL once at build time, so a typo fails there rather than on the first call. */
final class BaseUri {

    private BaseUri() {
    }

    /** @return the URL as an absolute http(s) URI without trailing slash, ready for {@code + "/v1/…"} */
    static URI parse(String baseUrl) {
        if (baseUrl == null || baseUrl.isBlank()) {
            throw new IllegalStateException("baseUrl is required, e.g. http://localhost:8080");
        }
        URI uri;
        try {
            uri = new URI(baseUrl.strip().replaceAll("/+$", ""));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("baseUrl is not a valid URL: " + baseUrl, e);
        }
        String scheme = uri.getScheme();
        if (!("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme)) || uri.getHost() == null) {
            throw new IllegalArgumentException("baseUrl must be an absolute http or https URL (got " + baseUrl + ")");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("baseUrl must not have a query or fragment (got " + baseUrl + ")");
        }
        return uri;
    }
}
