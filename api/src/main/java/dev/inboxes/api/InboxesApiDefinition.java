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
                        + "with an opaque cursor. Errors are RFC 9457 problems whose `detail` says what to do next.\n\n"
                        + PagingDocs.PROTOCOL),
        tags = {
                @Tag(name = "Accounts", description = "Sign up: get an API key."),
                @Tag(name = "API keys", description = "List, create and revoke the account's API keys."),
                @Tag(name = "Inboxes", description = "Create, read, delete and list inboxes."),
                @Tag(name = "Messages", description = "Record and list the messages an inbox receives.")
        })
@SecurityScheme(securitySchemeName = InboxesApiDefinition.API_KEY, type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The api_key returned by POST /v1/accounts, sent as Authorization: Bearer <api_key>.")
public class InboxesApiDefinition extends Application {

    public static final String API_KEY = "apiKey";
}
