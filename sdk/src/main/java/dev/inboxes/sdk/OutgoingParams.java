package dev.inboxes.sdk;

/**
 * The body and idempotency key every message this client sends carries ({@link SendMessageParams},
 * {@link ReplyParams}, {@link ForwardParams}): text, html or both; each params class adds its own recipients and
 * fields.
 */
public abstract class OutgoingParams {

    private final String text;
    private final String html;
    private final String idempotencyKey;

    OutgoingParams(Builder<?> builder) {
        this.text = builder.text;
        this.html = builder.html;
        this.idempotencyKey = builder.idempotencyKey;
    }

    public String text() {
        return text;
    }

    public String html() {
        return html;
    }

    /** @return the idempotency key, or {@code null} for one generated per call */
    public String idempotencyKey() {
        return idempotencyKey;
    }

    /**
     * Sets the body and the idempotency key; the params' own builder adds the rest. Each setter returns that
     * builder, so calls chain in any order.
     *
     * @param <B> the params' own builder
     */
    public abstract static class Builder<B extends Builder<B>> {

        private String text;
        private String html;
        private String idempotencyKey;

        Builder() {
        }

        /** @param text the plain-text body (of a forward: your text above the original) */
        public B text(String text) {
            this.text = text;
            return self();
        }

        /** @param html the HTML body (of a forward: your HTML above the original) */
        public B html(String html) {
            this.html = html;
            return self();
        }

        /**
         * @param idempotencyKey makes retries of this very send safe across calls and processes (1 to 255
         *                       visible ASCII characters); by default each call generates its own
         */
        public B idempotencyKey(String idempotencyKey) {
            this.idempotencyKey = idempotencyKey;
            return self();
        }

        /** This builder as the params' own builder type, so that the setters above chain with its own. */
        @SuppressWarnings("unchecked") // every subclass is declared as X extends Builder<X>, and only this package can subclass
        final B self() {
            return (B) this;
        }
    }
}
