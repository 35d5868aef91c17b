package dev.inboxes.domain.mail;

/** An inbox that receives mail at {@code address}. */
public record Recipient(String accountId, String inboxId, String address) {
}
