package dev.inboxes.app.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.ItPostgres;
import dev.inboxes.app.support.Workers;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SIGTERM (how Kubernetes stops a pod) while slow requests are in flight: readiness turns DOWN at once, the
 * requests still arriving during the shutdown delay (while the Service stops routing) and those in flight all
 * get whole responses, and the process then stops without waiting for its timeout.
 */
class GracefulShutdownIT {

    private static final int SLOW_ROWS = 150_000;

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void inFlightRequestsFinishBeforeTheProcessExits() throws Exception {
        AppProcess app = deployment.startApp();
        String apiKey = Client.newAccount(app.baseUrl);
        String firstInbox = new Client(apiKey).createInbox(app.baseUrl);
        seed(deployment.database(), firstInbox);
        // A first page filtered on a common word counts ~150,000 rows: slow enough to be in flight at SIGTERM.
        String request = "GET /v1/inboxes?limit=50&q=agent HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + apiKey + "\r\nConnection: close\r\n\r\n";

        Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
        Workers clients = Workers.start(12, "shutdown-client", (client, round) ->
                outcomes.computeIfAbsent(send(app.port, request), key -> new AtomicInteger()).incrementAndGet());
        Thread.sleep(2_000);
        long signalled = System.nanoTime();
        Thread stopping = new Thread(() -> {
            try {
                app.stop();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        stopping.start();
        // Readiness turns DOWN at once; the Service stops routing here about a second later.
        app.awaitReadiness(503, Duration.ofSeconds(2));
        Thread.sleep(1_000);
        clients.stop();
        stopping.join();
        long stopMillis = (System.nanoTime() - signalled) / 1_000_000;
        app.close();
        System.out.printf("Graceful shutdown: exited %d ms after SIGTERM; outcomes %s%n", stopMillis, outcomes);

        assertThat(outcomes.keySet()).as("every request got a whole response").containsOnly("200");
        assertThat(stopMillis).as("the process stopped once in-flight requests finished").isLessThan(10_000);
    }

    /** One request on a connection of its own: its status, "refused", or how it broke. */
    private static String send(int port, String request) {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            byte[] response = socket.getInputStream().readAllBytes();
            String text = new String(response, StandardCharsets.US_ASCII);
            if (!text.startsWith("HTTP/1.1 ")) {
                return "cut off before the status line (" + response.length + " bytes)";
            }
            return text.substring(9, 12);
        } catch (ConnectException refused) {
            return "refused";
        } catch (IOException broken) {
            return "broken: " + broken.getMessage();
        }
    }

    /** Adds rows to the account that owns {@code inboxId}, by SQL: quicker than the API for 150,000 rows. */
    private static void seed(ItPostgres database, String inboxId) throws Exception {
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), "postgres", "");
             PreparedStatement owner = connection.prepareStatement("SELECT account_id FROM inboxes WHERE id = ?")) {
            owner.setString(1, inboxId);
            var result = owner.executeQuery();
            result.next();
            String account = result.getString(1);
            try (PreparedStatement insert = connection.prepareStatement("""
                    INSERT INTO inboxes (id, account_id, address, display_name, created_at)
                    SELECT 'inb_' || substr(md5(n::text), 1, 20), ?, 'slow-' || n || '@inboxes.test', 'Agent ' || n, now()
                    FROM generate_series(1, ?) AS n""")) {
                insert.setString(1, account);
                insert.setInt(2, SLOW_ROWS);
                insert.executeUpdate();
            }
            connection.createStatement().execute("ANALYZE inboxes");
        }
    }

}
