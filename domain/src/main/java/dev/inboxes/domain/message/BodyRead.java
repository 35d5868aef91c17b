package dev.inboxes.domain.message;

/**
 * A message being read in parts: the message, the text being read (whole, or without its quoted history) and where
 * it continues ({@code 0} for the first part).
 *
 * @param accountId the reader's account: a body cursor belongs to it
 * @param quotes    whether the quoted history is read too
 * @param view      the text read: the message's whole text, or that text as {@link QuotedHistory} leaves it
 */
public record BodyRead(String accountId, MessageDetail message, int start, boolean quotes,
        QuotedHistory.Stripped view) {

    public String text() {
        return view.text();
    }
}
