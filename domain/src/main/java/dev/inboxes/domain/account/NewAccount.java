package dev.inboxes.domain.account;

/** A freshly created account and its API key, which is shown this once and never stored in clear. */
public record NewAccount(String id, String apiKey) {
}
