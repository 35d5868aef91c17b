package dev.inboxes.sdk;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/** The JDK client a built {@link InboxesClient} uses when the caller supplies none. */
final class DefaultHttpClient {

    private DefaultHttpClient() {
    }

    static HttpClient create(URI baseUri, Duration requestTimeout) {
        // HTTP/2 over TLS (negotiated, with fallback); HTTP/1.1 over plain HTTP, because the JDK's
        // cleartext h2c upgrade attempt adds headers some servers and proxies mishandle.
        HttpClient.Version version = "https".equalsIgnoreCase(baseUri.getScheme())
                ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1;
        return HttpClient.newBuilder()
                .version(version)
                .connectTimeout(requestTimeout)
                .followRedirects(HttpClient.Redirect.NEVER) // the API never redirects: report one, do not follow
                .build();
    }
}
