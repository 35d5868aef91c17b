package dev.inboxes.smtp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** One SMTP session against a receiver under test, written by hand so that every reply can be checked. */
final class SmtpSession {

    private SmtpSession() {
    }

    /**
     * Sends {@code message} (CRLF lines, dot-stuffed here) in the given charset. Returns the last line of the replies
     * to MAIL, each RCPT, DATA and, when DATA goes on ({@code 354}), the message.
     */
    static List<String> send(int port, String sender, List<String> recipients, String message, Charset charset)
            throws IOException {
        List<String> replies = new ArrayList<>();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.ISO_8859_1));
            OutputStream out = socket.getOutputStream();
            reply(in);
            command(out, "EHLO mx.example.com");
            reply(in);
            command(out, "MAIL FROM:<" + sender + ">");
            replies.add(reply(in));
            for (String recipient : recipients) {
                command(out, "RCPT TO:<" + recipient + ">");
                replies.add(reply(in));
            }
            command(out, "DATA");
            String data = reply(in);
            replies.add(data);
            if (data.startsWith("354")) {
                String stuffed = message.replace("\r\n.", "\r\n..");
                out.write((stuffed + (stuffed.endsWith("\r\n") ? "" : "\r\n") + ".\r\n").getBytes(charset));
                out.flush();
                replies.add(reply(in));
            }
            command(out, "QUIT");
        }
        return replies;
    }

    private static void command(OutputStream out, String line) throws IOException {
        out.write((line + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** The last line of a (possibly multi-line) reply. */
    private static String reply(BufferedReader in) throws IOException {
        String line;
        do {
            line = in.readLine();
        } while (line != null && line.length() > 3 && line.charAt(3) == '-');
        return String.valueOf(line);
    }
}
