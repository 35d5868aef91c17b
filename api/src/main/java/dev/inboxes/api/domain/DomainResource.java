package dev.inboxes.api.domain;

import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.domain.outbound.MailDomains;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/domains")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Domains")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
public class DomainResource {

    @Inject
    MailDomains domains;

    @GET
    @Operation(operationId = "listDomains", summary = "List the mail domains and the DNS records to publish",
            description = "The domain the inboxes send from, with the records its DNS needs so that receivers "
                    + "verify its mail: the DKIM public key (TXT at selector._domainkey), and SPF and DMARC "
                    + "suggestions. One domain, so one page.")
    @APIResponse(responseCode = "200", description = "The mail domains.")
    public DomainList list() {
        return DomainList.fromDomain(domains.list());
    }
}
