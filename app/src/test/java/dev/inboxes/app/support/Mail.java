package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.MessagingException;
import java.util.UUID;

/**
 * A plain-text email for tests that need conversations: sender, subject, Message-ID and optionally In-Reply-To
 * and References, sent over SMTP like any mail program would.
 */
public record Mail(String from, String to, String subject, String messageId, String inReplyTo, String text) {

    public static Mail from(String from, String to, String subject) {
        return new Mail(from, to, subject, newMessageId(), null, "Text of " + subject + ".");
    }

    public static String newMessageId() {
        return "<" + UUID.randomUUID() + "@test.example>";
    }

    /** This mail as a reply naming {@code parent} in In-Reply-To and References. */
    public Mail replyingTo(String parent) {
        return new Mail(from, to, subject, messageId, parent, text);
    }

    public Mail saying(String body) {
        return new Mail(from, to, subject, messageId, inReplyTo, body);
    }

    public byte[] bytes() {
        StringBuilder message = new StringBuilder()
                .append("From: ").append(from).append('\n')
                .append("To: ").append(to).append('\n')
                .append("Subject: ").append(subject).append('\n')
                .append("Message-ID: ").append(messageId).append('\n');
        if (inReplyTo != null) {
            message.append("In-Reply-To: ").append(inReplyTo).append('\n')
                    .append("References: ").append(inReplyTo).append('\n');
        }
        message.append("MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n")
                .append(text).append('\n');
        return Smtp.crlf(message.toString());
    }

    /** Sends it to the receiver on {@code port}; checks the 250. */
    public Mail send(int port) {
        try {
            assertThat(Smtp.send(port, bytes(), from, to)).startsWith("250");
        } catch (MessagingException e) {
            throw new AssertionError("SMTP refused " + subject, e);
        }
        return this;
    }
}
