package dev.inboxes.api;

import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.domain.shared.Text;
import dev.inboxes.domain.shared.Timestamps;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The OpenAPI document's front page; routes and schemas come from the resources, but for the problem schema that
 * every error response refers to (the responses themselves are completed by {@link OpenApiPortability}).
 */
@OpenAPIDefinition(
        info = @Info(title = "Inboxes API", version = "1",
                description = "Email inboxes for AI agents and programs. Every list is paginated, newest first, "
                        + "with an opaque cursor.\n\n" + PagingDocs.PROTOCOL + "\n\n"
                        + "Errors are RFC 9457 problems (`application/problem+json`) whose `detail` says what to do "
                        + "next; every operation lists the statuses it can answer. A request whose `Accept` names "
                        + "`application/problem+json` (alone or among others) gets success bodies as "
                        + "`application/json`; only an `Accept` that excludes JSON gets a 406. 429 and 503 carry "
                        + "`Retry-After` (seconds). Times are written in RFC 3339 UTC.\n\n"
                        + InboxesApiDefinition.STORED_AS_SENT),
        tags = {
                @Tag(name = "Accounts", description = "Sign up: get an API key."),
                @Tag(name = "API keys", description = "List, create and revoke the account's API keys."),
                @Tag(name = "Inboxes", description = "Create, read, delete and list inboxes."),
                @Tag(name = "Messages", description = "Record, list and wait for the messages an inbox receives; send, "
                        + "reply and forward from it."),
                @Tag(name = "Threads", description = "The conversations of an inbox and their messages."),
                @Tag(name = "Domains", description = "The mail domain and the DNS records that make its mail verify."),
                @Tag(name = "Suppressions", description = "Addresses the account sends nothing to, and lifting them."),
                @Tag(name = "Events", description = "What happened to the account's inboxes and messages: a paged log "
                        + "and a resumable stream."),
                @Tag(name = "Webhooks", description = "Endpoints the events are POSTed to, signed per Standard "
                        + "Webhooks, with their delivery attempts.")
        },
        components = @Components(schemas = @Schema(name = "Problem", implementation = Problem.class)))
@SecurityScheme(securitySchemeName = InboxesApiDefinition.BEARER_AUTH, type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The api_key returned by POST /v1/accounts, sent as Authorization: Bearer <api_key>. Generated "
                + "clients take it as their bearer token or access token (not as an API key).")
public class InboxesApiDefinition extends Application {

    /** The security scheme's name: generators name their setting after it, so it says what the client must send. */
    public static final String BEARER_AUTH = "bearerAuth";

    /** What the service does with input it could not store exactly as sent. */
    static final String STORED_AS_SENT = "Input is stored exactly as sent, or refused: request bodies must be UTF-8 "
            + "and every text well-formed Unicode (an unpaired surrogate such as `\\ud800`, or a malformed UTF-8 byte, "
            + "is a 400 problem, never replaced by `?` or U+FFFD); times must lie between " + Timestamps.EARLIEST_TEXT
            + " and " + Timestamps.LATEST_TEXT + " (400, naming the range); an id of the wrong shape is unknown (404). "
            + "An error quotes at most " + Text.QUOTED_LENGTH + " characters of what it was sent. Requests are rate limited per account and "
            + "client address: 429 with `Retry-After`.";
}
