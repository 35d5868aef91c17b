package dev.inboxes.sdk;

import java.util.ArrayList;
import java.util.List;

/**
 * An answer for {@link InboxesClient#replyToMessage(String, String, ReplyParams)}: text, html or both; with
 * {@code replyAll}, the original's To and Cc are copied too (never the inbox itself).
 */
public final class ReplyParams extends OutgoingParams {

    private final boolean replyAll;
    private final List<OutgoingAttachment> attachments;

    private ReplyParams(Builder builder) {
        super(builder);
        this.replyAll = builder.replyAll;
        this.attachments = List.copyOf(builder.attachments);
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    public boolean replyAll() {
        return replyAll;
    }

    public List<OutgoingAttachment> attachments() {
        return attachments;
    }

    /** Builds {@link ReplyParams}. */
    public static final class Builder extends OutgoingParams.Builder<Builder> {

        private final List<OutgoingAttachment> attachments = new ArrayList<>();
        private boolean replyAll;

        private Builder() {
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

        /** @return the params */
        public ReplyParams build() {
            return new ReplyParams(this);
        }
    }
}
