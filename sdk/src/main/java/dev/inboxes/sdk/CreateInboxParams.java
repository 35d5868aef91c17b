package dev.inboxes.sdk;

/**
 * What {@link InboxesClient#createInbox(CreateInboxParams)} sends. Every field is optional: an inbox without a
 * username gets a random address.
 */
public final class CreateInboxParams {

    private final String username;
    private final String displayName;
    private final String idempotencyKey;

    private CreateInboxParams(Builder builder) {
        this.username = builder.username;
        this.displayName = builder.displayName;
        this.idempotencyKey = builder.idempotencyKey;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the part of the address before {@code @}, or {@code null} for a random one */
    public String username() {
        return username;
    }

    /** @return the human-readable name, or {@code null} */
    public String displayName() {
        return displayName;
    }

    /** @return the caller's idempotency key, or {@code null} to let the SDK generate one per call */
    public String idempotencyKey() {
        return idempotencyKey;
    }

    /** Builds {@link CreateInboxParams}. */
    public static final class Builder {

        private String username;
        private String displayName;
        private String idempotencyKey;

        private Builder() {
        }

        /** @param username the part before {@code @}: letters, digits, '.', '_' or '-' (stored lower case) */
        public Builder username(String username) {
            this.username = username;
            return this;
        }

        /** @param displayName a human-readable name, 1 to 256 characters */
        public Builder displayName(String displayName) {
            this.displayName = displayName;
            return this;
        }

        /**
         * Sets the {@code Idempotency-Key}. Use your own key (1 to 255 visible ASCII characters) when a create
         * must stay safe across restarts of your program: the server returns the first result for a repeated key.
         * Without one, the SDK generates a random key per call, which keeps its own retries safe.
         */
        public Builder idempotencyKey(String idempotencyKey) {
            this.idempotencyKey = idempotencyKey;
            return this;
        }

        /** @return the params */
        public CreateInboxParams build() {
            return new CreateInboxParams(this);
        }
    }
}
