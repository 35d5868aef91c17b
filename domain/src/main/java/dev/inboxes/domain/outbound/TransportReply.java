package dev.inboxes.domain.outbound;

/**
 * What the next hop answered to one message for one recipient: its SMTP reply code and text, or code 0 when no
 * reply came (a connection refused or lost, a timeout, a TLS failure), which counts as temporary.
 */
public record TransportReply(int code, String text) {

    public static TransportReply accepted(String text) {
        return new TransportReply(250, text);
    }

    /** No reply: the attempt failed before the next hop could answer. */
    public static TransportReply unreachable(String why) {
        return new TransportReply(0, why);
    }

    public boolean isAccepted() {
        return code >= 200 && code < 300;
    }

    public boolean isPermanent() {
        return code >= 500;
    }

    /** As a delivery shows it: {@code 250 2.0.0 Ok}, or the reason when there was no reply. */
    public String display() {
        return code == 0 ? text : code + " " + text;
    }
}
