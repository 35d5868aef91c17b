package dev.inboxes.domain.webhook;

/**
 * What an endpoint answered to one attempt.
 *
 * @param statusCode its HTTP status; {@code null} when there was no answer
 * @param error      why the attempt failed short of a status (refused destination, connection failure, timeout)
 */
public record WebhookReply(Integer statusCode, String error) {

    public static WebhookReply status(int code) {
        return new WebhookReply(code, null);
    }

    public static WebhookReply failed(String error) {
        return new WebhookReply(null, error);
    }

    public boolean isSuccess() {
        return statusCode != null && statusCode >= 200 && statusCode < 300;
    }

    /** 410 Gone: the receiver says the endpoint is no more. */
    public boolean isGone() {
        return statusCode != null && statusCode == 410;
    }

    /** What the attempt's record says went wrong; {@code null} on success. */
    public String describe() {
        if (isSuccess()) {
            return null;
        }
        return error != null ? error : "the endpoint answered HTTP " + statusCode;
    }
}
