package dev.inboxes.smtp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The session lifetime: a client that sends a line well within each line's time is still closed at the end. */
class LineDeadlineServerSocketTest {

    @Test
    void aConnectionEndsAtItsLifetimeHoweverPromptItsLines() throws Exception {
        try (LineDeadlineServerSocket server = new LineDeadlineServerSocket(Duration.ofSeconds(60), Duration.ofMillis(800))) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                 Socket accepted = server.accept()) {
                InputStream in = accepted.getInputStream();
                OutputStream out = client.getOutputStream();
                long started = System.nanoTime();
                assertThatThrownBy(() -> {
                    byte[] line = new byte[6];
                    while (true) {
                        out.write("NOOP\r\n".getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                        in.readNBytes(line, 0, line.length);
                        Thread.sleep(100);
                    }
                }).isInstanceOf(SocketTimeoutException.class);
                long millis = (System.nanoTime() - started) / 1_000_000;
                assertThat(millis).isBetween(700L, 10_000L);
            }
        }
    }
}
