package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.wait.WaitOutcome;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "WaitResult", description = "How a wait ended: with the earliest message after since, or at the "
        + "timeout. Either way, pass next as since to wait for the following message.")
public record WaitResponse(
        @JsonProperty("timed_out")
        @Schema(description = "True when no matching message arrived within the timeout; message is then null.",
                required = true) boolean timedOut,
        @Schema(description = "The earliest message received after since that matches from and subject, as list "
                + "rows show it (get the message for its whole text); null when timed_out.", required = true,
                nullable = true) MessageResponse message,
        @Schema(description = "Pass it as since to wait for the next message: it continues right after this "
                + "message (or, after a timeout, after everything this wait saw), so no message is missed or returned "
                + "twice between waits, on any replica. Opaque.", examples = "AgEAAAAAbm93X3NlcQ", required = true)
        String next) {

    static WaitResponse fromDomain(WaitOutcome outcome) {
        return new WaitResponse(outcome.timedOut(),
                outcome.message() == null ? null : MessageResponse.fromDomain(outcome.message()), outcome.next());
    }
}
