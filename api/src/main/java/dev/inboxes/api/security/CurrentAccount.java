package dev.inboxes.api.security;

import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

/** The authenticated caller's account id, for adapters that serve one account per request. */
@RequestScoped
public class CurrentAccount {

    @Inject
    SecurityIdentity identity;

    public String id() {
        if (identity.isAnonymous()) {
            // The HTTP permission policy admits only authenticated callers to protected routes.
            throw new IllegalStateException("no authenticated account on a protected route");
        }
        return identity.getPrincipal().getName();
    }
}
