package dev.inboxes.mcp.outbound;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.outbound.OutboundMessage;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * A sent message as an agent needs it: where to find it again, and where each recipient's copy stands. Nothing of
 * the original a reply or forward answers (its subject is a stranger's words), so nothing here needs marking.
 */
@RegisterForReflection
public record AgentSent(
        @JsonProperty(value = "message_id", required = true) String messageId,
        @JsonProperty(value = "thread_id", required = true) String threadId,
        @JsonProperty(required = true) List<Recipient> deliveries) {

    /** One recipient; {@code reply} only once there is one (an SMTP reply, or why nothing was tried). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record Recipient(
            @JsonProperty(required = true) String recipient,
            @JsonProperty(required = true) String status,
            String reply) {

        static Recipient fromDomain(Delivery delivery) {
            return new Recipient(delivery.recipient(), delivery.status().wire(), delivery.smtpReply());
        }
    }

    static AgentSent fromDomain(OutboundMessage sent) {
        return new AgentSent(sent.message().row().id(), sent.message().row().threadId(), sent.deliveries().stream().map(Recipient::fromDomain).toList());
    }
}
