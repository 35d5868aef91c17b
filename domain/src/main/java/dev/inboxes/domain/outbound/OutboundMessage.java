package dev.inboxes.domain.outbound;

import dev.inboxes.domain.message.MessageDetail;
import java.util.List;

/** A message sent from an inbox, as stored, with one delivery per recipient. */
public record OutboundMessage(MessageDetail message, List<Delivery> deliveries, boolean replayed) {

    public OutboundMessage {
        deliveries = List.copyOf(deliveries);
    }
}
