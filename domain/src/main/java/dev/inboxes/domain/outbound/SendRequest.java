package dev.inboxes.domain.outbound;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.util.ArrayList;
import java.util.List;

/** A new message from an inbox, checked whole before anything is stored. */
public record SendRequest(List<String> to, List<String> cc, List<String> bcc, String subject, String replyTo,
                          MailBody body) {

    /** Recipients of one message, To, Cc and Bcc together. */
    public static final int MAX_RECIPIENTS = 50;
    public static final int MAX_SUBJECT_LENGTH = 998; // RFC 5322's line limit

    public static SendRequest of(List<String> to, List<String> cc, List<String> bcc, String subject, String replyTo,
            MailBody body) {
        List<String> checkedTo = addresses("to", to);
        if (checkedTo.isEmpty()) {
            throw new InvalidArgumentException("to", "to must name at least one recipient, such as [\"alice@example.com\"].");
        }
        SendRequest request = new SendRequest(checkedTo, addresses("cc", cc), addresses("bcc", bcc),
                subject(subject), replyTo == null ? null : Addresses.valid("reply_to", replyTo), body);
        recipientsWithinLimit(request.to.size() + request.cc.size() + request.bcc.size());
        return request;
    }

    static String subject(String subject) {
        return Text.requirePlain("subject", MailBody.required("subject", subject), MAX_SUBJECT_LENGTH);
    }

    static List<String> addresses(String field, List<String> given) {
        List<String> checked = new ArrayList<>();
        if (given == null) {
            return checked;
        }
        if (given.size() > MAX_RECIPIENTS) {
            recipientsWithinLimit(given.size());
        }
        for (int i = 0; i < given.size(); i++) {
            String address = Addresses.valid(field + "[" + i + "]", given.get(i));
            if (checked.stream().noneMatch(address::equalsIgnoreCase)) {
                checked.add(address);
            }
        }
        return checked;
    }

    static void recipientsWithinLimit(int recipients) {
        if (recipients > MAX_RECIPIENTS) {
            throw new InvalidArgumentException("to", "At most " + MAX_RECIPIENTS + " recipients a message (to, cc "
                    + "and bcc together; got " + recipients + "): send several messages.");
        }
    }

    String fingerprint() {
        return String.join(",", to) + "\u0000" + String.join(",", cc) + "\u0000" + String.join(",", bcc) + "\u0000"
                + subject + "\u0000" + replyTo + "\u0000" + body.fingerprint();
    }
}
