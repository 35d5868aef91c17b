package dev.inboxes.domain.wait;

/**
 * Told of each message stored, by whichever replica stored it, so that the waits on its inbox look again: the port
 * through which a store's announcements reach the waits ({@link WaitService} is the listener).
 */
public interface ArrivalListener {

    /**
     * @param inboxId the inbox that received the message
     * @param seq     the message's arrival sequence in that inbox
     */
    void arrived(String inboxId, long seq);

    /** Announcements may have been lost (the listening connection was re-established): every wait looks again. */
    void mayHaveMissedArrivals();
}
