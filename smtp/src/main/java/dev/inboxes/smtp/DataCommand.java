package dev.inboxes.smtp;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import org.subethamail.smtp.DropConnectionException;
import org.subethamail.smtp.RejectException;
import org.subethamail.smtp.internal.server.BaseCommand;
import org.subethamail.smtp.internal.util.SMTPResponseHelper;
import org.subethamail.smtp.server.Session;

/**
 * {@code DATA} as SubEthaSMTP runs it, with the message read in blocks: the library's dot-terminated stream hands
 * the message over one byte at a time through three stream layers, which was the receiver's largest CPU cost
 * (over half of its samples at 10 KB). {@link Data} finds the end of data and undoes dot-stuffing over whole
 * buffers, and leaves every byte after the terminating line unread, for the next (pipelined) command.
 */
final class DataCommand extends BaseCommand {

    DataCommand() {
        super("DATA", "Following text is collected as the message.\nEnd data with <CR><LF>.<CR><LF>");
    }

    @Override
    public void execute(String command, Session session) throws IOException, DropConnectionException {
        if (!session.isMailTransactionInProgress()) {
            session.sendResponse("503 5.5.1 Error: need MAIL command");
            return;
        }
        if (session.getRecipientCount() == 0) {
            session.sendResponse("503 5.5.1 Error: need RCPT command");
            return;
        }
        session.sendResponse("354 End data with <CR><LF>.<CR><LF>");
        Data data = new Data((BufferedInputStream) session.getRawInput());
        String reply;
        try {
            reply = session.getMessageHandler().data(data);
            data.transferTo(OutputStreamDiscarding.INSTANCE); // a handler that stopped early leaves the rest unread
        } catch (DropConnectionException e) {
            throw e;
        } catch (RejectException e) {
            session.sendResponse(e.getErrorResponse());
            return;
        }
        session.sendResponse(reply == null ? "250 Ok" : SMTPResponseHelper.buildResponse("250", reply));
        session.resetMailTransaction();
    }

    /** The message of a DATA command: up to the line {@code .}, dot-stuffing undone (RFC 5321 4.5.2). */
    static final class Data extends BlockInputStream {

        private static final int BLOCK = 16 * 1024;

        private final BufferedInputStream in;
        private final byte[] block = new byte[BLOCK];
        /** The two bytes before the next one; a line starts after CR LF, and so does the data. */
        private int secondLast = '\r';
        private int last = '\n';
        private boolean ended;

        Data(BufferedInputStream in) {
            this.in = in;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (ended) {
                return -1;
            }
            if (length == 0) {
                return 0;
            }
            while (true) {
                in.mark(BLOCK);
                int read = in.read(block, 0, Math.min(BLOCK, length));
                if (read == -1) {
                    throw new EOFException("the connection ended before <CRLF>.<CRLF>");
                }
                int copied = 0;
                int consumed = 0;
                while (consumed < read) {
                    byte b = block[consumed];
                    if (b == '.' && secondLast == '\r' && last == '\n') {
                        if (read - consumed < 3) {
                            break; // not enough bytes to tell the end from a stuffed dot: read on from here
                        }
                        if (block[consumed + 1] == '\r' && block[consumed + 2] == '\n') {
                            consumed += 3;
                            ended = true;
                            break;
                        }
                        consumed++; // a stuffed dot: drop it, keep what follows as it is
                        secondLast = '\n';
                        last = '.';
                        continue;
                    }
                    into[offset + copied++] = b;
                    secondLast = last;
                    last = b;
                    consumed++;
                }
                in.reset();
                in.skipNBytes(consumed);
                if (copied > 0 || ended) {
                    return copied == 0 ? -1 : copied;
                }
                if (consumed == 0) {
                    return lineStartingWithADot(into, offset);
                }
            }
        }

        /** A line start with fewer than three bytes buffered after it: decided byte by byte (reads block for more). */
        private int lineStartingWithADot(byte[] into, int offset) throws IOException {
            int dot = in.read();
            int next = in.read();
            if (next == -1) {
                throw new EOFException("the connection ended before <CRLF>.<CRLF>");
            }
            if (next == '\r') {
                in.mark(1);
                int afterCr = in.read();
                if (afterCr == '\n') {
                    ended = true;
                    return -1;
                }
                in.reset();
            }
            into[offset] = (byte) next; // the dot was stuffed
            secondLast = dot;
            last = next;
            return 1;
        }
    }

    /** Where unread data goes. */
    private static final class OutputStreamDiscarding extends java.io.OutputStream {

        static final OutputStreamDiscarding INSTANCE = new OutputStreamDiscarding();

        @Override
        public void write(int b) {
            // discarded
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            // discarded
        }
    }
}
