package dev.inboxes.app.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Predicate;

/** Bytes on a socket, for requests no HTTP client would send (no Host, a bad request line, control bytes). */
public final class RawHttp {

    private RawHttp() {
    }

    /** A response as it came: status, headers (lower-case names) and body. */
    public record Reply(int status, String head, String body) {

        public String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                    return line.substring(colon + 1).trim();
                }
            }
            return null;
        }
    }

    /**
     * Sends {@code request} to localhost:{@code port} and reads the first response (until it is complete or the server
     * closes, 5 s at most). The request is written by another thread, so a server that answers before reading all of
     * it (a body over the limit) is heard.
     */
    public static Reply send(int port, byte[] request) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(5_000);
            Thread writer = new Thread(() -> {
                try {
                    socket.getOutputStream().write(request);
                    socket.getOutputStream().flush();
                } catch (IOException closedByTheServer) {
                    // it answered early and closed: the answer is what matters
                }
            }, "raw-http-writer");
            writer.setDaemon(true);
            writer.start();
            String text = read(socket, RawHttp::complete);
            int end = text.indexOf("\r\n\r\n");
            if (end < 0) {
                throw new IOException("no complete response: " + text);
            }
            return new Reply(Integer.parseInt(text.substring(9, 12)), text.substring(0, end), text.substring(end + 4));
        }
    }

    public static Reply send(int port, String request) throws IOException {
        return send(port, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** What the server sent until it closed; what came so far if it did not within the socket's timeout. */
    public static String readUntilClosed(Socket socket) throws IOException {
        return read(socket, null);
    }

    /**
     * What the server sent (as UTF-8) until {@code complete} holds for it (read as ISO-8859-1, byte for character),
     * the server closed, or the socket's timeout passed; {@code complete} null: until closed or timed out.
     */
    private static String read(Socket socket, Predicate<String> complete) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int read; (read = in.read(buffer)) >= 0; ) {
                received.write(buffer, 0, read);
                if (complete != null && complete.test(received.toString(StandardCharsets.ISO_8859_1))) {
                    break;
                }
            }
        } catch (SocketTimeoutException | java.net.SocketException stopped) {
            // what came so far is the answer
        }
        return received.toString(StandardCharsets.UTF_8);
    }

    private static boolean complete(String received) {
        int end = received.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        String head = received.substring(0, end).toLowerCase(Locale.ROOT);
        int length = head.indexOf("content-length:");
        if (length < 0) {
            return false;
        }
        int lineEnd = head.indexOf("\r\n", length);
        long declared = Long.parseLong(head.substring(length + 15, lineEnd < 0 ? head.length() : lineEnd).trim());
        return received.length() - end - 4 >= declared;
    }
}
