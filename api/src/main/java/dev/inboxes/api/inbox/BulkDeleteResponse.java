package dev.inboxes.api.inbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.inbox.BulkDeletion;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "BulkDeleteInboxesResult", description = "What a bulk delete did, or, for a preview, would do.")
public record BulkDeleteResponse(
        @Schema(description = "Inboxes matching the filters when the call began; for a call with confirm_token, the "
                + "ones its token confirmed.", examples = "119", required = true) long matched,
        @Schema(description = "Inboxes this call deleted, with their messages: 0 for a preview, at most 1000.",
                examples = "0", required = true) long deleted,
        @Schema(description = "Matching inboxes not deleted yet: what confirm_token deletes.", examples = "119",
                required = true) long remaining,
        @JsonProperty("has_more")
        @Schema(description = "True while matching inboxes remain to delete; then call again with confirm_token.",
                required = true) boolean hasMore,
        @JsonProperty("confirm_token")
        @Schema(description = "Send it back with the same filters to delete (the next) up to 1000 of the remaining "
                + "matches; valid for an hour, and only while the matches stay the same. Null when none remain.",
                required = true, nullable = true) String confirmToken,
        @Schema(description = "Up to 5 of the inboxes still to delete, newest first.", required = true)
        List<InboxResponse> sample) {

    static BulkDeleteResponse fromDomain(BulkDeletion deletion) {
        return new BulkDeleteResponse(deletion.matched(), deletion.deleted(), deletion.remaining(), deletion.hasMore(),
                deletion.confirmToken(), deletion.sample().stream().map(InboxResponse::fromDomain).toList());
    }
}
