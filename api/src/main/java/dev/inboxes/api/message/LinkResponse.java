package dev.inboxes.api.message;

import dev.inboxes.domain.message.MessageExtracts;
import dev.inboxes.domain.message.MessageLink;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "MessageLink", description = "A link of the message's text with what it said (heuristic).")
public record LinkResponse(
        @Schema(description = "The link's text: its anchor text in HTML mail, else the words before it on its line "
                + "(or the line above); at most " + MessageExtracts.LINK_TEXT_LENGTH + " characters; may be empty.",
                examples = "Verify email address", required = true) String text,
        @Schema(description = "The http(s) address as written.", examples = "https://example.com/verify?t=3f9a",
                required = true) String url) {

    static LinkResponse fromDomain(MessageLink link) {
        return new LinkResponse(link.text(), link.url());
    }
}
