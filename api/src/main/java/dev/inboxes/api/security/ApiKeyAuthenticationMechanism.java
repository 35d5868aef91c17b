package dev.inboxes.api.security;

import dev.inboxes.api.problem.HttpProblemMappers;
import dev.inboxes.api.problem.ProblemType;
import dev.inboxes.domain.shared.StoreUnavailableException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * {@code Authorization: Bearer <api_key>} for every protected route, REST and MCP alike. A missing header
 * leaves the request anonymous (the path policy decides); a malformed or unknown key fails with a 401 problem.
 */
@ApplicationScoped
public class ApiKeyAuthenticationMechanism implements HttpAuthenticationMechanism {

    private static final String SCHEME = "Bearer ";
    private static final String WWW_AUTHENTICATE = "WWW-Authenticate";
    private static final String DATABASE_OUTAGE = "inboxes.database-outage";
    private static final String CHALLENGE = "Bearer realm=\"inboxes\"";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String authorization = context.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null) {
            return Uni.createFrom().nullItem();
        }
        if (!authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return Uni.createFrom().failure(new AuthenticationFailedException("not a bearer credential"));
        }
        String apiKey = authorization.substring(SCHEME.length()).trim();
        TokenAuthenticationRequest request = new TokenAuthenticationRequest(new TokenCredential(apiKey, "bearer"));
        return identityProviderManager.authenticate(HttpSecurityUtils.setRoutingContextAttribute(request, context))
                .onFailure(StoreUnavailableException.class).transform(outage -> {
                    // The key could not be checked, which is not the caller's fault: answered with 503 below.
                    context.put(DATABASE_OUTAGE, Boolean.TRUE);
                    return new AuthenticationFailedException("database unavailable", outage);
                });
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, WWW_AUTHENTICATE, CHALLENGE));
    }

    /** The challenge carries a problem body, so every 401 says how to authenticate (and an outage is a 503). */
    @Override
    public Uni<Boolean> sendChallenge(RoutingContext context) {
        if (context.response().ended()) {
            return Uni.createFrom().item(true);
        }
        if (Boolean.TRUE.equals(context.get(DATABASE_OUTAGE))) {
            context.response().putHeader(HttpHeaders.RETRY_AFTER, HttpProblemMappers.RETRY_AFTER_SECONDS);
            ProblemType.UNAVAILABLE.end(context.response(), HttpProblemMappers.UNAVAILABLE_DETAIL);
        } else {
            context.response().putHeader(WWW_AUTHENTICATE, CHALLENGE);
            String detail = context.request().getHeader(HttpHeaders.AUTHORIZATION) == null
                    ? "This route needs an API key. Send Authorization: Bearer <api_key>; POST /v1/accounts returns a key."
                    : "The API key is not valid. Send Authorization: Bearer <api_key> with the key POST /v1/accounts "
                            + "returned; if it is lost, create a new account.";
            ProblemType.UNAUTHORIZED.end(context.response(), detail);
        }
        return Uni.createFrom().item(true);
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class);
    }
}
