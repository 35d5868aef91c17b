package dev.inboxes.smtp;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * A server socket whose connections give the client a deadline for every line: each line (a command, or a line of
 * a message) must arrive complete within the line time, counted from the end of the previous line or from the
 * server's last reply. A socket read timeout alone bounds only the pause between two bytes, so a client trickling
 * one byte a minute would hold its connection for ever; here every read waits only as long as the line has left,
 * and a late line ends with {@link SocketTimeoutException}, which the SMTP server answers with 421 and a
 * disconnect. (SubEthaSMTP has only the per-read timeout; this is the "per-record deadline" of Postfix.)
 */
final class LineDeadlineServerSocket extends ServerSocket {

    private final long lineNanos;
    private final long lifetimeNanos;

    LineDeadlineServerSocket(Duration lineTime, Duration lifetime) throws IOException {
        this.lineNanos = lineTime.toNanos();
        this.lifetimeNanos = lifetime.toNanos();
    }

    @Override
    public Socket accept() throws IOException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        Socket socket = new DeadlineSocket(lineNanos, System.nanoTime() + lifetimeNanos);
        implAccept(socket);
        socket.setTcpNoDelay(true); // every reply is written whole and flushed: no reason to hold it back
        return socket;
    }

    /** A connection whose reads honour the line deadline and whose writes (the server's replies) restart it. */
    static final class DeadlineSocket extends Socket {

        private final long lineNanos;
        /** When the connection's lifetime ends: no line's deadline is later. */
        private final long end;
        private InputStream input;
        private OutputStream output;
        private long deadline;

        DeadlineSocket(long lineNanos, long end) {
            this.lineNanos = lineNanos;
            this.end = end;
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (input == null) {
                restartDeadline();
                input = new LineDeadlineInput(super.getInputStream());
            }
            return input;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (output == null) {
                output = new DeadlineRestartingOutput(super.getOutputStream());
            }
            return output;
        }

        private void restartDeadline() {
            long now = System.nanoTime();
            deadline = end - now < lineNanos ? end : now + lineNanos;
        }

        private void awaitNoLongerThanTheDeadline() throws IOException {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new SocketTimeoutException("the client did not finish a line within " + lineNanos / 1_000_000 + " ms");
            }
            setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000)));
        }

        private final class LineDeadlineInput extends FilterInputStream {

            LineDeadlineInput(InputStream in) {
                super(in);
            }

            @Override
            public int read() throws IOException {
                awaitNoLongerThanTheDeadline();
                int b = in.read();
                if (b == '\n') {
                    restartDeadline();
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                awaitNoLongerThanTheDeadline();
                int read = in.read(buffer, offset, length);
                for (int i = offset + read - 1; i >= offset; i--) {
                    if (buffer[i] == '\n') {
                        restartDeadline(); // bytes after it start a new line, and have the whole line time
                        break;
                    }
                }
                return read;
            }
        }

        private final class DeadlineRestartingOutput extends FilterOutputStream {

            DeadlineRestartingOutput(OutputStream out) {
                super(out);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                out.write(bytes, offset, length);
            }

            @Override
            public void flush() throws IOException {
                out.flush();
                restartDeadline(); // the client may only be expected to answer once it has the reply
            }
        }
    }
}
