package dev.inboxes.mcp.message;

import dev.inboxes.mcp.protocol.AgentErrors;
import dev.inboxes.mcp.protocol.CallerAccount;
import io.quarkiverse.mcp.server.RequestUri;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.ResourceTemplate;
import io.quarkiverse.mcp.server.ResourceTemplateArg;
import jakarta.inject.Inject;

/**
 * A message's attachments and the message as received, as MCP resources an agent reads by the URIs
 * {@code get_message} links: text in parts within the budget, each part naming the next; a binary file described,
 * its bytes on request ({@code /blob}), bounded. Read with the caller's account, like every tool.
 */
@AgentErrors
public class MessageResources {

    static final String MESSAGE = "inboxes://inboxes/{inbox_id}/messages/{message_id}";
    static final String RAW = MESSAGE + "/raw";
    static final String ATTACHMENT = MESSAGE + "/attachments/{attachment_id}";
    static final String FROM = "/from/{offset}";
    static final String BLOB = "/blob";

    @Inject
    AgentFileReader reader;

    @Inject
    CallerAccount caller;

    @ResourceTemplate(name = "raw_message", uriTemplate = RAW, mimeType = "text/plain",
            description = "A message as received (RFC 5322), as text in parts; each part names the next.")
    ResourceResponse raw(@ResourceTemplateArg(name = "inbox_id") String inboxId,
            @ResourceTemplateArg(name = "message_id") String messageId, RequestUri uri) {
        return reader.raw(caller.id(), inboxId, messageId, "0", uri.value());
    }

    @ResourceTemplate(name = "raw_message_part", uriTemplate = RAW + FROM, mimeType = "text/plain",
            description = "The part of a message as received that starts at byte offset, as a part names it.")
    ResourceResponse rawPart(@ResourceTemplateArg(name = "inbox_id") String inboxId,
            @ResourceTemplateArg(name = "message_id") String messageId,
            @ResourceTemplateArg(name = "offset") String offset, RequestUri uri) {
        return reader.raw(caller.id(), inboxId, messageId, offset, uri.value());
    }

    @ResourceTemplate(name = "attachment", uriTemplate = ATTACHMENT,
            description = "An attachment: text (text/*, JSON, XML, CSV…) in parts, each naming the next; any other "
                    + "type described, with where its bytes are.")
    ResourceResponse attachment(@ResourceTemplateArg(name = "inbox_id") String inboxId,
            @ResourceTemplateArg(name = "message_id") String messageId,
            @ResourceTemplateArg(name = "attachment_id") String attachmentId, RequestUri uri) {
        return reader.attachment(caller.id(), inboxId, messageId, attachmentId, null, uri.value());
    }

    @ResourceTemplate(name = "attachment_part", uriTemplate = ATTACHMENT + FROM, mimeType = "text/plain",
            description = "The part of a text attachment that starts at byte offset, as a part names it.")
    ResourceResponse attachmentPart(@ResourceTemplateArg(name = "inbox_id") String inboxId,
            @ResourceTemplateArg(name = "message_id") String messageId,
            @ResourceTemplateArg(name = "attachment_id") String attachmentId,
            @ResourceTemplateArg(name = "offset") String offset, RequestUri uri) {
        return reader.attachment(caller.id(), inboxId, messageId, attachmentId, offset, uri.value());
    }

    @ResourceTemplate(name = "attachment_blob", uriTemplate = ATTACHMENT + BLOB,
            description = "An attachment's bytes (base64 blob), up to " + AgentFileReader.BLOB_BYTES + " bytes; "
                    + "larger ones from the REST API.")
    ResourceResponse blob(@ResourceTemplateArg(name = "inbox_id") String inboxId,
            @ResourceTemplateArg(name = "message_id") String messageId,
            @ResourceTemplateArg(name = "attachment_id") String attachmentId, RequestUri uri) {
        return reader.blob(caller.id(), inboxId, messageId, attachmentId, uri.value());
    }

    /** The URI of a message as received. */
    static String rawUri(String inboxId, String messageId) {
        return message(inboxId, messageId) + "/raw";
    }

    /** The URI of an attachment. */
    static String attachmentUri(String inboxId, String messageId, String attachmentId) {
        return message(inboxId, messageId) + "/attachments/" + attachmentId;
    }

    private static String message(String inboxId, String messageId) {
        return "inboxes://inboxes/" + inboxId + "/messages/" + messageId;
    }
}
