package dev.inboxes.domain.account;

/** Which key authenticated a request, and the account it belongs to. */
public record KeyOwner(String keyId, String accountId) {
}
