package dev.inboxes.api.security;

import dev.inboxes.domain.account.ApiKeyService;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Resolves an API key to its account; the principal's name is the account id. */
@ApplicationScoped
public class ApiKeyIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {

    @Inject
    ApiKeyService apiKeys;

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        String apiKey = request.getToken().getToken();
        return context.runBlocking(() -> apiKeys.authenticate(apiKey)
                .<SecurityIdentity>map(accountId -> QuarkusSecurityIdentity.builder()
                        .setPrincipal(new QuarkusPrincipal(accountId))
                        .build())
                .orElseThrow(() -> new AuthenticationFailedException("unknown API key")));
    }
}
