package dev.inboxes.api.suppression;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.outbound.Suppression;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Suppression", description = "An address the account sends nothing to: a send naming it is refused "
        + "(422 recipient-suppressed) until DELETE /v1/suppressions/{address} lifts it.")
public record SuppressionResponse(
        @Schema(description = "The suppressed address, lower case.", examples = "bob@example.com", required = true)
        String address,
        @Schema(description = "Why it is suppressed: hard-bounce (a later hop reported the address permanently "
                + "undeliverable).", examples = "hard-bounce", required = true) String reason,
        @JsonProperty("created_at")
        @Schema(description = "When it was suppressed, RFC 3339 UTC with microseconds; the list's sort key.",
                implementation = String.class, format = "date-time", examples = "2026-12-03T10:00:00.123456Z",
                required = true) Instant createdAt) {

    static SuppressionResponse fromDomain(Suppression suppression) {
        return new SuppressionResponse(suppression.address(), suppression.reason(), suppression.createdAt());
    }
}
