package dev.inboxes.api.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.api.json.JsonFields;
import dev.inboxes.domain.event.EventType;
import dev.inboxes.domain.webhook.WebhookChanges;
import dev.inboxes.domain.webhook.WebhookSettings;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The bodies of the webhook routes, read field by field (unknown fields are refused). */
final class WebhookRequests {

    private static final Set<String> CREATE_FIELDS = Set.of("url", "event_types", "inbox_ids");
    private static final Set<String> CHANGE_FIELDS = Set.of("url", "event_types", "inbox_ids", "status");
    private static final String CREATE_EXAMPLE = "{\"url\":\"https://example.com/hook\",\"event_types\":"
            + "[\"message.received\"]}";
    private static final String CHANGE_EXAMPLE = "{\"status\":\"disabled\"}";
    /** Twice the types there are: duplicates are folded, a longer list is an error. */
    private static final int MAX_EVENT_TYPES = EventType.values().length * 2;

    private WebhookRequests() {
    }

    @Schema(name = "CreateWebhookRequest")
    record Create(
            @Schema(description = WebhookFields.URL, examples = WebhookFields.URL_EXAMPLE, required = true) String url,
            @com.fasterxml.jackson.annotation.JsonProperty("event_types")
            @Schema(description = WebhookFields.EVENT_TYPES, required = true) List<String> eventTypes,
            @com.fasterxml.jackson.annotation.JsonProperty("inbox_ids")
            @Schema(description = WebhookFields.INBOX_IDS, nullable = true) List<String> inboxIds) {

        static Create fromJson(JsonNode body) {
            JsonFields fields = JsonFields.of(body, CREATE_FIELDS, CREATE_EXAMPLE);
            return new Create(fields.text("url"), fields.texts("event_types", MAX_EVENT_TYPES),
                    fields.texts("inbox_ids", WebhookSettings.MAX_INBOX_IDS));
        }
    }

    @Schema(name = "UpdateWebhookRequest", description = "Only the fields sent change.")
    record Change(
            @Schema(description = WebhookFields.URL, examples = WebhookFields.URL_EXAMPLE, nullable = true) String url,
            @com.fasterxml.jackson.annotation.JsonProperty("event_types")
            @Schema(description = WebhookFields.EVENT_TYPES, nullable = true) List<String> eventTypes,
            @com.fasterxml.jackson.annotation.JsonProperty("inbox_ids")
            @Schema(description = WebhookFields.INBOX_IDS, nullable = true) List<String> inboxIds,
            @Schema(description = WebhookFields.STATUS + " Enabling clears failing_since.",
                    enumeration = {"enabled", "disabled"}, nullable = true) String status) {

        static WebhookChanges fromJson(JsonNode body) {
            JsonFields fields = JsonFields.of(body, CHANGE_FIELDS, CHANGE_EXAMPLE);
            return new WebhookChanges(fields.text("url"), fields.texts("event_types", MAX_EVENT_TYPES),
                    fields.texts("inbox_ids", WebhookSettings.MAX_INBOX_IDS), fields.text("status"));
        }
    }
}
