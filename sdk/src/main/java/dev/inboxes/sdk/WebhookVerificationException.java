package dev.inboxes.sdk;

/** A webhook request whose signature or timestamp does not check out: do not act on it. */
public class WebhookVerificationException extends RuntimeException {

    public WebhookVerificationException(String message) {
        super(message);
    }
}
