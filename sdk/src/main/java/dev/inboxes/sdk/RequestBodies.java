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
}
