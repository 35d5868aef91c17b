package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The JSON request bodies. Null fields are omitted by {@link Json}, so only what the caller set is sent. */
final class RequestBodies {

    private RequestBodies() {
    }

    record CreateInbox(String username, @JsonProperty("display_name") String displayName) {

        static CreateInbox from(CreateInboxParams params) {
            return new CreateInbox(params.username(), params.displayName());
        }
    }

    record RecordMessage(String from, String to, String subject, String text) {

        static RecordMessage from(RecordMessageParams params) {
            return new RecordMessage(params.from(), params.to(), params.subject(), params.text());
        }
    }

    record BulkDeleteInboxes(String q, @JsonProperty("created_after") String createdAfter,
                             @JsonProperty("created_before") String createdBefore,
                             @JsonProperty("confirm_token") String confirmToken) {

        static BulkDeleteInboxes from(BulkDeleteInboxesParams params) {
            return new BulkDeleteInboxes(params.q(), text(params.createdAfter()), text(params.createdBefore()),
                    params.confirmToken());
        }

        private static String text(java.time.Instant at) {
            return at == null ? null : at.toString(); // Instant.toString() is RFC 3339 in UTC
        }
    }
}
