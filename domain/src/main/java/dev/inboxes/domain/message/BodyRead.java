package dev.inboxes.domain.message;

/**
 * A message being read in parts: the message, and where its text continues ({@code 0} for the first part).
 *
 * @param accountId the reader's account: a body cursor belongs to it
 */
public record BodyRead(String accountId, MessageDetail message, int start) {

    public String text() {
        return message.text();
    }
}
