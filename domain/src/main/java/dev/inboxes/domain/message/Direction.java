package dev.inboxes.domain.message;

/** Whether a message came into its inbox (by SMTP, or recorded) or was sent from it. */
public enum Direction {
    INBOUND,
    OUTBOUND;

    /** As the API writes it: {@code inbound}, {@code outbound}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
