package dev.inboxes.domain.outbound;

import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Bounces: reports that come back to a delivery's envelope sender, {@code bounces+<delivery id>@<mail domain>}, after
 * the next hop took the message. A failure with a 5.x.x status bounces the delivery (even one that was sent) and
 * suppresses its recipient for the account; one with a 4.x.x status bounces it without suppressing; a delay changes
 * nothing. A report for an unknown delivery, and anything that is not a report, is dropped.
 *
 * <p>The delivery id in the address is the only credential: it is random (about 119 bits), and only the recipient's
 * side ever sees it, so the most a forged report can do is suppress the recipient that received it.
 */
public final class Bounces {

    /** The local part before the {@code +}: the envelope sender of every delivery. */
    public static final String LOCAL_PART = "bounces";
    /** Characters of a diagnostic kept on the delivery: a remote's reply, not its essay. */
    static final int MAX_REPLY_LENGTH = 500;
    private static final Pattern STATUS = Pattern.compile("[245]\\.\\d{1,3}\\.\\d{1,3}");
    private static final Pattern REPLY_CODE = Pattern.compile("^\\s*([245])\\d\\d\\b");

    private final OutboxStore outbox;
    private final SuppressionStore suppressions;
    private final String mailDomain;
    private final Clock clock;

    public Bounces(OutboxStore outbox, SuppressionStore suppressions, String mailDomain, Clock clock) {
        this.outbox = outbox;
        this.suppressions = suppressions;
        this.mailDomain = mailDomain.toLowerCase(Locale.ROOT);
        this.clock = clock;
    }

    /** What a report did. */
    public enum Outcome {
        /** A permanent failure: the delivery bounced, its recipient is suppressed. */
        HARD_BOUNCE,
        /** A failure with a temporary status: the delivery bounced, its recipient is not suppressed. */
        SOFT_BOUNCE,
        /** The message is delayed (or was delivered, relayed, expanded): nothing changes. */
        NO_CHANGE,
        /** No delivery has this id (any more): the report is dropped. */
        UNKNOWN_DELIVERY,
        /** Not a delivery status notification (an auto-reply, an unreadable report): dropped. */
        NOT_A_REPORT
    }

    /** The delivery id an address is the envelope sender of, when it has that shape (any case but the id's). */
    public Optional<String> deliveryIdOf(String address) {
        int at = address.lastIndexOf('@');
        int plus = address.indexOf('+');
        if (at < 0 || plus != LOCAL_PART.length() || !address.regionMatches(true, 0, LOCAL_PART, 0, plus)) {
            return Optional.empty();
        }
        String domain = address.substring(at + 1).toLowerCase(Locale.ROOT);
        domain = domain.endsWith(".") ? domain.substring(0, domain.length() - 1) : domain;
        String token = address.substring(plus + 1, at);
        return domain.equals(mailDomain) && RandomIds.hasShape(Delivery.ID_PREFIX, token)
                ? Optional.of(token) : Optional.empty();
    }

    /**
     * Whether the address is a bounce address of the mail domain, whatever its token: never an inbox's, so one with
     * a token that names no delivery is refused rather than handed to an inbox.
     */
    public boolean isBounceAddress(String address) {
        int at = address.lastIndexOf('@');
        if (at <= LOCAL_PART.length() || !address.regionMatches(true, 0, LOCAL_PART + "+", 0, LOCAL_PART.length() + 1)) {
            return false;
        }
        String domain = address.substring(at + 1).toLowerCase(Locale.ROOT);
        return (domain.endsWith(".") ? domain.substring(0, domain.length() - 1) : domain).equals(mailDomain);
    }

    /**
     * Applies a report to the delivery it came back for.
     *
     * @param report the report, or {@code null} when the message was none
     */
    public Outcome report(String deliveryId, DeliveryStatusNotification report) {
        if (report == null || report.recipients().isEmpty()) {
            return Outcome.NOT_A_REPORT;
        }
        DeliveryStatusNotification.RecipientStatus worst = report.recipients().stream()
                .min(Comparator.comparingInt(Bounces::severity)).orElseThrow();
        int severity = severity(worst);
        if (severity > 1) {
            return Outcome.NO_CHANGE;
        }
        boolean permanent = severity == 0;
        Instant now = Timestamps.nowMicros(clock);
        Optional<BouncedDelivery> bounced = outbox.bounce(deliveryId, replyOf(worst));
        if (bounced.isEmpty()) {
            return Outcome.UNKNOWN_DELIVERY;
        }
        if (!permanent) {
            return Outcome.SOFT_BOUNCE;
        }
        // The delivery's own recipient, not the report's Final-Recipient: that is the sender's text, and may be an
        // alias the recipient's side rewrote the address to.
        suppressions.add(bounced.get().accountId(), new Suppression(Suppression.normalize(bounced.get().recipient()),
                Suppression.HARD_BOUNCE, now));
        return Outcome.HARD_BOUNCE;
    }

    /** 0: failed permanently; 1: failed otherwise; 2: anything else. */
    private static int severity(DeliveryStatusNotification.RecipientStatus status) {
        if (!"failed".equals(status.action())) {
            return 2;
        }
        return statusOf(status).startsWith("5") ? 0 : 1;
    }

    /** The status, or, when the report gave none that reads, the one the diagnostic starts with (if any). */
    private static String statusOf(DeliveryStatusNotification.RecipientStatus status) {
        if (status.status() != null && STATUS.matcher(status.status()).matches()) {
            return status.status();
        }
        if (status.diagnosticCode() != null) {
            var code = REPLY_CODE.matcher(status.diagnosticCode());
            if (code.find()) {
                return code.group(1) + ".0.0";
            }
        }
        return "";
    }

    /** What the delivery shows: the status and the remote's diagnostic, on one bounded line of printable text. */
    static String replyOf(DeliveryStatusNotification.RecipientStatus status) {
        String code = statusOf(status);
        String diagnostic = status.diagnosticCode() == null ? "" : status.diagnosticCode();
        String reply = "bounced after delivery (report " + (code.isEmpty() ? "without a status" : code) + ")"
                + (diagnostic.isBlank() ? "" : ": " + diagnostic);
        StringBuilder clean = new StringBuilder(Math.min(reply.length(), MAX_REPLY_LENGTH));
        boolean space = false;
        int i = 0;
        while (i < reply.length() && clean.length() < MAX_REPLY_LENGTH) {
            int c = reply.codePointAt(i);
            i += Character.charCount(c);
            boolean blank = Character.isWhitespace(c) || Character.isISOControl(c) || (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE)
                    || c == 0xFFFD || Character.getType(c) == Character.FORMAT;
            if (blank) {
                space = true;
                continue;
            }
            if (space && clean.length() > 0) {
                clean.append(' ');
            }
            space = false;
            clean.appendCodePoint(c);
        }
        return i < reply.length() && !reply.substring(i).isBlank() ? clean.append('…').toString() : clean.toString();
    }
}
