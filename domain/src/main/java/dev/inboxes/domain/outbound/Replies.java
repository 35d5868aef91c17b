package dev.inboxes.domain.outbound;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** How an answer refers to the message it answers (RFC 5322 3.6.4), as the contract says. */
public final class Replies {

    /** Most ids in References: the first (the thread's root) and the last 19. */
    public static final int MAX_REFERENCES = 20;
    private static final Pattern REPLY_PREFIX = Pattern.compile("^\\s*re\\s*:", Pattern.CASE_INSENSITIVE);
    private static final Pattern FORWARD_PREFIX = Pattern.compile("^\\s*(fwd?|fw)\\s*:", Pattern.CASE_INSENSITIVE);

    private Replies() {
    }

    /** The original's References plus its Message-ID, at most {@value #MAX_REFERENCES}: the first and the last 19. */
    public static List<String> references(List<String> originalReferences, String originalMessageId) {
        List<String> all = new ArrayList<>(originalReferences);
        if (originalMessageId != null && !all.contains(originalMessageId)) {
            all.add(originalMessageId);
        }
        if (all.size() <= MAX_REFERENCES) {
            return all;
        }
        List<String> kept = new ArrayList<>();
        kept.add(all.get(0));
        kept.addAll(all.subList(all.size() - (MAX_REFERENCES - 1), all.size()));
        return kept;
    }

    /** {@code Re: } once: not added to a subject that already starts with it (in any case). */
    public static String replySubject(String subject) {
        return REPLY_PREFIX.matcher(subject).find() ? subject : "Re: " + subject;
    }

    /** {@code Fwd: } once. */
    public static String forwardSubject(String subject) {
        return FORWARD_PREFIX.matcher(subject).find() ? subject : "Fwd: " + subject;
    }

    static String normalized(String address) {
        return address.trim().toLowerCase(Locale.ROOT);
    }
}
