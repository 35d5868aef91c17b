package dev.inboxes.smtp;

import java.io.IOException;
import org.subethamail.smtp.internal.server.BaseCommand;
import org.subethamail.smtp.server.Session;

/**
 * {@code EHLO} as SubEthaSMTP answers it, plus {@code PIPELINING} (RFC 2920): the session reads commands in order
 * from a buffer and answers each, so a client may send MAIL, RCPT and DATA in one go, one round trip instead of
 * three, as mail servers do when it is advertised. (After STARTTLS the session starts a new buffer, so plain-text
 * commands pipelined behind it are never run.)
 */
final class EhloCommand extends BaseCommand {

    EhloCommand() {
        super("EHLO", "Introduce yourself.", "<hostname>");
    }

    @Override
    public void execute(String command, Session session) throws IOException {
        String[] args = getArgs(command);
        if (args.length < 2) {
            session.sendResponse("501 Syntax: EHLO hostname");
            return;
        }
        session.resetMailTransaction();
        session.setHelo(args[1]);
        StringBuilder reply = new StringBuilder("250-").append(session.getServer().getHostName())
                .append("\r\n250-8BITMIME\r\n250-PIPELINING");
        if (session.getServer().getMaxMessageSize() > 0) {
            reply.append("\r\n250-SIZE ").append(session.getServer().getMaxMessageSize());
        }
        if (session.getServer().getEnableTLS() && !session.getServer().getHideTLS() && !session.isTLSStarted()) {
            reply.append("\r\n250-STARTTLS");
        }
        reply.append("\r\n250-CHUNKING\r\n250-SMTPUTF8\r\n250 Ok");
        session.sendResponse(reply.toString());
    }
}
