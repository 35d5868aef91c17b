package dev.inboxes.domain.message;

import dev.inboxes.domain.shared.SearchWords;
import java.util.List;

/**
 * The filter of a message list: search words. Both rows and {@code total} honour it.
 *
 * @param words lower-cased, distinct (see {@link SearchWords}); a message matches when each word is a
 *              case-insensitive substring of its sender (address or name), its subject or its text, words
 *              possibly in different fields; empty: every message
 */
public record MessageFilter(List<String> words) {

    public static final int MAX_Q_LENGTH = 200;
    public static final MessageFilter NONE = new MessageFilter(List.of());

    /** Where a search word may be found, as the advice on a refused {@code q} says it. */
    static final String SEARCHED_FIELDS = "the sender, the subject or the text";

    public MessageFilter {
        words = List.copyOf(words);
    }

    /** Parses {@code q} as the adapters receive it; {@code null} or blank: no filter. */
    public static MessageFilter parse(String q) {
        return new MessageFilter(SearchWords.parse(q, MAX_Q_LENGTH, SEARCHED_FIELDS));
    }

    public boolean isEmpty() {
        return words.isEmpty();
    }

    /**
     * Equal filters render equally; part of a cursor's scope. No filter renders as nothing, so the cursors of an
     * unfiltered list stay what they were before the list took {@code q}.
     */
    String canonical() {
        return words.isEmpty() ? "" : "q=" + SearchWords.canonical(words);
    }
}
