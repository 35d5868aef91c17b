package dev.inboxes.smtp;

import dev.inboxes.domain.outbound.DeliveryStatusNotification;
import dev.inboxes.domain.outbound.DeliveryStatusNotification.RecipientStatus;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.james.mime4j.MimeException;
import org.apache.james.mime4j.codec.DecodeMonitor;
import org.apache.james.mime4j.field.LenientFieldParser;
import org.apache.james.mime4j.message.DefaultBodyDescriptorBuilder;
import org.apache.james.mime4j.message.MaximalBodyDescriptor;
import org.apache.james.mime4j.stream.BodyDescriptor;
import org.apache.james.mime4j.stream.EntityState;
import org.apache.james.mime4j.stream.MimeConfig;
import org.apache.james.mime4j.stream.MimeTokenStream;
import org.apache.james.mime4j.stream.RecursionMode;

/**
 * Reads a delivery status notification (RFC 3464): a {@code multipart/report} whose {@code message/delivery-status}
 * part holds one block of fields about the message, then one block per recipient ({@code Final-Recipient},
 * {@code Action}, {@code Status}, {@code Diagnostic-Code}). mime4j finds the part, as it parses every message here;
 * its fields are plain header blocks read below, so no second mail library (and no Jakarta Mail message tree) is
 * needed for them.
 *
 * <p>Whatever arrives, the answer is a report or empty, never an exception: the search stops at the first status
 * part, at {@value #MAX_DEPTH} levels of multipart, or at the deadline; the part is read up to
 * {@value #MAX_STATUS_BYTES} bytes, {@value #MAX_RECIPIENTS} recipient blocks and {@value #MAX_FIELD_LENGTH}
 * characters a field.
 */
final class DeliveryStatusReader {

    static final int MAX_STATUS_BYTES = 64 * 1024;
    static final int MAX_RECIPIENTS = 100;
    static final int MAX_FIELD_LENGTH = 1_000;
    /** The status part is a child of the report; a report nested in a report is looked into once more. */
    private static final int MAX_DEPTH = 3;
    private static final MimeConfig CONFIG = MimeConfig.custom()
            .setMaxLineLen(-1)
            .setMaxHeaderCount(-1)
            .setMaxHeaderLen(-1)
            .setMaxContentLen(-1)
            .setMalformedHeaderStartsBody(false)
            .build();

    private DeliveryStatusReader() {
    }

    /** The report the message is, or empty when it is none (an auto-reply, a plain-text bounce, garbage). */
    static Optional<DeliveryStatusNotification> read(byte[] raw, long deadlineNanos) {
        try {
            return find(raw, deadlineNanos).map(DeliveryStatusReader::parseFields);
        } catch (MimeException | IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private static Optional<byte[]> find(byte[] raw, long deadlineNanos) throws MimeException, IOException {
        MimeTokenStream stream = new MimeTokenStream(CONFIG, DecodeMonitor.SILENT,
                new DefaultBodyDescriptorBuilder(null, LenientFieldParser.getParser(), DecodeMonitor.SILENT));
        stream.setRecursionMode(RecursionMode.M_NO_RECURSE); // an attached original message stays one body
        stream.parse(new ByteArrayInputStream(raw));
        int depth = 0;
        for (EntityState state = stream.getState(); state != EntityState.T_END_OF_STREAM; state = stream.next()) {
            if (System.nanoTime() > deadlineNanos) {
                return Optional.empty();
            }
            switch (state) {
                case T_START_MULTIPART -> {
                    if (!isReport(stream.getBodyDescriptor(), depth)) {
                        return Optional.empty();
                    }
                    if (++depth > MAX_DEPTH) {
                        return Optional.empty();
                    }
                }
                case T_END_MULTIPART -> depth--;
                case T_BODY -> {
                    if (depth == 0) {
                        return Optional.empty(); // a single-part message is no report
                    }
                    if (isStatusPart(stream.getBodyDescriptor())) {
                        return Optional.of(readBounded(stream.getDecodedInputStream()));
                    }
                }
                default -> {
                }
            }
        }
        return Optional.empty();
    }

    /** The message itself must be a delivery report; inside it, any multipart may hold the status part. */
    private static boolean isReport(BodyDescriptor body, int depth) {
        if (depth > 0) {
            return true;
        }
        if (!"multipart/report".equals(body.getMimeType())) {
            return false;
        }
        String reportType = body instanceof MaximalBodyDescriptor maximal
                ? maximal.getContentTypeParameters().get("report-type") : null;
        // Without the parameter, the status part decides; another type (a read receipt, a complaint) is no bounce.
        return reportType == null || reportType.equalsIgnoreCase("delivery-status")
                || reportType.equalsIgnoreCase("global-delivery-status");
    }

    private static boolean isStatusPart(BodyDescriptor body) {
        return "message/delivery-status".equals(body.getMimeType())
                || "message/global-delivery-status".equals(body.getMimeType());
    }

    private static byte[] readBounded(InputStream body) throws IOException {
        return body.readNBytes(MAX_STATUS_BYTES);
    }

    /** The blocks of fields: the first is about the message, each further one about one recipient. */
    private static DeliveryStatusNotification parseFields(byte[] part) {
        String text = new String(part, StandardCharsets.UTF_8); // RFC 6533 allows UTF-8; ASCII is a subset
        List<Map<String, String>> blocks = new ArrayList<>();
        Map<String, String> block = new HashMap<>();
        String name = null;
        for (String line : text.split("\r?\n", -1)) {
            if (line.isBlank()) {
                if (!block.isEmpty()) {
                    blocks.add(block);
                    if (blocks.size() > MAX_RECIPIENTS) {
                        break;
                    }
                    block = new HashMap<>();
                }
                name = null;
            } else if ((line.charAt(0) == ' ' || line.charAt(0) == '\t') && name != null) {
                block.merge(name, " " + line.strip(), DeliveryStatusReader::bounded); // folded onto the field above
            } else {
                int colon = line.indexOf(':');
                if (colon <= 0) {
                    name = null;
                    continue;
                }
                name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
                block.putIfAbsent(name, bounded("", line.substring(colon + 1).strip()));
            }
        }
        if (!block.isEmpty() && blocks.size() <= MAX_RECIPIENTS) {
            blocks.add(block);
        }
        List<RecipientStatus> recipients = new ArrayList<>();
        // The first block is about the message; a block without an Action is no recipient's.
        for (Map<String, String> fields : blocks.subList(Math.min(1, blocks.size()), blocks.size())) {
            String action = fields.get("action");
            if (action == null || recipients.size() == MAX_RECIPIENTS) {
                continue;
            }
            recipients.add(new RecipientStatus(typed(fields.get("final-recipient")),
                    firstWord(action).toLowerCase(Locale.ROOT), emptyToNull(firstWord(fields.get("status"))),
                    typed(fields.get("diagnostic-code"))));
        }
        return new DeliveryStatusNotification(recipients);
    }

    private static String bounded(String first, String more) {
        String joined = first + more;
        return joined.length() > MAX_FIELD_LENGTH ? joined.substring(0, MAX_FIELD_LENGTH) : joined;
    }

    /** The value after its type: {@code rfc822; bob@example.com}, {@code smtp; 550 5.1.1 …}. */
    private static String typed(String value) {
        if (value == null) {
            return null;
        }
        int semicolon = value.indexOf(';');
        return emptyToNull(semicolon < 0 ? value.strip() : value.substring(semicolon + 1).strip());
    }

    private static String firstWord(String value) {
        if (value == null) {
            return "";
        }
        String stripped = value.strip();
        int end = 0;
        while (end < stripped.length() && !Character.isWhitespace(stripped.charAt(end)) && stripped.charAt(end) != '('
                && stripped.charAt(end) != ';') {
            end++;
        }
        return stripped.substring(0, end);
    }

    private static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
