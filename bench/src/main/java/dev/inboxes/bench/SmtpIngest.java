package dev.inboxes.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Types;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * (e) Mail in: messages delivered over SMTP to the packaged app (one connection per sender, reused as mail servers
 * do, commands pipelined as they do when the server offers PIPELINING, one recipient inbox per sender) against the same rows inserted directly over JDBC with the app's pool size,
 * side by side, for 10 KB and 100 KB messages and 1, 4 and 16 senders. The SMTP latency is from the end of DATA
 * (the final dot sent) to the 250: parsing, the transaction and its commit.
 */
final class SmtpIngest {

    static final int[] SIZES = {10 * 1024, 100 * 1024};
    static final int[] SENDERS = {1, 4, 16};
    static final int MAX_SENDERS = 16;

    /** One run's figures. */
    record Result(int size, int senders, String path, long messages, double perSecond, Stats latency) {
    }

    @FunctionalInterface
    private interface Sender {
        /** Delivers one message; returns the latency to record, in nanoseconds. */
        long deliver(int worker, long sequence) throws Exception;
    }

    private SmtpIngest() {
    }

    static List<Result> run(App app, Http http, Postgres database, String accountId, Duration warmup, Duration window)
            throws Exception {
        List<String[]> inboxes = new ArrayList<>(); // {id, address}
        for (int i = 0; i < MAX_SENDERS; i++) {
            var inbox = Http.JSON.readTree(http.post("/v1/inboxes", "{\"username\":\"ingest-" + i + "\"}", null).body());
            inboxes.add(new String[] {inbox.path("id").asText(), inbox.path("address").asText()});
        }
        List<Result> results = new ArrayList<>();
        for (int size : SIZES) {
            Corpus corpus = new Corpus(size);
            for (int senders : SENDERS) {
                Benchmark.log("(e) SMTP ingest, %d KB, %d senders", size / 1024, senders);
                results.add(smtp(app.smtpPort, inboxes, corpus, senders, warmup, window));
                results.add(jdbc(database, accountId, inboxes, corpus, senders, warmup, window));
            }
        }
        return results;
    }

    private static Result smtp(int port, List<String[]> inboxes, Corpus corpus, int senders, Duration warmup,
            Duration window) throws Exception {
        List<SmtpConnection> connections = new ArrayList<>();
        for (int i = 0; i < senders; i++) {
            connections.add(new SmtpConnection(port));
        }
        try {
            return measure(corpus.size, senders, "SMTP", warmup, window, (worker, sequence) ->
                    connections.get(worker).deliver(inboxes.get(worker)[1], corpus.message(worker, sequence)));
        } finally {
            for (SmtpConnection connection : connections) {
                connection.close();
            }
        }
    }

    /**
     * The rows a delivery writes, inserted directly, one statement per commit: the inbox's next arrival number (which
     * holds the inbox's row, as a delivery does), a new thread, and the message row (raw, text, HTML, parsed fields).
     */
    private static Result jdbc(Postgres database, String accountId, List<String[]> inboxes, Corpus corpus, int senders,
            Duration warmup, Duration window) throws Exception {
        BlockingQueue<Connection> pool = new ArrayBlockingQueue<>(Benchmark.POOL_SIZE);
        for (int i = 0; i < Benchmark.POOL_SIZE; i++) {
            pool.add(database.connect());
        }
        String sql = """
                WITH arrival AS (
                    UPDATE inboxes SET activity_seq = activity_seq + 1 WHERE id = ? AND account_id = ?
                    RETURNING id, activity_seq
                ), thread AS (
                    INSERT INTO threads (id, inbox_id, subject, subject_key, participants, message_count,
                                         last_message_at, snippet, activity_seq)
                    SELECT ?, arrival.id, ?, lower(?), ARRAY[?], 1, ?, ?, arrival.activity_seq FROM arrival
                    RETURNING id
                )
                INSERT INTO messages (id, inbox_id, from_address, from_name, to_address, cc, reply_to, subject, preview,
                                      body, html, raw, sent_at, message_id_header, in_reply_to, message_references,
                                      dedupe_key, has_attachments, received_at, thread_id, inbox_seq)
                SELECT ?, arrival.id, ?, ?, ?, NULL, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, '{}', ?, false, ?, thread.id,
                       arrival.activity_seq
                FROM arrival, thread""";
        try {
            return measure(corpus.size, senders, "JDBC", warmup, window, (worker, sequence) -> {
                Connection connection = pool.take();
                long started = System.nanoTime();
                try (PreparedStatement insert = connection.prepareStatement(sql)) {
                    String id = "msg_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
                    String messageId = corpus.messageId(worker, sequence) + ".jdbc";
                    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
                    String preview = corpus.text.substring(0, 200);
                    int p = 0;
                    insert.setString(++p, inboxes.get(worker)[0]);
                    insert.setString(++p, accountId);
                    insert.setString(++p, "thr_" + id.substring(4));
                    insert.setString(++p, corpus.subject);
                    insert.setString(++p, corpus.subject);
                    insert.setString(++p, "sender@bench.example");
                    insert.setObject(++p, now, Types.TIMESTAMP_WITH_TIMEZONE);
                    insert.setString(++p, preview);
                    insert.setString(++p, id);
                    insert.setString(++p, "sender@bench.example");
                    insert.setString(++p, "Bench Sender");
                    insert.setString(++p, inboxes.get(worker)[1]);
                    insert.setString(++p, corpus.subject);
                    insert.setString(++p, preview);
                    insert.setString(++p, corpus.text);
                    insert.setString(++p, corpus.html);
                    insert.setBytes(++p, corpus.message(worker, sequence));
                    insert.setObject(++p, now, Types.TIMESTAMP_WITH_TIMEZONE);
                    insert.setString(++p, messageId);
                    insert.setString(++p, messageId);
                    insert.setObject(++p, now, Types.TIMESTAMP_WITH_TIMEZONE);
                    if (insert.executeUpdate() != 1) {
                        throw new IllegalStateException("no row inserted");
                    }
                } finally {
                    pool.put(connection);
                }
                return System.nanoTime() - started;
            });
        } finally {
            for (Connection connection : pool) {
                connection.close();
            }
        }
    }

    private static Result measure(int size, int senders, String path, Duration warmup, Duration window, Sender sender)
            throws Exception {
        long[] all = ClosedLoop.start("ingest", senders, warmup, window, sender::deliver)
                .latencies(failed -> path + " ingest: " + failed + " deliveries failed");
        return new Result(size, senders, path, all.length, all.length / (window.toNanos() / 1e9), Stats.of(all));
    }

    /** Messages of one size: multipart/alternative, text and HTML halves, a unique Message-ID each. */
    private static final class Corpus {

        final int size;
        final String subject = "Weekly report: orders, returns and what is next";
        final String text;
        final String html;
        private final byte[] head;
        private final byte[] body;

        Corpus(int size) {
            this.size = size;
            StringBuilder paragraph = new StringBuilder();
            int line = 0;
            while (paragraph.length() < size * 2 / 5) {
                paragraph.append("Line ").append(line++).append(": order 10").append(line % 97)
                        .append(" shipped to Lyon, invoice attached, customer happy.\r\n");
            }
            text = paragraph.toString();
            html = "<html><body><p>" + text.replace("\r\n", "</p>\r\n<p>") + "</p></body></html>";
            String bodyText = "--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text
                    + "\r\n--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + html + "\r\n--b--\r\n";
            head = ("From: Bench Sender <sender@bench.example>\r\nSubject: " + subject
                    + "\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=b\r\nMessage-ID: ")
                    .getBytes(StandardCharsets.US_ASCII);
            byte[] rest = bodyText.getBytes(StandardCharsets.UTF_8);
            body = Arrays.copyOf(rest, Math.max(rest.length, size - head.length - 60));
            Arrays.fill(body, rest.length, body.length, (byte) ' '); // pad to the size with trailing spaces
        }

        String messageId(int worker, long sequence) {
            return "<" + worker + "." + sequence + "." + System.nanoTime() + "@bench.example>";
        }

        byte[] message(int worker, long sequence) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(size + 128);
            out.writeBytes(head);
            out.writeBytes(messageId(worker, sequence).getBytes(StandardCharsets.US_ASCII));
            out.writeBytes("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(body);
            return out.toByteArray();
        }
    }

    /** One SMTP connection, reused for message after message; no dot in the corpus starts a line. */
    static final class SmtpConnection implements AutoCloseable {

        private final Socket socket;
        private final java.io.BufferedInputStream in;
        private final OutputStream out;

        SmtpConnection(int port) throws IOException {
            socket = new Socket("localhost", port);
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(60_000);
            in = new java.io.BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
            expect(reply(), "220");
            out.write("EHLO bench.example\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String ehlo = reply();
            expect(ehlo, "250");
            if (!ehlo.contains("PIPELINING")) {
                throw new IllegalStateException("the receiver does not offer PIPELINING: " + ehlo);
            }
        }

        /** @return nanoseconds from the end of DATA to the 250 */
        long deliver(String recipient, byte[] message) throws IOException {
            return deliver(recipient, "sender@bench.example", message);
        }

        /** As {@link #deliver(String, byte[])}, from the envelope sender given. */
        long deliver(String recipient, String sender, byte[] message) throws IOException {
            // PIPELINING, as mail servers send when it is advertised: MAIL, RCPT and DATA in one round trip.
            out.write(("MAIL FROM:<" + sender + ">\r\nRCPT TO:<" + recipient + ">\r\nDATA\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            expect(reply(), "250");
            expect(reply(), "250");
            expect(reply(), "354");
            out.write(message);
            out.write("\r\n.\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long endOfData = System.nanoTime();
            expect(reply(), "250");
            return System.nanoTime() - endOfData;
        }

        private static void expect(String reply, String code) {
            if (!reply.startsWith(code)) {
                throw new IllegalStateException("expected " + code + ", got " + reply);
            }
        }

        private String reply() throws IOException {
            StringBuilder reply = new StringBuilder();
            StringBuilder line = new StringBuilder();
            for (int b; (b = in.read()) != -1; ) {
                if (b == '\n') {
                    reply.append(line).append('\n');
                    if (line.length() < 4 || line.charAt(3) != '-') {
                        return reply.toString();
                    }
                    line.setLength(0);
                } else if (b != '\r') {
                    line.append((char) b);
                }
            }
            throw new IOException("connection closed");
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
