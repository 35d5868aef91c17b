package dev.inboxes.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A minimal HTTP/1.1 keep-alive client for one worker: it writes a GET and reads the response by its
 * Content-Length. The load generator shares the cores with the service, so it must cost as little as
 * possible per request; the JDK HttpClient costs several times more and would bias HTTP against JDBC.
 */
final class RawHttp implements AutoCloseable {

    private final String host;
    private final int port;
    private final byte[] authorization;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    RawHttp(String baseUrl, String apiKey) {
        URI uri = URI.create(baseUrl);
        this.host = uri.getHost();
        this.port = uri.getPort();
        this.authorization = ("Authorization: Bearer " + apiKey + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** @return the response body; anything but 200 fails the benchmark */
    String get(String pathAndQuery) throws IOException {
        if (socket == null) {
            socket = new Socket(host, port);
            socket.setTcpNoDelay(true);
            in = new BufferedInputStream(socket.getInputStream(), 65_536);
            out = socket.getOutputStream();
        }
        ByteArrayOutputStream request = new ByteArrayOutputStream(512);
        request.writeBytes(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + host + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(authorization);
        request.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.write(request.toByteArray());
        out.flush();
        String status = line();
        int length = -1;
        boolean close = false;
        boolean chunked = false;
        for (String header = line(); !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(lower.substring(15).trim());
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                close = true;
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        if (length < 0 && !chunked) {
            throw new IOException(status + ": no Content-Length in the response to " + pathAndQuery);
        }
        String body = new String(chunked ? chunks() : in.readNBytes(length), StandardCharsets.UTF_8);
        if (close) {
            close();
        }
        if (!status.startsWith("HTTP/1.1 200")) {
            throw new IOException("GET " + pathAndQuery + " -> " + status + " " + body);
        }
        return body;
    }

    /** A chunked body (larger responses are streamed that way). */
    private byte[] chunks() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(16_384);
        for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
            body.writeBytes(in.readNBytes(size));
            line(); // the CRLF after each chunk
        }
        for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
            // no trailers are expected; read them anyway
        }
        return body.toByteArray();
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder(64);
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed mid-response");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
            socket = null;
        }
    }
}
