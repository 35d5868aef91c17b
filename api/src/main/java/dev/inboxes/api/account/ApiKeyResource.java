package dev.inboxes.api.account;

import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.paging.PageQuery;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.account.ApiKeyService;
import dev.inboxes.domain.account.ApiKeys;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/api-keys")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "API keys")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
@APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
@APIResponse(responseCode = "401", description = "Missing or invalid API key.")
public class ApiKeyResource {

    @Inject
    ApiKeyService keys;

    @Inject
    CurrentAccount account;

    @GET
    @Operation(operationId = "listApiKeys", summary = "List the account's API keys, newest first, one page at a time",
            description = "Returns one page of the account's API keys, newest first (`created_at` descending, ties by "
                    + "id descending), with when each was last used; never a secret.\n\n" + PagingDocs.PROTOCOL)
    @APIResponse(responseCode = "200", description = "One page of API keys.")
    public RestResponse<ApiKeyPage> list(
            @BeanParam PageQuery paging) {
        return paging.respond(keys.list(account.id(), paging.request()), ApiKeyResponse::fromDomain, ApiKeyPage::new);
    }

    @POST
    @Operation(operationId = "createApiKey", summary = "Create an API key",
            description = "Issues another key for the account, e.g. to rotate: create the new key, switch to it, then "
                    + "delete the old one. No request body. An account holds at most " + ApiKeys.MAX_PER_ACCOUNT
                    + " keys.")
    @APIResponse(responseCode = "201", description = "The new key and its secret (shown once).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ApiKeyCreatedResponse.class)))
    @APIResponse(responseCode = "409", description = "The account already holds the most keys it may.")
    public Response create() {
        return Response.status(Response.Status.CREATED)
                .entity(ApiKeyCreatedResponse.fromDomain(keys.create(account.id())))
                .build();
    }

    @DELETE
    @Path("/{key_id}")
    @Produces(MediaType.WILDCARD) // 204 has no body: any Accept is fine (clients send their error type)
    @Operation(operationId = "deleteApiKey", summary = "Delete (revoke) an API key",
            description = "Revokes the key: every replica refuses it within a second. The key making this request "
                    + "may be the one deleted. The account's last key cannot be deleted.")
    @APIResponse(responseCode = "204", description = "Deleted.")
    @APIResponse(responseCode = "404", description = "No such key in this account.")
    @APIResponse(responseCode = "409", description = "It is the account's last key.")
    public void delete(@Parameter(description = "Key id.") @PathParam("key_id") String keyId) {
        keys.delete(account.id(), keyId);
    }
}
