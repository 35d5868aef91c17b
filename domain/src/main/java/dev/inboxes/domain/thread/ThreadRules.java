package dev.inboxes.domain.thread;

import dev.inboxes.domain.message.MessageContent;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a message finds its thread, in this order (every store applies the same rules):
 * <ol>
 *   <li><b>its references</b>: the thread of the most recent message of the inbox whose Message-ID is its
 *       In-Reply-To or one of its References;</li>
 *   <li><b>its referrers</b>: the thread of the most recent message of the inbox that named its Message-ID, or one
 *       of the ids it names, in In-Reply-To or References: a reply that arrived before its original is joined by
 *       the original, and two replies to a message this inbox never received (one the owner sent from elsewhere)
 *       share a thread;</li>
 *   <li><b>its subject</b>, only where that is safe: a message without In-Reply-To and References (its mailer dropped
 *       them) whose subject starts with a reply or forward prefix ({@code Re:}, {@code Fwd:}, {@code AW:}, {@code SV:},
 *       {@code 回复:}…) joins the most recently active thread of the inbox with the same subject once the prefixes are
 *       removed, if that thread was active within {@link #SUBJECT_WINDOW} before it and its sender already wrote
 *       in that thread. A subject without a prefix never joins by subject, so repeated automated mail ("Your
 *       verification code") stays one thread per message;</li>
 *   <li>otherwise it starts a thread.</li>
 * </ol>
 * Threads are never merged: a thread id, once given to an agent, keeps naming the same messages.
 */
public final class ThreadRules {

    /** How recently a thread must have been active for a reply to join it by subject alone. */
    public static final Duration SUBJECT_WINDOW = Duration.ofDays(14);
    /** A subject (prefixes removed) shorter than this is too generic ("Re: ok") to join a thread by. */
    public static final int MIN_SUBJECT_KEY_LENGTH = 3;
    /** The most senders a thread row lists, in the order they first wrote. */
    public static final int MAX_PARTICIPANTS = 10;

    /**
     * One reply or forward prefix: the common English ones, German AW/WG, Nordic SV/VS, Dutch Antw, French TR, Italian
     * RIF, Spanish and Portuguese RES/ENC, Polish ODP, Turkish YNT, Latvian ATB, Chinese 回复/回覆/答复/转发/轉寄, with an
     * optional counter ({@code Re[2]:}, {@code Re(2):}) and a colon, full-width too.
     */
    private static final Pattern PREFIX = Pattern.compile(
            "^\\s*(?:re|fwd?|aw|wg|sv|vs|antw|antwort|tr|rif|res|enc|odp|ynt|atb|回复|回覆|答复|答覆|转发|轉寄|转寄)"
                    + "\\s*(?:\\[\\d{1,3}]|\\(\\d{1,3}\\))?\\s*[:：]\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private ThreadRules() {
    }

    /** The subject a thread shows: the subject of the message that started it, reply and forward prefixes removed. */
    public static String displaySubject(String subject) {
        String remainder = subject;
        for (Matcher prefix = PREFIX.matcher(remainder); prefix.find(); prefix = PREFIX.matcher(remainder)) {
            remainder = remainder.substring(prefix.end());
        }
        return remainder.strip();
    }

    /** Whether the subject starts with a reply or forward prefix. */
    public static boolean isReplyOrForward(String subject) {
        return PREFIX.matcher(subject).find();
    }

    /**
     * What subjects are compared by: the display subject with whitespace collapsed and case folded, at most its
     * first {@value MessageContent#INDEXED_LENGTH} characters (an index holds it; longer subjects that share that
     * much are one subject here).
     */
    public static String subjectKey(String subject) {
        String key = WHITESPACE.matcher(displaySubject(subject)).replaceAll(" ").toLowerCase(Locale.ROOT);
        if (key.length() <= MessageContent.INDEXED_LENGTH) {
            return key;
        }
        int end = Character.isHighSurrogate(key.charAt(MessageContent.INDEXED_LENGTH - 1))
                ? MessageContent.INDEXED_LENGTH - 1 : MessageContent.INDEXED_LENGTH;
        return key.substring(0, end);
    }

    /**
     * The subject key under which this message may join a thread (rule 3), or empty when it must not join by
     * subject: it names references, has no reply or forward prefix, has no sender, or its subject is too generic.
     */
    public static Optional<String> subjectFallback(MessageContent content) {
        if (content.inReplyTo() != null || !content.references().isEmpty() || content.from().isEmpty()
                || !isReplyOrForward(content.subject())) {
            return Optional.empty();
        }
        String key = subjectKey(content.subject());
        return key.codePointCount(0, key.length()) < MIN_SUBJECT_KEY_LENGTH ? Optional.empty() : Optional.of(key);
    }
}
