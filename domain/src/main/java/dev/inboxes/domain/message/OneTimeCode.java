package dev.inboxes.domain.message;

/**
 * A one-time code found in a message by {@link MessageExtracts}' heuristic: a guess, never a certainty.
 *
 * @param code    what to type: the digits without the spaces or dashes that grouped them ({@code 123 456} →
 *                {@code 123456}), or a short upper-case code as written ({@code X7K-9P2})
 * @param source  {@code subject} or {@code text}: where it was found
 * @param context the line around it, at most {@value MessageExtracts#CONTEXT_LENGTH} characters, so a reader can
 *                judge the guess
 */
public record OneTimeCode(String code, String source, String context) {

    public static final String SUBJECT = "subject";
    public static final String TEXT = "text";
}
