package dev.inboxes.api;

import dev.inboxes.api.paging.PagingDocs;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The OpenAPI document's front page; routes and schemas come from the resources. */
@OpenAPIDefinition(
        info = @Info(title = "Inboxes API", version = "1",
                description = "Email inboxes for AI agents and programs. Every list is paginated, newest first, "
                        + "with an opaque cursor.\n\n" + PagingDocs.PROTOCOL + "\n\n"
                        + "Errors are RFC 9457 problems (`application/problem+json`) whose `detail` says what to do "
                        + "next; every operation lists the statuses it can answer. A request whose `Accept` names "
                        + "`application/problem+json` (alone or among others) gets success bodies as "
                        + "`application/json`; only an `Accept` that excludes JSON gets a 406. 429 and 503 carry "
                        + "`Retry-After` (seconds). Times are written in RFC 3339 UTC."),
        tags = {
                @Tag(name = "Accounts", description = "Sign up: get an API key."),
                @Tag(name = "Inboxes", description = "Create, read, delete and list inboxes."),
                @Tag(name = "Messages", description = "Record, list and wait for the messages an inbox receives."),
                @Tag(name = "Threads", description = "The conversations of an inbox and their messages.")
        })
@SecurityScheme(securitySchemeName = InboxesApiDefinition.BEARER_AUTH, type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The api_key returned by POST /v1/accounts, sent as Authorization: Bearer <api_key>. Generated "
                + "clients take it as their bearer token or access token (not as an API key).")
public class InboxesApiDefinition extends Application {

    /** The security scheme's name: generators name their setting after it, so it says what the client must send. */
    public static final String BEARER_AUTH = "bearerAuth";
}
