package dev.inboxes.domain.message;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The quoted history of a reply, recognised in its text so that a reader can leave it out: lines quoted with
 * {@code >}, the "On … wrote:" line that introduces them, and everything from an Outlook-style separator on (an
 * "-----Original Message-----" line, a line of underscores, or a From/Sent/To/Subject header block), below which
 * Outlook puts the whole earlier conversation. A heuristic: what it leaves out is only ever quoted history of those
 * shapes, and the reader is told how much.
 */
public final class QuotedHistory {

    private static final Pattern QUOTED = Pattern.compile("^[ \\t]*>.*");
    /** "On Mon, 1 Dec 2026 at 10:00, Ann <ann@example.com> wrote:", possibly wrapped over two lines. */
    private static final Pattern ATTRIBUTION = Pattern.compile("(?is)^[ \\t]*On\\s.{3,300}\\swrote:[ \\t]*$");
    private static final Pattern ORIGINAL_MESSAGE = Pattern.compile("(?i)^[ \\t]*-{2,}[ \\t]*Original Message[ \\t]*-{2,}[ \\t]*$");
    private static final Pattern UNDERSCORES = Pattern.compile("^[ \\t]*_{10,}[ \\t]*$");
    private static final Pattern FROM_HEADER = Pattern.compile("(?i)^[ \\t]*\\*?From:\\*?\\s.*");
    private static final Pattern SENT_HEADER = Pattern.compile("(?i)^[ \\t]*\\*?(Sent|Date):\\*?\\s.*");
    private static final Pattern SUBJECT_HEADER = Pattern.compile("(?i)^[ \\t]*\\*?Subject:\\*?.*");
    /** How many lines below a From: line an Outlook header block's Sent: and Subject: may be. */
    private static final int HEADER_BLOCK_LINES = 5;

    private QuotedHistory() {
    }

    /**
     * A text without its quoted history.
     *
     * @param text what is left, trailing blank lines removed
     * @param droppedLines how many lines were left out (0: the text is unchanged)
     * @param droppedCharacters how many characters were left out
     */
    public record Stripped(String text, int droppedLines, int droppedCharacters) {
    }

    /** {@code text} without its quoted history; {@code null} stays null. */
    public static Stripped strip(String text) {
        if (text == null) {
            return new Stripped(null, 0, 0);
        }
        // A line's own '\r' (a text with CRLF line ends) is not part of what the patterns read.
        List<String> lines = List.of(text.split("\r?\n", -1));
        int end = historyStart(lines);
        List<String> kept = new ArrayList<>();
        int dropped = 0;
        for (int i = 0; i < end; i++) {
            String line = lines.get(i);
            if (QUOTED.matcher(line).matches() || introducesQuote(lines, i, end)) {
                dropped++;
            } else if (i + 1 < end && twoLineAttribution(lines, i, end)) {
                dropped += 2;
                i++;
            } else {
                kept.add(line);
            }
        }
        dropped += lines.size() - end;
        if (dropped == 0) {
            return new Stripped(text, 0, 0);
        }
        String left = String.join("\n", kept).stripTrailing();
        return new Stripped(left, dropped, text.length() - left.length());
    }

    /** Where an Outlook-style history begins (everything from there on is quoted), or the line count. */
    private static int historyStart(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (ORIGINAL_MESSAGE.matcher(line).matches()) {
                return i;
            }
            if (UNDERSCORES.matcher(line).matches() && i + 1 < lines.size()
                    && FROM_HEADER.matcher(nextNonBlank(lines, i + 1)).matches()) {
                return i;
            }
            if (FROM_HEADER.matcher(line).matches() && headerBlock(lines, i)) {
                return i;
            }
        }
        return lines.size();
    }

    private static boolean headerBlock(List<String> lines, int from) {
        boolean sent = false;
        boolean subject = false;
        for (int i = from + 1; i < Math.min(lines.size(), from + 1 + HEADER_BLOCK_LINES); i++) {
            sent |= SENT_HEADER.matcher(lines.get(i)).matches();
            subject |= SUBJECT_HEADER.matcher(lines.get(i)).matches();
        }
        return sent && subject;
    }

    /** An "On … wrote:" line followed (after blank lines) by quoted lines or by nothing. */
    private static boolean introducesQuote(List<String> lines, int i, int end) {
        return ATTRIBUTION.matcher(lines.get(i)).matches() && quotedOrNothingAfter(lines, i + 1, end);
    }

    private static boolean twoLineAttribution(List<String> lines, int i, int end) {
        String joined = lines.get(i) + " " + lines.get(i + 1);
        return lines.get(i).stripLeading().startsWith("On ") && lines.get(i + 1).stripTrailing().endsWith("wrote:")
                && ATTRIBUTION.matcher(joined).matches() && quotedOrNothingAfter(lines, i + 2, end);
    }

    private static boolean quotedOrNothingAfter(List<String> lines, int from, int end) {
        for (int i = from; i < end; i++) {
            if (!lines.get(i).isBlank()) {
                return QUOTED.matcher(lines.get(i)).matches();
            }
        }
        return true;
    }

    private static String nextNonBlank(List<String> lines, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                return lines.get(i);
            }
        }
        return "";
    }
}
