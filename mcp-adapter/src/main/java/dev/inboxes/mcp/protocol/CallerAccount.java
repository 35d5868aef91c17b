package dev.inboxes.mcp.protocol;

import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

/** The account of the agent calling a tool: /mcp is behind the same bearer API key as the REST API. */
@RequestScoped
public class CallerAccount {

    @Inject
    SecurityIdentity identity;

    public String id() {
        if (identity.isAnonymous()) {
            throw new IllegalStateException("no authenticated account on /mcp");
        }
        return identity.getPrincipal().getName();
    }
}
