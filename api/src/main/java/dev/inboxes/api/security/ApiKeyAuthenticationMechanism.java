package dev.inboxes.api.security;

import dev.inboxes.api.problem.ProblemType;
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
import io.vertx.core.json.Json;
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
        return identityProviderManager.authenticate(HttpSecurityUtils.setRoutingContextAttribute(request, context));
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, WWW_AUTHENTICATE, CHALLENGE));
    }

    /** The challenge carries a problem body, so every 401 says how to authenticate. */
    @Override
    public Uni<Boolean> sendChallenge(RoutingContext context) {
        if (!context.response().ended()) {
            boolean sentKey = context.request().getHeader(HttpHeaders.AUTHORIZATION) != null;
            String detail = sentKey
                    ? "The API key is not valid. Send Authorization: Bearer <api_key> with the key POST /v1/accounts "
                            + "returned; if it is lost, create a new account."
                    : "This route needs an API key. Send Authorization: Bearer <api_key>; POST /v1/accounts returns a key.";
            context.response()
                    .setStatusCode(401)
                    .putHeader(WWW_AUTHENTICATE, CHALLENGE)
                    .putHeader(HttpHeaders.CONTENT_TYPE, ProblemType.MEDIA_TYPE.toString())
                    .end(Json.encode(ProblemType.UNAUTHORIZED.problem(detail)));
        }
        return Uni.createFrom().item(true);
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class);
    }
}
