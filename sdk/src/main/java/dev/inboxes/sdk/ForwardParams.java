package dev.inboxes.sdk;

import java.util.ArrayList;
import java.util.List;

/**
 * A forward for {@link InboxesClient#forwardMessage(String, String, ForwardParams)}: at least one {@code to}; the
 * original goes attached whole, after the optional text or html.
 */
public final class ForwardParams {

    private final List<String> to;
    private final String text;
    private final String html;
    private final String idempotencyKey;

    private ForwardParams(Builder builder) {
        this.to = List.copyOf(builder.to);
        this.text = builder.text;
        this.html = builder.html;
        this.idempotencyKey = builder.idempotencyKey;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    public List<String> to() {
        return to;
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

    /** Builds {@link ForwardParams}. */
    public static final class Builder {

        private final List<String> to = new ArrayList<>();
        private String text;
        private String html;
        private String idempotencyKey;

        private Builder() {
        }

        /** @param addresses recipients (added to those already set) */
        public Builder to(String... addresses) {
            to.addAll(List.of(addresses));
            return this;
        }

        /** @param text your text above the forwarded message */
        public Builder text(String text) {
            this.text = text;
            return this;
        }

        /** @param html your HTML above the forwarded message */
        public Builder html(String html) {
            this.html = html;
            return this;
        }

        /** @param idempotencyKey see {@link SendMessageParams.Builder#idempotencyKey} */
        public Builder idempotencyKey(String idempotencyKey) {
            this.idempotencyKey = idempotencyKey;
            return this;
        }

        /** @return the params */
        public ForwardParams build() {
            return new ForwardParams(this);
        }
    }
}
