package dev.inboxes.sdk;

/** Filters for {@link InboxesClient#waitForMessage(String, String, java.time.Duration, WaitForMessageParams)}. */
public final class WaitForMessageParams {

    private final String from;
    private final String subject;

    private WaitForMessageParams(Builder builder) {
        this.from = builder.from;
        this.subject = builder.subject;
    }

    /** @return a builder with nothing set: any message */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a case-insensitive substring of the sender's address, or {@code null} */
    public String from() {
        return from;
    }

    /** @return a case-insensitive substring of the subject, or {@code null} */
    public String subject() {
        return subject;
    }

    /** Builds {@link WaitForMessageParams}. */
    public static final class Builder {

        private String from;
        private String subject;

        private Builder() {
        }

        /** @param from only a message whose sender's address contains this, e.g. {@code @github.com} */
        public Builder from(String from) {
            this.from = from;
            return this;
        }

        /** @param subject only a message whose subject contains this, e.g. {@code verification} */
        public Builder subject(String subject) {
            this.subject = subject;
            return this;
        }

        /** @return the params */
        public WaitForMessageParams build() {
            return new WaitForMessageParams(this);
        }
    }
}
