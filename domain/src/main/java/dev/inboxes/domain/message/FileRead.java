package dev.inboxes.domain.message;

/**
 * A stored content being read as text from one byte on: its bytes from there, as far as one read goes
 * ({@link MessageFiles#WINDOW}), decoded into whole characters.
 *
 * @param attachment the attachment read, or {@code null} for the message as received
 * @param text       the characters decoded from {@code start} on
 * @param ends       for each character of {@code text}, the byte where it ends (both of a surrogate pair: the same)
 */
public record FileRead(Attachment attachment, int start, int length, String text, int[] ends) {
}
