package dev.inboxes.sdk;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.Map;

/** Builds the JDK request for an {@link ApiCall}. The result is immutable, so retries resend the same request. */
final class RequestFactory {

    private static final String USER_AGENT = "inboxes-java-sdk";

    private RequestFactory() {
    }

    static HttpRequest build(ClientSettings settings, ApiCall call) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(settings.baseUri() + call.path()))
                .timeout(call.timeout() != null ? call.timeout() : settings.requestTimeout())
                // Errors arrive as problem+json; accepting only application/json could earn a 406.
                .header("Accept", "application/json, application/problem+json")
                .header("User-Agent", USER_AGENT);
        if (settings.apiKey() != null) {
            request.header("Authorization", "Bearer " + settings.apiKey());
        }
        for (Map.Entry<String, String> header : call.headers().entrySet()) {
            request.setHeader(header.getKey(), header.getValue()); // replaces a default, e.g. Accept for a download
        }
        if (call.jsonBody() == null) {
            request.method(call.method(), BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(call.method(), BodyPublishers.ofString(call.jsonBody()));
        }
        return request.build();
    }
}
