package dev.inboxes.smtp;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.subethamail.smtp.DropConnectionException;
import org.subethamail.smtp.RejectException;
import org.subethamail.smtp.internal.server.BaseCommand;
import org.subethamail.smtp.internal.util.SMTPResponseHelper;
import org.subethamail.smtp.server.Session;

/**
 * {@code BDAT} (RFC 3030 CHUNKING) in place of SubEthaSMTP's, which answered a chunk it refused (no MAIL, no
 * accepted recipient) without reading it: the chunk's bytes were then run as commands, so a client could pipeline a
 * whole second transaction inside a refused chunk. Here every chunk whose size is known is read whatever the reply,
 * and refused ones are discarded; a BDAT line whose size cannot be read, or a chunk that would take the message
 * over the size limit, ends the connection, since the bytes that follow cannot be told from commands.
 */
final class BdatCommand extends BaseCommand {

    private static final int BLOCK = 16 * 1024;

    private final long maxMessageSize;

    BdatCommand(long maxMessageSize) {
        super("BDAT", "A sequence of BDAT chunks is collected as the message.", "<size> [LAST]");
        this.maxMessageSize = maxMessageSize;
    }

    @Override
    public void execute(String command, Session session) throws IOException, DropConnectionException {
        Chunk first = Chunk.parse(command);
        checkSize(first, 0);
        if (!session.isMailTransactionInProgress() || session.getRecipientCount() == 0) {
            discard(session.getRawInput(), first.size());
            session.sendResponse((session.isMailTransactionInProgress() ? "503 5.5.1 Error: need RCPT command"
                    : "503 5.5.1 Error: need MAIL command") + ", chunk of " + first.size() + " bytes discarded");
            return;
        }
        if (first.malformed() != null) {
            discard(session.getRawInput(), first.size());
            session.resetMailTransaction();
            session.sendResponse(first.malformed());
            return;
        }
        Chunks message = new Chunks(session, first);
        String reply;
        try {
            reply = session.getMessageHandler().data(message);
            message.discardTheCurrentChunk(); // a handler that stopped early leaves the rest unread
        } catch (DropConnectionException e) {
            throw e;
        } catch (RejectException e) {
            message.discardTheCurrentChunk();
            session.resetMailTransaction(); // later chunks of this message are discarded with 503
            session.sendResponse(e.getErrorResponse());
            return;
        } catch (OutOfSequence e) {
            session.resetMailTransaction();
            if (e.drop) {
                throw new DropConnectionException(e.code, e.text);
            }
            session.sendResponse(e.code + " " + e.text);
            return;
        }
        session.sendResponse(reply == null ? "250 Ok" : SMTPResponseHelper.buildResponse("250", reply));
        session.resetMailTransaction();
    }

    /** A chunk whose bytes cannot be found, or that the message has no room for, ends the session. */
    private void checkSize(Chunk chunk, long before) throws DropConnectionException {
        if (chunk.size() < 0) {
            throw new DropConnectionException(SmtpReplies.BAD_SYNTAX, SmtpReplies.BAD_CHUNK);
        }
        if (before + chunk.size() > maxMessageSize) {
            throw new DropConnectionException(SmtpReplies.TOO_BIG, SmtpReplies.tooBig(maxMessageSize)
                    + ", closing the connection: the chunk is not read");
        }
    }

    private static void discard(InputStream in, long size) throws IOException {
        byte[] block = new byte[(int) Math.min(BLOCK, Math.max(1, size))];
        for (long left = size; left > 0; ) {
            int read = in.read(block, 0, (int) Math.min(block.length, left));
            if (read == -1) {
                throw new EOFException("the connection ended inside a BDAT chunk");
            }
            left -= read;
        }
    }

    /** One BDAT line: the size ({@code -1} when it cannot be read), LAST, and what is wrong with it if anything. */
    record Chunk(long size, boolean last, String malformed) {

        static Chunk parse(String line) {
            String[] args = line.trim().split(" +");
            long size = -1;
            if (args.length >= 2 && args[1].length() <= 18 && args[1].chars().allMatch(c -> c >= '0' && c <= '9')) {
                size = Long.parseLong(args[1]);
            }
            boolean last = args.length == 3 && args[2].toUpperCase(Locale.ROOT).equals("LAST");
            if (args.length > 3 || args.length == 3 && !last) {
                return new Chunk(size, false, "501 5.5.4 Syntax: BDAT <size> [LAST]");
            }
            if (size == 0 && !last) {
                return new Chunk(0, false, "501 5.5.4 An empty BDAT chunk must be the LAST one");
            }
            return new Chunk(size, last, null);
        }
    }

    /** A way out of the message's stream for a command between chunks that ends the message. */
    private static final class OutOfSequence extends IOException {

        final int code;
        final String text;
        final boolean drop;

        OutOfSequence(int code, String text, boolean drop) {
            super(code + " " + text);
            this.code = code;
            this.text = text;
            this.drop = drop;
        }
    }

    /**
     * The message as its chunks' bytes, read in blocks: after each chunk that is not the LAST one, its 250 goes out
     * and the next line must be the next BDAT (or RSET, which abandons the message).
     */
    private final class Chunks extends BlockInputStream {

        private final Session session;
        private long left;
        private boolean last;
        private long received;

        Chunks(Session session, Chunk first) {
            this.session = session;
            this.left = first.size();
            this.last = first.last();
            this.received = first.size();
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            while (left == 0) {
                if (last) {
                    return -1;
                }
                nextChunk();
            }
            int read = session.getRawInput().read(into, offset, (int) Math.min(length, left));
            if (read == -1) {
                throw new EOFException("the connection ended inside a BDAT chunk");
            }
            left -= read;
            return read;
        }

        private void nextChunk() throws IOException {
            session.sendResponse("250 2.0.0 Ok: " + received + " bytes received");
            String line = session.getReader().readLine();
            if (line == null) {
                throw new EOFException("the connection ended between BDAT chunks");
            }
            String verb = line.trim().toUpperCase(Locale.ROOT);
            if (verb.equals("RSET")) {
                throw new OutOfSequence(250, "2.0.0 Ok: message abandoned", false);
            }
            if (!verb.startsWith("BDAT ")) {
                throw new OutOfSequence(SmtpReplies.BAD_SEQUENCE, SmtpReplies.EXPECTED_BDAT, true);
            }
            Chunk chunk = Chunk.parse(line);
            try {
                checkSize(chunk, received);
            } catch (DropConnectionException e) {
                throw new OutOfSequence(e.getCode(), e.getErrorResponse().substring(4), true);
            }
            if (chunk.malformed() != null) {
                discard(session.getRawInput(), chunk.size());
                throw new OutOfSequence(Integer.parseInt(chunk.malformed().substring(0, 3)),
                        chunk.malformed().substring(4), false);
            }
            left = chunk.size();
            last = chunk.last();
            received += chunk.size();
        }

        void discardTheCurrentChunk() throws IOException {
            discard(session.getRawInput(), left);
            left = 0;
        }
    }
}
