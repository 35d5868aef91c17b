package dev.inboxes.sdk;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * Everything a built client needs, fixed at build time so the client is immutable and thread-safe.
 *
 * @param baseUri        the server's base URI, without trailing slash
 * @param apiKey         the bearer key, or null for the unauthenticated sign-up call
 * @param httpClient     the JDK client that sends the requests
 * @param requestTimeout the timeout of each attempt
 * @param retryPolicy    how idempotent calls are retried
 * @param listener       observes every attempt
 */
record ClientSettings(URI baseUri, String apiKey, HttpClient httpClient, Duration requestTimeout,
                      RetryPolicy retryPolicy, RequestListener listener) {

    /** Masks the key, so logging the settings cannot leak it. */
    @Override
    public String toString() {
        return "ClientSettings[baseUri=" + baseUri + ", apiKey=" + Secrets.mask(apiKey) + ", requestTimeout="
                + requestTimeout + ", retryPolicy=" + retryPolicy + "]";
    }
}
