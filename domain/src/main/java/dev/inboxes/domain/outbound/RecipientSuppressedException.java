package dev.inboxes.domain.outbound;

import dev.inboxes.domain.shared.DomainException;
import dev.inboxes.domain.shared.Text;
import java.util.List;
import java.util.stream.Collectors;

/** A send names recipients the account has suppressed: nothing is sent, to them or to anyone else in it. */
public class RecipientSuppressedException extends DomainException {

    /** Addresses the message names at most; a send has at most 50 recipients, but a detail stays short. */
    private static final int NAMED = 10;

    private final List<String> addresses;

    RecipientSuppressedException(List<String> addresses) {
        super(detail(addresses));
        this.addresses = List.copyOf(addresses);
    }

    /** The suppressed recipients, lower case. */
    public List<String> addresses() {
        return addresses;
    }

    private static String detail(List<String> addresses) {
        String named = addresses.stream().limit(NAMED).map(Text::quote).collect(Collectors.joining(", "));
        String more = addresses.size() > NAMED ? " and " + (addresses.size() - NAMED) + " more" : "";
        String first = addresses.get(0);
        return (addresses.size() == 1 ? "The recipient " + named + " is" : "The recipients " + named + more + " are")
                + " suppressed: mail to " + (addresses.size() == 1 ? "it" : "them") + " bounced permanently before, so "
                + "this account sends " + (addresses.size() == 1 ? "it" : "them") + " nothing and nothing was sent. "
                + "Remove " + (addresses.size() == 1 ? "it" : "them") + " from the message, or, if the address works "
                + "again, lift the suppression with DELETE /v1/suppressions/" + first
                + (addresses.size() == 1 ? "" : " (one request per address)") + " and send again.";
    }
}
