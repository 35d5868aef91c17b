package dev.inboxes.smtp;

import java.io.IOException;
import java.io.InputStream;

/**
 * A message body read from the session's input in blocks: a stream whose only real read is the one into an array,
 * so a caller reading byte by byte goes through the same checks as one reading blocks.
 */
abstract class BlockInputStream extends InputStream {

    @Override
    public final int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
    }

    @Override
    public abstract int read(byte[] into, int offset, int length) throws IOException;
}
