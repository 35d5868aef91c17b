package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A freshly created account. The API key is shown only once: store it now.
 *
 * @param id     the account id, e.g. {@code acc_yxRZmy3loawktxvcyTP8}
 * @param apiKey the secret key for {@link InboxesClientBuilder#apiKey(String)}
 */
public record NewAccount(String id, @JsonProperty("api_key") String apiKey) {

    /** Masks the key: a record's default toString would leak the secret into logs. */
    @Override
    public String toString() {
        return "NewAccount[id=" + id + ", apiKey=" + Secrets.mask(apiKey) + "]";
    }
}
