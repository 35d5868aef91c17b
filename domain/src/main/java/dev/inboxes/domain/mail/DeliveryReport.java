package dev.inboxes.domain.mail;

import java.util.List;

/**
 * What a delivery did, after its transaction committed.
 *
 * @param stored     the new messages' ids
 * @param duplicates recipients that already held this message (a retried delivery)
 * @param gone       recipients whose inbox was deleted while the message was being received
 */
public record DeliveryReport(List<String> stored, int duplicates, int gone) {

    public DeliveryReport {
        stored = List.copyOf(stored);
    }
}
