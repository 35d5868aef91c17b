package dev.inboxes.app.support;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** SMTP clients for tests: Angus Mail's {@link Transport}, as mail programs send, and a plain socket dialogue. */
public final class Smtp {

    private static final int TIMEOUT_MILLIS = 30_000;

    private Smtp() {
    }

    /**
     * Sends these exact bytes (CRLF lines) with Angus Mail's SMTP transport to the envelope recipients.
     *
     * @return the server's reply to the end of DATA, e.g. {@code 250 2.0.0 Ok: stored for 1 inbox}
     * @throws MessagingException when the server refuses (its reply is in the exception)
     */
    public static String send(int port, byte[] raw, String from, String... to) throws MessagingException {
        return send(port, new Properties(), raw, from, to);
    }

    /** As {@link #send(int, byte[], String, String...)}, with extra Angus Mail properties (STARTTLS, say). */
    public static String send(int port, Properties extra, byte[] raw, String from, String... to)
            throws MessagingException {
        Properties properties = new Properties();
        properties.putAll(extra);
        properties.put("mail.smtp.host", "localhost");
        properties.put("mail.smtp.port", String.valueOf(port));
        properties.put("mail.smtp.from", from);
        properties.put("mail.smtp.connectiontimeout", String.valueOf(TIMEOUT_MILLIS));
        properties.put("mail.smtp.timeout", String.valueOf(TIMEOUT_MILLIS));
        Session session = Session.getInstance(properties);
        MimeMessage message = new MimeMessage(session, new ByteArrayInputStream(raw));
        Address[] recipients = new Address[to.length];
        for (int i = 0; i < to.length; i++) {
            recipients[i] = new InternetAddress(to[i]);
        }
        try (Transport transport = session.getTransport("smtp")) {
            transport.connect();
            // sendMessage, not Transport.send: the message goes out unchanged (send would rewrite its Message-ID).
            transport.sendMessage(message, recipients);
            return ((org.eclipse.angus.mail.smtp.SMTPTransport) transport).getLastServerResponse().trim();
        }
    }

    /** Text with LF line ends as the CRLF bytes of a message. */
    public static byte[] crlf(String message) {
        return message.replace("\r\n", "\n").replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** A hand-driven SMTP conversation over a plain socket: exactly the bytes a test chooses. */
    public static final class Dialogue implements AutoCloseable {

        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;
        public final String greeting;

        public Dialogue(int port) throws IOException {
            this(port, TIMEOUT_MILLIS);
        }

        public Dialogue(int port, int readTimeoutMillis) throws IOException {
            this(port, readTimeoutMillis, null);
        }

        /** From this local address (127.0.0.2, say: every 127.x address is this machine). */
        public Dialogue(int port, int readTimeoutMillis, java.net.InetAddress from) throws IOException {
            socket = from == null ? new Socket("localhost", port)
                    : new Socket(java.net.InetAddress.getLoopbackAddress(), port, from, 0);
            socket.setSoTimeout(readTimeoutMillis);
            in = socket.getInputStream();
            out = socket.getOutputStream();
            greeting = reply();
        }

        /** Sends one command line (CRLF added) and returns the whole reply, continuation lines included. */
        public String command(String line) throws IOException {
            return send((line + "\r\n").getBytes(StandardCharsets.UTF_8));
        }

        public String send(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
            return reply();
        }

        /** DATA, the message dot-stuffed, the final dot; returns the reply to the end of data. */
        public String data(byte[] message) throws IOException {
            String go = command("DATA");
            if (!go.startsWith("354")) {
                return go;
            }
            ByteArrayOutputStream stuffed = new ByteArrayOutputStream(message.length + 1024);
            boolean lineStart = true;
            for (byte b : message) {
                if (lineStart && b == '.') {
                    stuffed.write('.');
                }
                stuffed.write(b);
                lineStart = b == '\n';
            }
            if (!lineStart) {
                stuffed.writeBytes(new byte[] {'\r', '\n'});
            }
            stuffed.writeBytes(".\r\n".getBytes(StandardCharsets.US_ASCII));
            return send(stuffed.toByteArray());
        }

        /** Writes without waiting for a reply. */
        public void write(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        /** The next reply; {@code null} when the server closed the connection. */
        public String reply() throws IOException {
            StringBuilder reply = new StringBuilder();
            StringBuilder line = new StringBuilder();
            while (true) {
                int b = in.read();
                if (b == -1) {
                    return reply.length() == 0 && line.length() == 0 ? null : reply.append(line).toString();
                }
                if (b == '\n') {
                    String text = line.toString().replace("\r", "");
                    reply.append(text).append('\n');
                    line.setLength(0);
                    if (text.length() < 4 || text.charAt(3) != '-') {
                        return reply.toString().trim();
                    }
                } else {
                    line.append((char) b);
                }
            }
        }

        /** Whether the server closed the connection: reading gives end of stream. */
        public boolean closedByServer() throws IOException {
            try {
                return in.read() == -1;
            } catch (SocketTimeoutException stillOpen) {
                return false;
            } catch (IOException reset) {
                return true;
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
