package dev.inboxes.domain.webhook;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/** The checks on an endpoint's URL when it is set; the destination is checked again on every attempt. */
public final class WebhookUrls {

    public static final int MAX_LENGTH = 2048;

    private WebhookUrls() {
    }

    /**
     * @return the URL as given, once it is an absolute {@code https} URL (or {@code http} when allowed) of a host,
     *         without user info or fragment, that is not a local name or a refused address literal (unless private
     *         destinations are allowed)
     */
    public static String check(String url, boolean allowHttp, boolean allowPrivate) {
        if (url == null || url.isEmpty()) {
            throw invalid("url is required: the https URL the events are POSTed to.", url);
        }
        if (url.length() > MAX_LENGTH) {
            throw invalid("url is longer than " + MAX_LENGTH + " characters.", url);
        }
        if (Text.hasControlCharacters(url) || Text.unpairedSurrogate(url) >= 0
                || !url.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw invalid("url must be printable ASCII without spaces (write an international host name in its xn-- "
                    + "form and percent-encode the rest).", url);
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw invalid("url is not a valid URL (" + e.getReason() + ").", url);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowHttp && scheme.equals("http"))) {
            throw invalid("url must start with https://" + (allowHttp ? " or http://" : "") + " (this service "
                    + (allowHttp ? "" : "sends webhooks over TLS only; ") + "got scheme " + Text.quote(scheme) + ").", url);
        }
        if (uri.getRawUserInfo() != null) {
            throw invalid("url must not hold a user name or password; authenticate the requests by their signature.",
                    url);
        }
        if (uri.getRawFragment() != null) {
            throw invalid("url must not have a fragment (#…): it is never sent.", url);
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw invalid("url must name a host, as in https://example.com/webhooks.", url);
        }
        if (uri.getPort() == 0 || uri.getPort() > 65535) {
            throw invalid("url has an invalid port.", url);
        }
        if (!allowPrivate) {
            Optional<InetAddress> literal = WebhookDestinations.literal(host);
            Optional<String> refused = literal.isPresent() ? WebhookDestinations.refusal(literal.get())
                    : WebhookDestinations.isLocalName(host) ? Optional.of("a local name") : Optional.empty();
            if (refused.isPresent()) {
                throw invalid("url's host is " + refused.get() + "; webhooks go to public addresses only.", url);
            }
        }
        return url;
    }

    private static InvalidArgumentException invalid(String message, String url) {
        return new InvalidArgumentException("url", message + (url == null || url.isEmpty() ? ""
                : " Got " + Text.quote(url) + "."));
    }
}
