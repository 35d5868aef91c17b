package dev.inboxes.domain.outbound;

import dev.inboxes.domain.message.NewAttachment;
import dev.inboxes.domain.shared.Hashing;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What the sender writes of an outbound message, checked whole: a text and/or an HTML body and attachments, at most
 * {@link #MAX_ENCODED_BYTES} in all as sent (attachments counted in base64, as they travel).
 */
public record MailBody(String text, String html, List<NewAttachment> attachments) {

    public static final int MAX_ENCODED_BYTES = 10 * 1024 * 1024;
    public static final int MAX_ATTACHMENTS = 20;
    public static final int MAX_FILENAME_LENGTH = 255;
    private static final Pattern MEDIA_TYPE = Pattern.compile("[a-z0-9][a-z0-9!#$&^_.+-]{0,126}/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}");

    public MailBody {
        attachments = List.copyOf(attachments);
    }

    /** An attachment as the request carries it. */
    public record Upload(String filename, String contentType, String contentBase64) {
    }

    /**
     * @param bodyRequired whether text or html must be given (a forward may carry none of its own)
     */
    public static MailBody of(String text, String html, List<Upload> uploads, boolean bodyRequired) {
        if (bodyRequired && text == null && html == null) {
            throw new InvalidArgumentException("text", "Give text, html or both: the message needs a body.");
        }
        long size = 0;
        if (text != null) {
            size += body("text", text);
        }
        if (html != null) {
            size += body("html", html);
        }
        List<NewAttachment> attachments = new ArrayList<>();
        List<Upload> given = uploads == null ? List.of() : uploads;
        if (given.size() > MAX_ATTACHMENTS) {
            throw new InvalidArgumentException("attachments", "At most " + MAX_ATTACHMENTS + " attachments a message.");
        }
        for (int i = 0; i < given.size(); i++) {
            Upload upload = given.get(i);
            String at = "attachments[" + i + "]";
            if (upload == null) {
                throw new InvalidArgumentException(at, at + " must be an object with filename, content_type and content_base64.");
            }
            String filename = Text.requirePlain(at + ".filename", required(at + ".filename", upload.filename()),
                    MAX_FILENAME_LENGTH);
            if (filename.isBlank() || filename.codePoints().anyMatch(Text::isBidiControl)) {
                throw new InvalidArgumentException(at + ".filename", at + ".filename must be a file name without "
                        + "bidirectional controls, such as report.pdf.");
            }
            String type = required(at + ".content_type", upload.contentType()).toLowerCase(Locale.ROOT);
            if (!MEDIA_TYPE.matcher(type).matches()) {
                throw new InvalidArgumentException(at + ".content_type", at + ".content_type must be a media type "
                        + "such as application/pdf (got " + Text.quote(upload.contentType()) + ").");
            }
            String encoded = required(at + ".content_base64", upload.contentBase64());
            size += encoded.length();
            if (size > MAX_ENCODED_BYTES) {
                throw tooLarge();
            }
            byte[] content;
            try {
                content = Base64.getMimeDecoder().decode(encoded);
                if (!encoded.isEmpty() && content.length == 0 || !looksLikeBase64(encoded)) {
                    throw new IllegalArgumentException("no base64");
                }
            } catch (IllegalArgumentException notBase64) {
                throw new InvalidArgumentException(at + ".content_base64", at + ".content_base64 must be the file's "
                        + "bytes in base64 (RFC 4648).");
            }
            attachments.add(new NewAttachment(filename, type, null, false, content));
        }
        if (size > MAX_ENCODED_BYTES) {
            throw tooLarge();
        }
        return new MailBody(text, html, attachments);
    }

    /** What makes this body this body, for idempotency fingerprints. */
    String fingerprint() {
        StringBuilder all = new StringBuilder().append(text).append('\u0000').append(html);
        for (NewAttachment attachment : attachments) {
            all.append('\u0000').append(attachment.filename()).append('\u0000').append(attachment.contentType())
                    .append('\u0000').append(Hashing.sha256Hex(attachment.content()));
        }
        return all.toString();
    }

    private static boolean looksLikeBase64(String encoded) {
        return encoded.chars().allMatch(c -> Character.isLetterOrDigit(c) && c < 0x80 || c == '+' || c == '/'
                || c == '=' || c == '\r' || c == '\n');
    }

    private static long body(String field, String value) {
        Text.requireWellFormed(field, value);
        if (value.indexOf('\u0000') >= 0) {
            throw new InvalidArgumentException(field, field + " must not contain NUL characters.");
        }
        long bytes = value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        if (bytes > MAX_ENCODED_BYTES) {
            throw tooLarge();
        }
        return bytes;
    }

    static String required(String field, String value) {
        if (value == null) {
            throw new InvalidArgumentException(field, field + " is required.");
        }
        return value;
    }

    private static InvalidArgumentException tooLarge() {
        return new InvalidArgumentException("attachments", "The message is larger than "
                + MAX_ENCODED_BYTES / (1024 * 1024) + " MB as sent (text, html and base64 attachments together): "
                + "send fewer or smaller attachments, or a link to them.");
    }
}
