package dev.inboxes.mcp.text;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingResult;
import com.knuddels.jtokkit.api.EncodingType;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts tokens as current models do (the o200k_base byte-pair encoding, whose vocabulary ships inside jtokkit's
 * jar, so counting needs no network). Parsing the vocabulary takes most of a second and about 70 MB, so it happens
 * once: in a native executable while the image is built ({@link Vocabulary} is initialized at build time, so the
 * parsed vocabulary is part of the image heap); on the JVM on a thread of its own that starts with the application,
 * beside the start rather than on its path (it was a tenth of the start's time), so only a count asked for within
 * a second of the start waits for it (docs/agents.md has the measured costs).
 *
 * <p>Budget checks count as little as they can ({@link #countLines}): every token covers at least one UTF-8 byte,
 * so bytes bound tokens without counting; and the lines of a TOON text are tokenized independently, so a line
 * once counted (a row read again, or again in a shorter page) is not counted twice.
 */
@Singleton
public class TokenCounter {

    /** The vocabulary inside jtokkit's jar; a native image must include it ({@code quarkus.native.resources.includes}). */
    public static final String VOCABULARY = "com/knuddels/jtokkit/o200k_base.tiktoken";

    /** Lines kept counted; about 10 MB at most. Cleared when full: the counts are a pure function of the text. */
    static final int CACHED_LINES = 20_000;
    /** Longer lines (a JSON page is one line) are counted each time rather than kept. */
    static final int CACHED_LINE_LENGTH = 1_024;

    private final Map<String, Integer> lineTokens = new ConcurrentHashMap<>();

    /** Parses the vocabulary while the application starts, off the start's path. */
    static void parseVocabularyBeside(@Observes StartupEvent started) {
        Thread parse = new Thread(() -> Vocabulary.O200K_BASE.getName(), "token-vocabulary");
        parse.setDaemon(true);
        parse.start();
    }

    /** The tokens of {@code text}; special-token markers such as {@code <|endoftext|>} count as plain text. */
    public int count(String text) {
        return Vocabulary.O200K_BASE.countTokensOrdinary(text);
    }

    /**
     * The tokens of a text of lines as TOON writes them (no blank line, no trailing space, no line opening with
     * {@code /}), or an upper bound of at most {@code budget} once the lines counted so far prove it fits. Such lines
     * are tokenized independently: the pre-tokenizer ends a piece at each line feed of such text, so the sum of the
     * lines' counts (each with its line feed) is the text's count; {@code TokenCounterTest} checks this on random
     * documents.
     *
     * @return the exact count when it exceeds {@code budget}; otherwise a number of at most {@code budget} that is
     *         no less than the count
     */
    public int countLines(String text, int budget) {
        int uncounted = utf8Length(text);
        if (uncounted <= budget) {
            return uncounted;
        }
        int counted = 0;
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end + 1;
            String line = text.substring(start, end);
            uncounted -= utf8Length(line);
            counted += lineCount(line);
            if (counted + uncounted <= budget) {
                return counted + uncounted;
            }
            start = end;
        }
        return counted;
    }

    private int lineCount(String line) {
        if (line.length() > CACHED_LINE_LENGTH) {
            return count(line);
        }
        Integer known = lineTokens.get(line);
        if (known != null) {
            return known;
        }
        int tokens = count(line);
        if (lineTokens.size() >= CACHED_LINES) {
            lineTokens.clear();
        }
        lineTokens.put(line, tokens);
        return tokens;
    }

    /** Whether {@code text} has at most {@code budget} tokens, counting only when its size cannot tell. */
    public boolean within(String text, int budget) {
        return utf8Length(text) <= budget || count(text) <= budget;
    }

    /** How many of {@code text}'s first characters fit in {@code budget} tokens (never splitting a character). */
    public int prefixWithin(String text, int budget) {
        if (within(text, budget)) {
            return text.length();
        }
        EncodingResult prefix = Vocabulary.O200K_BASE.encodeOrdinary(text, budget);
        int length = prefix.getLastProcessedCharacterIndex() + 1;
        // A prefix encoded alone can merge differently at its end: trim until it counts within the budget.
        while (length > 0 && count(text.substring(0, length)) > budget) {
            length = Character.isLowSurrogate(text.charAt(length - 1)) && length > 1 ? length - 2 : length - 1;
        }
        return length;
    }

    /**
     * The parsed vocabulary, immutable once built. A class of its own so the native build can initialize it (and only
     * it) at build time: {@code --initialize-at-build-time} in application.properties, checked by NativeReflectionIT.
     */
    static final class Vocabulary {

        static final Encoding O200K_BASE = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

        private Vocabulary() {
        }
    }

    /** An upper bound of any text's tokens: its UTF-8 length, counted without allocating the bytes. */
    public static int utf8Length(String text) {
        int bytes = text.length();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                bytes += c < 0x800 ? 1 : Character.isSurrogate(c) ? 1 : 2; // a surrogate pair is 4 bytes for 2 chars
            }
        }
        return bytes;
    }
}
