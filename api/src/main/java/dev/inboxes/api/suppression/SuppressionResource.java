package dev.inboxes.api.suppression;

import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.paging.PageQuery;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.outbound.SuppressionService;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/** The account's suppression list: addresses that bounced permanently, which sends may not name until lifted. */
// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/suppressions")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Suppressions")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
@APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
@APIResponse(responseCode = "401", description = "Missing or invalid API key.")
public class SuppressionResource {

    @Inject
    SuppressionService suppressions;

    @Inject
    CurrentAccount account;

    @GET
    @Operation(operationId = "listSuppressions", summary = "List the account's suppressed addresses, newest first, "
            + "one page at a time",
            description = "Returns one page of the addresses the account sends nothing to, newest first (`created_at` "
                    + "descending, ties by address descending), with why. An address is suppressed when a report "
                    + "comes back that mail to it failed permanently (a hard bounce).\n\n" + PagingDocs.PROTOCOL)
    @APIResponse(responseCode = "200", description = "One page of suppressed addresses.")
    public RestResponse<SuppressionPage> list(
            @BeanParam PageQuery paging) {
        return paging.respond(suppressions.list(account.id(), paging.request()),
                SuppressionResponse::fromDomain, SuppressionPage::new);
    }

    @DELETE
    @Path("/{address}")
    @Produces(MediaType.WILDCARD) // 204 has no body: any Accept is fine (clients send their error type)
    @Operation(operationId = "deleteSuppression", summary = "Lift the suppression of an address",
            description = "The account may send to the address again (in any case: addresses are compared lower "
                    + "case). Lift it only when the address works again: another hard bounce suppresses it again.")
    @APIResponse(responseCode = "204", description = "Lifted.")
    @APIResponse(responseCode = "404", description = "The address is not suppressed in this account.")
    public void delete(@Parameter(description = "The suppressed address, e.g. bob@example.com.")
            @PathParam("address") String address) {
        suppressions.delete(account.id(), address);
    }
}
