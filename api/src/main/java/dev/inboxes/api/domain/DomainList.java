package dev.inboxes.api.domain;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.outbound.MailDomains;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "DomainList", description = "The mail domains: one page, whole (a deployment sends from one domain).")
public record DomainList(
        @Schema(description = "The domains.", required = true) List<DomainResponse> data,
        @JsonProperty("has_more")
        @Schema(description = "Always false: the list is whole.", required = true) boolean hasMore,
        @Schema(description = "Always null.", required = true, nullable = true) String cursor,
        @Schema(description = "How many domains.", required = true) long total) {

    @Schema(name = "Domain", description = "A domain mail is sent from, and what its DNS must publish.")
    public record DomainResponse(
            @Schema(description = "The domain.", examples = "inboxes.test", required = true) String domain,
            @Schema(description = "The records to publish.", required = true) List<RecordResponse> records) {
    }

    @Schema(name = "DnsRecord", description = "One DNS record to publish.")
    public record RecordResponse(
            @Schema(description = "The record type.", examples = "TXT", required = true) String type,
            @Schema(description = "The name it is published at.", examples = "s202612031010._domainkey.inboxes.test",
                    required = true) String name,
            @Schema(description = "Its value.", examples = "v=DKIM1; k=rsa; p=MIIBIjANBgkq…", required = true)
            String value,
            @Schema(description = "What it is for.", required = true) String purpose) {
    }

    static DomainList fromDomain(List<MailDomains.MailDomain> domains) {
        return new DomainList(domains.stream().map(domain -> new DomainResponse(domain.domain(),
                domain.records().stream().map(r -> new RecordResponse(r.type(), r.name(), r.value(), r.purpose()))
                        .toList())).toList(), false, null, domains.size());
    }
}
