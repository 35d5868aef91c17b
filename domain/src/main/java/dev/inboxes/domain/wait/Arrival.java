package dev.inboxes.domain.wait;

import dev.inboxes.domain.message.Message;

/** A stored message and its number in its inbox's arrival sequence (the order deliveries to the inbox committed in). */
public record Arrival(long seq, Message message) {
}
