package dev.inboxes.sdk;

import java.util.ArrayList;
import java.util.List;

/**
 * A new message for {@link InboxesClient#sendMessage(String, SendMessageParams)}: at least one {@code to}, a
 * {@code subject}, and text, html or both. To, Cc and Bcc together name at most 50 recipients. The server checks
 * the values and explains a bad one in a {@link ValidationException}.
 */
public final class SendMessageParams extends OutgoingParams {

    private final List<String> to;
    private final List<String> cc;
    private final List<String> bcc;
    private final String subject;
    private final String replyTo;
    private final List<OutgoingAttachment> attachments;

    private SendMessageParams(Builder builder) {
        super(builder);
        this.to = List.copyOf(builder.to);
        this.cc = List.copyOf(builder.cc);
        this.bcc = List.copyOf(builder.bcc);
        this.subject = builder.subject;
        this.replyTo = builder.replyTo;
        this.attachments = List.copyOf(builder.attachments);
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    public List<String> to() {
        return to;
    }

    public List<String> cc() {
        return cc;
    }

    public List<String> bcc() {
        return bcc;
    }

    public String subject() {
        return subject;
    }

    public String replyTo() {
        return replyTo;
    }

    public List<OutgoingAttachment> attachments() {
        return attachments;
    }

    /** Builds {@link SendMessageParams}. */
    public static final class Builder extends OutgoingParams.Builder<Builder> {

        private final List<String> to = new ArrayList<>();
        private final List<String> cc = new ArrayList<>();
        private final List<String> bcc = new ArrayList<>();
        private final List<OutgoingAttachment> attachments = new ArrayList<>();
        private String subject;
        private String replyTo;

        private Builder() {
        }

        /** @param addresses To recipients (added to those already set) */
        public Builder to(String... addresses) {
            to.addAll(List.of(addresses));
            return this;
        }

        /** @param addresses Cc recipients (added) */
        public Builder cc(String... addresses) {
            cc.addAll(List.of(addresses));
            return this;
        }

        /** @param addresses Bcc recipients (added): they receive it, and no header names them */
        public Builder bcc(String... addresses) {
            bcc.addAll(List.of(addresses));
            return this;
        }

        /** @param subject the subject line, one line, may be empty (required) */
        public Builder subject(String subject) {
            this.subject = subject;
            return this;
        }

        /** @param replyTo where answers should go instead of the inbox */
        public Builder replyTo(String replyTo) {
            this.replyTo = replyTo;
            return this;
        }

        /** @param attachment a file to attach (added) */
        public Builder attachment(OutgoingAttachment attachment) {
            attachments.add(attachment);
            return this;
        }

        /** @return the params */
        public SendMessageParams build() {
            return new SendMessageParams(this);
        }
    }
}
