package dev.inboxes.api.message;

import dev.inboxes.domain.message.MessageExtracts;
import dev.inboxes.domain.message.OneTimeCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "OneTimeCode", description = "A guess at a one-time code in the message (heuristic: the digits or "
        + "short code next to words such as code, verification, OTP or passcode, in several languages; order "
        + "numbers, phone numbers, dates, prices and years set aside). Check it against the text.")
public record OneTimeCodeResponse(
        @Schema(description = "What to type: digits without the spaces or dashes that grouped them, or a short "
                + "upper-case code as written.", examples = "482913", required = true) String code,
        @Schema(description = "Where it was found.", enumeration = {OneTimeCode.SUBJECT, OneTimeCode.TEXT},
                examples = OneTimeCode.TEXT, required = true) String source,
        @Schema(description = "The line around it, at most " + MessageExtracts.CONTEXT_LENGTH + " characters.",
                examples = "Verification code: 482913", required = true) String context) {

    static OneTimeCodeResponse fromDomain(OneTimeCode code) {
        return new OneTimeCodeResponse(code.code(), code.source(), code.context());
    }
}
