package dev.inboxes.api.inbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.api.json.JsonFields;
import dev.inboxes.domain.inbox.InboxFilter;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "BulkDeleteInboxesRequest", description = "The filters of the inbox list, and, to delete, the "
        + "confirm_token of the previous call. All fields are optional: an empty body previews deleting every inbox.")
public record BulkDeleteRequest(
        @Schema(description = InboxResource.Q, examples = "acme order 1234", nullable = true) String q,
        @JsonProperty("created_after")
        @Schema(description = "Only inboxes created at or after this RFC 3339 time.", format = "date-time",
                examples = "2026-11-28T00:00:00Z", nullable = true) String createdAfter,
        @JsonProperty("created_before")
        @Schema(description = "Only inboxes created before this RFC 3339 time.", format = "date-time",
                examples = "2026-11-29T00:00:00Z", nullable = true) String createdBefore,
        @JsonProperty("confirm_token")
        @Schema(description = "The confirm_token of the previous response, with exactly the same filters; absent to "
                + "preview.", nullable = true) String confirmToken) {

    private static final Set<String> FIELDS = Set.of("q", "created_after", "created_before", "confirm_token");
    private static final String EXAMPLE = "{\"created_after\":\"2026-11-28T00:00:00Z\",\"created_before\":"
            + "\"2026-11-29T00:00:00Z\"}";

    static BulkDeleteRequest fromJson(JsonNode body) {
        JsonFields fields = JsonFields.of(body, FIELDS, EXAMPLE);
        return new BulkDeleteRequest(fields.text("q"), fields.text("created_after"), fields.text("created_before"),
                fields.text("confirm_token"));
    }

    InboxFilter filter() {
        return InboxFilter.parse(q, createdAfter, createdBefore);
    }
}
