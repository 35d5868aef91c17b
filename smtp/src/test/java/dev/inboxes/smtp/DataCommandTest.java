package dev.inboxes.smtp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The block-wise DATA reader against the rule it implements, on input split at every possible place. */
class DataCommandTest {

    @Test
    void undoesDotStuffingAndStopsRightAfterTheTerminatingLine() throws IOException {
        String wire = ".leading dot\r\n..two dots\r\nmiddle . dot\r\n.\rnot the end\r\n...\r\n\r\n.\r\nNOOP\r\n";
        for (int chunk = 1; chunk <= wire.length(); chunk++) {
            BufferedInputStream in = new BufferedInputStream(new Chunked(wire.getBytes(StandardCharsets.US_ASCII), chunk, 0), 8);
            assertThat(read(in, 5)).as("chunks of %d", chunk)
                    .isEqualTo("leading dot\r\n.two dots\r\nmiddle . dot\r\n\rnot the end\r\n..\r\n\r\n");
            assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo("NOOP\r\n");
        }
    }

    @Test
    void anEmptyMessageAndAMessageCutShort() throws IOException {
        assertThat(read(new BufferedInputStream(new Chunked(".\r\n".getBytes(), 1, 0)), 7)).isEmpty();
        assertThatThrownBy(() -> read(new BufferedInputStream(new Chunked("no end\r\n".getBytes(), 3, 0)), 7))
                .isInstanceOf(EOFException.class);
    }

    @Test
    void randomMessagesInRandomChunksReadAsTheReferenceRule() throws IOException {
        Random random = new Random(2026);
        byte[] alphabet = {'.', '.', '.', '\r', '\n', '\n', 'a', 'b', ' '};
        for (int round = 0; round < 2_000; round++) {
            byte[] message = new byte[random.nextInt(200)];
            for (int i = 0; i < message.length; i++) {
                message[i] = alphabet[random.nextInt(alphabet.length)];
            }
            byte[] wire = stuff(message);
            BufferedInputStream in = new BufferedInputStream(new Chunked(wire, 1 + random.nextInt(20), random.nextLong()),
                    1 + random.nextInt(32));
            assertThat(read(in, 1 + random.nextInt(40))).as("round %d", round)
                    .isEqualTo(new String(unstuffedReference(wire), StandardCharsets.ISO_8859_1));
            assertThat(in.read()).as("nothing after the terminator is consumed").isEqualTo('Z');
        }
    }

    /** What a client sends: the message dot-stuffed, a line break if needed, the terminating dot, then more. */
    private static byte[] stuff(byte[] message) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int secondLast = '\r';
        int last = '\n';
        for (byte b : message) {
            if (b == '.' && secondLast == '\r' && last == '\n') {
                out.write('.');
            }
            out.write(b);
            secondLast = last;
            last = b;
        }
        if (!(secondLast == '\r' && last == '\n')) {
            out.writeBytes("\r\n".getBytes());
        }
        out.writeBytes(".\r\nZ".getBytes());
        return out.toByteArray();
    }

    /** The rule, byte by byte: a line starting after CRLF with ".CRLF" ends the data, a leading dot is dropped. */
    private static byte[] unstuffedReference(byte[] wire) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int secondLast = '\r';
        int last = '\n';
        for (int i = 0; i < wire.length; i++) {
            if (wire[i] == '.' && secondLast == '\r' && last == '\n') {
                if (i + 2 < wire.length && wire[i + 1] == '\r' && wire[i + 2] == '\n') {
                    return out.toByteArray();
                }
                secondLast = '\n';
                last = '.';
                continue;
            }
            out.write(wire[i]);
            secondLast = last;
            last = wire[i];
        }
        throw new AssertionError("no terminator");
    }

    private static String read(BufferedInputStream in, int readSize) throws IOException {
        DataCommand.Data data = new DataCommand.Data(in);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[readSize];
        for (int n; (n = data.read(buffer, 0, buffer.length)) != -1; ) {
            out.write(buffer, 0, n);
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /** A stream that hands out at most {@code chunk} bytes per read, as a socket may. */
    private static final class Chunked extends FilterInputStream {

        private final int chunk;
        private final Random random;

        Chunked(byte[] bytes, int chunk, long seed) {
            super(new java.io.ByteArrayInputStream(bytes));
            this.chunk = chunk;
            this.random = new Random(seed);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return in.read(b, off, Math.min(len, 1 + random.nextInt(chunk)));
        }

        @Override
        public int available() {
            return 0; // like a socket with nothing more in flight: reads stop at what one read gave
        }
    }
}
