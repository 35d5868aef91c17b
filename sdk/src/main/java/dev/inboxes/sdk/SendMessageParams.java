package dev.inboxes.sdk;

import java.util.ArrayList;
import java.util.List;

/**
 * A new message for {@link InboxesClient#sendMessage(String, SendMessageParams)}: at least one {@code to}, a
 * {@code subject}, and text, html or both. To, Cc and Bcc together name at most 50 recipients. The server checks
 * the values and explains a bad one in a {@link ValidationException}.
 */
public final class SendMessageParams {

    private final List<String> to;
    private final List<String> cc;
    private final List<String> bcc;
    private final String subject;
    private final String text;
    private final String html;
    private final String replyTo;
    private final List<OutgoingAttachment> attachments;
    private final String idempotencyKey;

    private SendMessageParams(Builder builder) {
        this.to = List.copyOf(builder.to);
        this.cc = List.copyOf(builder.cc);
        this.bcc = List.copyOf(builder.bcc);
        this.subject = builder.subject;
        this.text = builder.text;
        this.html = builder.html;
        this.replyTo = builder.replyTo;
        this.attachments = List.copyOf(builder.attachments);
        this.idempotencyKey = builder.idempotencyKey;
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

    public String text() {
        return text;
    }

    public String html() {
        return html;
    }

    public String replyTo() {
        return replyTo;
    }

    public List<OutgoingAttachment> attachments() {
        return attachments;
    }

    /** @return the idempotency key, or {@code null} for one generated per call */
    public String idempotencyKey() {
        return idempotencyKey;
    }

    /** Builds {@link SendMessageParams}. */
    public static final class Builder {

        private final List<String> to = new ArrayList<>();
        private final List<String> cc = new ArrayList<>();
        private final List<String> bcc = new ArrayList<>();
        private final List<OutgoingAttachment> attachments = new ArrayList<>();
        private String subject;
        private String text;
        private String html;
        private String replyTo;
        private String idempotencyKey;

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

        /**
         * @param idempotencyKey makes retries of this very send safe across calls and processes (1 to 255
         *                       visible ASCII characters); by default each call generates its own
         */
        public Builder idempotencyKey(String idempotencyKey) {
            this.idempotencyKey = idempotencyKey;
            return this;
        }

        /** @return the params */
        public SendMessageParams build() {
            return new SendMessageParams(this);
        }
    }
}
