package dev.inboxes.domain.account;

import dev.inboxes.domain.shared.ConflictException;

/** An account holds at most {@value ApiKeys#MAX_PER_ACCOUNT} keys at a time. */
public class TooManyApiKeysException extends ConflictException {

    public TooManyApiKeysException() {
        super("too-many-api-keys", "This account already has " + ApiKeys.MAX_PER_ACCOUNT + " API keys, the most it "
                + "may hold. Delete keys it no longer uses (GET /v1/api-keys lists them, with last_used_at), then "
                + "create the new one.");
    }
}
