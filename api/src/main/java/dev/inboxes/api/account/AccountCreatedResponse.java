package dev.inboxes.api.account;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.account.NewAccount;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "AccountCreated", description = "A new account. The api_key is shown only here: store it now.")
public record AccountCreatedResponse(
        @Schema(description = "Account id.", examples = "acc_4Vb8XkqT0cLmN2pQ7sWz", required = true) String id,
        @JsonProperty("api_key")
        @Schema(description = ApiKeyCreatedResponse.SECRET, examples = ApiKeyCreatedResponse.SECRET_EXAMPLE,
                required = true) String apiKey) {

    static AccountCreatedResponse fromDomain(NewAccount account) {
        return new AccountCreatedResponse(account.id(), account.apiKey());
    }
}
