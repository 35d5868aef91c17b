package dev.inboxes.domain.shared;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one rule by which a search text {@code q} becomes words, for every list that takes {@code q}: split at spaces
 * of any script, lower-cased, each word once, in the order given. A row matches when every word is a
 * case-insensitive substring of one of the searched fields (words may match different fields), so
 * {@code acme order 1234} finds "ACME order #1234".
 */
public final class SearchWords {

    /** More words than this is a sentence, not a search; each word is one more condition on every row. */
    public static final int MAX_WORDS = 8;

    /** Spaces of any script separate words; control characters never reach here (refused first). */
    private static final Pattern SPACES = Pattern.compile("[\\s\\p{Z}]+");

    private SearchWords() {
    }

    /**
     * @param q         the caller's text, or {@code null}
     * @param maxLength the most characters {@code q} may have
     * @param fields    what a word may be part of, for the advice when there are too many words, e.g. {@code the
     *                  sender, the subject or the text}
     * @return the distinct words, lower-cased, in the order given; empty when {@code q} is null or only spaces
     * @throws InvalidArgumentException when {@code q} is too long, has control characters or more than
     *                                  {@value #MAX_WORDS} words
     */
    public static List<String> parse(String q, int maxLength, String fields) {
        if (q == null) {
            return List.of();
        }
        Text.requirePlain("q", q, maxLength);
        List<String> words = Arrays.stream(SPACES.split(q.toLowerCase(Locale.ROOT).strip()))
                .filter(word -> !word.isEmpty()).distinct().toList();
        if (words.size() > MAX_WORDS) {
            throw new InvalidArgumentException("q", "q has at most " + MAX_WORDS + " words (got " + words.size()
                    + "): keep the most distinctive ones, each a part of " + fields + ".");
        }
        return words;
    }

    /**
     * The words as a cursor's scope renders them: sorted, so "order acme" and "acme order", which select the same
     * rows, share cursors.
     */
    public static String canonical(List<String> words) {
        return String.join(" ", words.stream().sorted().toList());
    }
}
