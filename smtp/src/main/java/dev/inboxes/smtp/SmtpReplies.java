package dev.inboxes.smtp;

import dev.inboxes.domain.outbound.Bounces;
import java.util.List;

/**
 * The receiver's own replies (code and RFC 3463 enhanced status), each said once here. The text after the codes
 * tells a human reading a bounce what happened.
 */
final class SmtpReplies {

    static final int UNAVAILABLE = 421;
    static final int TEMPORARY_FAILURE = 451;
    static final int BAD_SYNTAX = 501;
    static final int BAD_SEQUENCE = 503;
    static final int NO_SUCH_MAILBOX = 550;
    static final int TOO_BIG = 552;
    static final int INSUFFICIENT_STORAGE = 452;

    static final String SHUTTING_DOWN = "4.3.2 Service shutting down, try again later";
    static final String BUSY = "4.3.1 Too much mail is being received at once: the message was not taken, try again "
            + "later";
    static final String STORE_FAILED = "4.3.0 Temporary failure storing the message, try again later";
    static final String LOOKUP_FAILED = "4.3.0 Temporary failure looking up the recipient, try again later";
    static final String TOO_MANY_FROM_ADDRESS = "4.7.0 Too many connections from your address, try again later";
    static final String TOO_MANY_FROM_NETWORK = "4.7.0 Too many connections from your network, try again later";
    static final String BAD_SENDER = "5.1.7 Bad sender address syntax";
    static final String NO_RECIPIENT_LEFT = "5.1.1 No such inbox here any more: every recipient inbox was deleted";
    static final String BAD_RECIPIENT = "5.1.3 Bad recipient address syntax";
    static final String BAD_CHUNK = "5.5.4 Syntax: BDAT <size> [LAST], closing the connection: the chunk's end is unknown";
    static final String EXPECTED_BDAT = "5.5.1 Expected the next BDAT chunk or RSET, closing the connection";

    /** Longest piece of client input a reply repeats. */
    static final int ECHO_LENGTH = 64;

    private SmtpReplies() {
    }

    static String unknownMailbox(String address) {
        return "5.1.1 <" + echo(address) + ">: no such inbox here";
    }

    static String relayDenied(String address, String mailDomain) {
        return "5.7.1 <" + echo(address) + ">: relaying denied, this server accepts mail for @" + mailDomain + " only";
    }

    static String tooBig(long limit) {
        return "5.3.4 Message too big: this server accepts at most " + limit + " bytes";
    }

    static String tooManyCommands(int budget) {
        return "4.7.0 More than " + budget + " commands in one connection, closing it; connect again to go on";
    }

    /** A retried delivery is said to be one: the inboxes that already held it are counted apart. */
    static String stored(int inboxes, int alreadyHeld) {
        String stored = "2.0.0 Ok: stored for " + inboxes + (inboxes == 1 ? " inbox" : " inboxes");
        return alreadyHeld == 0 ? stored : stored + ", already held by " + alreadyHeld + " (a retried delivery)";
    }

    /** A message to a bounce address is always taken; the text says what became of it, for whoever reads logs. */
    static String reportTaken(List<Bounces.Outcome> outcomes) {
        boolean applied = outcomes.stream().anyMatch(outcome -> outcome != Bounces.Outcome.NOT_A_REPORT
                && outcome != Bounces.Outcome.UNKNOWN_DELIVERY);
        if (applied) {
            return "2.0.0 Ok: delivery report recorded";
        }
        return outcomes.contains(Bounces.Outcome.NOT_A_REPORT)
                ? "2.0.0 Ok: not a delivery status report, dropped" : "2.0.0 Ok: report for an unknown delivery, dropped";
    }

    /** Client input in a reply: printable ASCII only, at most {@value #ECHO_LENGTH} characters. */
    static String echo(String value) {
        StringBuilder safe = new StringBuilder();
        value.chars().limit(ECHO_LENGTH).forEach(c -> safe.append(c >= 0x20 && c < 0x7f ? (char) c : '?'));
        return value.length() > ECHO_LENGTH ? safe.append("...").toString() : safe.toString();
    }
}
