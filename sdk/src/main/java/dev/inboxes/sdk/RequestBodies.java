package dev.inboxes.sdk;

import java.util.List;

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

    record Webhook(String url, @JsonProperty("event_types") List<String> eventTypes,
                   @JsonProperty("inbox_ids") List<String> inboxIds, String status) {

        static Webhook from(WebhookParams params) {
            return new Webhook(params.url(), params.eventTypes(), params.inboxIds(), params.status());
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

    record Attachment(String filename, @JsonProperty("content_type") String contentType,
                      @JsonProperty("content_base64") String contentBase64) {

        static List<Attachment> from(List<OutgoingAttachment> attachments) {
            return attachments.isEmpty() ? null : attachments.stream()
                    .map(a -> new Attachment(a.filename(), a.contentType(),
                            java.util.Base64.getEncoder().encodeToString(a.content())))
                    .toList();
        }
    }

    record SendMessage(List<String> to, List<String> cc, List<String> bcc, String subject, String text, String html,
                       @JsonProperty("reply_to") String replyTo, List<Attachment> attachments) {

        static SendMessage from(SendMessageParams params) {
            return new SendMessage(params.to(), orNull(params.cc()), orNull(params.bcc()), params.subject(),
                    params.text(), params.html(), params.replyTo(), Attachment.from(params.attachments()));
        }
    }

    record Reply(String text, String html, @JsonProperty("reply_all") Boolean replyAll,
                 List<Attachment> attachments) {

        static Reply from(ReplyParams params) {
            return new Reply(params.text(), params.html(), params.replyAll() ? Boolean.TRUE : null,
                    Attachment.from(params.attachments()));
        }
    }

    record Forward(List<String> to, String text, String html) {

        static Forward from(ForwardParams params) {
            return new Forward(params.to(), params.text(), params.html());
        }
    }

    private static <T> List<T> orNull(List<T> values) {
        return values.isEmpty() ? null : values;
    }
}
