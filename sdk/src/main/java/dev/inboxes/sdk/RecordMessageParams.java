package dev.inboxes.sdk;

/**
 * An inbound message for {@link InboxesClient#recordMessage(String, RecordMessageParams)}. {@code from},
 * {@code subject} and {@code text} are required by the server; {@code to} defaults to the inbox's address.
 * The server checks the values and explains a bad one in a {@link ValidationException}.
 */
public final class RecordMessageParams {

    private final String from;
    private final String to;
    private final String subject;
    private final String text;

    private RecordMessageParams(Builder builder) {
        this.from = builder.from;
        this.to = builder.to;
        this.subject = builder.subject;
        this.text = builder.text;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the sender's address */
    public String from() {
        return from;
    }

    /** @return the recipient's address, or {@code null} for the inbox's own address */
    public String to() {
        return to;
    }

    /** @return the subject line */
    public String subject() {
        return subject;
    }

    /** @return the plain-text body */
    public String text() {
        return text;
    }

    /** Builds {@link RecordMessageParams}. */
    public static final class Builder {

        private String from;
        private String to;
        private String subject;
        private String text;

        private Builder() {
        }

        /** @param from the sender's address, at most 320 characters (required) */
        public Builder from(String from) {
            this.from = from;
            return this;
        }

        /** @param to the recipient's address (optional) */
        public Builder to(String to) {
            this.to = to;
            return this;
        }

        /** @param subject the subject line, may be empty, at most 998 characters (required) */
        public Builder subject(String subject) {
            this.subject = subject;
            return this;
        }

        /** @param text the plain-text body, at most 100,000 characters (required) */
        public Builder text(String text) {
            this.text = text;
            return this;
        }

        /** @return the params */
        public RecordMessageParams build() {
            return new RecordMessageParams(this);
        }
    }
}
