package dev.inboxes.api.account;

import dev.inboxes.domain.account.AccountService;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/accounts")
@Tag(name = "Accounts")
public class AccountResource {

    @Inject
    AccountService accounts;

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createAccount", summary = "Create an account",
            description = "Creates an account and returns its API key. No authentication; no request body.")
    @APIResponse(responseCode = "201", description = "The account and its API key (shown once).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = AccountCreatedResponse.class)))
    public Response create() {
        return Response.status(Response.Status.CREATED)
                .entity(AccountCreatedResponse.fromDomain(accounts.create()))
                .build();
    }
}
