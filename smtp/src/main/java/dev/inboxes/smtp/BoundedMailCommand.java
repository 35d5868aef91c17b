package dev.inboxes.smtp;

import java.io.IOException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.subethamail.smtp.DropConnectionException;
import org.subethamail.smtp.internal.command.MailCommand;
import org.subethamail.smtp.internal.server.BaseCommand;
import org.subethamail.smtp.server.Session;

/**
 * {@code MAIL FROM} with the checks the library leaves out, before it runs the library's own command: a
 * {@code SIZE=} beyond any number (SubEthaSMTP parses it as an int and fails the session with 421) or beyond the
 * limit is a 552, and a sender address with control characters is a 501 that does not echo it.
 */
final class BoundedMailCommand extends BaseCommand {

    private static final Pattern SIZE = Pattern.compile("(?i)\\sSIZE=([0-9]+)");
    private static final int MAX_SIZE_DIGITS = 18;

    private final MailCommand library = new MailCommand();
    private final long maxMessageSize;

    BoundedMailCommand(long maxMessageSize) {
        super("MAIL", "Specifies the sender.", "FROM: <sender> [ <parameters> ]");
        this.maxMessageSize = maxMessageSize;
    }

    @Override
    public void execute(String command, Session session) throws IOException, DropConnectionException {
        if (command.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            session.sendResponse(SmtpReplies.BAD_SYNTAX + " " + SmtpReplies.BAD_SENDER);
            return;
        }
        Matcher size = SIZE.matcher(command.toUpperCase(Locale.ROOT));
        if (size.find() && (size.group(1).length() > MAX_SIZE_DIGITS || Long.parseLong(size.group(1)) > maxMessageSize)) {
            session.sendResponse(SmtpReplies.TOO_BIG + " " + SmtpReplies.tooBig(maxMessageSize));
            return;
        }
        library.execute(command, session);
    }
}
