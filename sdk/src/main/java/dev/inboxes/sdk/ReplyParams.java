package dev.inboxes.sdk;

import java.util.ArrayList;
import java.util.List;

/**
 * An answer for {@link InboxesClient#replyToMessage(String, String, ReplyParams)}: text, html or both; with
 * {@code replyAll}, the original's To and Cc are copied too (never the inbox itself).
 */
public final class ReplyParams {

    private final String text;
    private final String html;
    private final boolean replyAll;
    private final List<OutgoingAttachment> attachments;
    private final String idempotencyKey;

    private ReplyParams(Builder builder) {
        this.text = builder.text;
        this.html = builder.html;
        this.replyAll = builder.replyAll;
        this.attachments = List.copyOf(builder.attachments);
        this.idempotencyKey = builder.idempotencyKey;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    public String text() {
        return text;
    }

    public String html() {
        return html;
    }

    public boolean replyAll() {
        return replyAll;
    }

    public List<OutgoingAttachment> attachments() {
        return attachments;
    }

    /** @return the idempotency key, or {@code null} for one generated per call */
    public String idempotencyKey() {
        return idempotencyKey;
    }

    /** Builds {@link ReplyParams}. */
    public static final class Builder {

        private final List<OutgoingAttachment> attachments = new ArrayList<>();
        private String text;
        private String html;
        private boolean replyAll;
        private String idempotencyKey;

        private Builder() {
        }

        /** @param text the plain-text body */
        public Builder text(String text) {
            this.text = text;
            return this;
        }

        /** @param html the HTML body */
        public Builder html(String html) {
            this.html = html;
            return this;
        }

        /** @param replyAll whether to copy the original's To and Cc too */
        public Builder replyAll(boolean replyAll) {
            this.replyAll = replyAll;
            return this;
        }

        /** @param attachment a file to attach (added) */
        public Builder attachment(OutgoingAttachment attachment) {
            attachments.add(attachment);
            return this;
        }

        /** @param idempotencyKey see {@link SendMessageParams.Builder#idempotencyKey} */
        public Builder idempotencyKey(String idempotencyKey) {
            this.idempotencyKey = idempotencyKey;
            return this;
        }

        /** @return the params */
        public ReplyParams build() {
            return new ReplyParams(this);
        }
    }
}
