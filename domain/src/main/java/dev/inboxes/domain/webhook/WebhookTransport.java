package dev.inboxes.domain.webhook;

import java.time.Duration;
import java.util.Map;

/** Sends one signed event to an endpoint (port): a POST that never follows redirects and checks the destination. */
public interface WebhookTransport {

    /**
     * Resolves the URL's host, refuses destinations {@link WebhookDestinations} does not allow (on every attempt, so a
     * host that resolves elsewhere later is caught), and POSTs {@code body} to the address it checked.
     *
     * @return the status, or why there was none; never throws for the endpoint's failures
     */
    WebhookReply post(String url, Map<String, String> headers, byte[] body, Duration timeout);
}
