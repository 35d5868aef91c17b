package dev.inboxes.domain.account;

import dev.inboxes.domain.shared.ConflictException;

/** Deleting an account's only key would lock the account out for good. */
public class LastApiKeyException extends ConflictException {

    public LastApiKeyException() {
        super("last-api-key", "This is the account's only API key: deleting it would lock the account out. Create "
                + "another key first (POST /v1/api-keys), switch to it, then delete this one.");
    }
}
