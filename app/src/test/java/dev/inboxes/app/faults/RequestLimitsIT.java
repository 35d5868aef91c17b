package dev.inboxes.app.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One client cannot exhaust the server: huge bodies and headers are refused before the app reads them, and
 * connections that stall are closed, while everyone else is served meanwhile.
 */
class RequestLimitsIT {

    private static final Map<String, String> LIMITED = Map.of(
            "QUARKUS_HTTP_IDLE_TIMEOUT", "2S",
            // A confirmation's wait must end before an idle connection does (the start refuses otherwise).
            "INBOXES_MCP_CONFIRMATION_TIMEOUT", "1S",
            "QUARKUS_HTTP_READ_TIMEOUT", "2S");

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void hugeAndStalledRequestsDoNotStarveOthers() throws Exception {
        try (AppProcess app = deployment.startApp(LIMITED)) {
            // The instance closes a connection after 2 s without I/O, which a cold first request on a loaded machine
            // can exceed: the set-up retries, and warms the listing up before anything is timed.
            Client client = new Client(retried(() -> Client.newAccount(app.baseUrl)));
            assertThat(retried(() -> client.send("GET", app.baseUrl + "/v1/inboxes", null, null).statusCode()))
                    .isEqualTo(200);
            String inboxId = "inb_" + "0".repeat(20); // the size limit answers before the route looks the inbox up

            String twoMegabytes = "{\"from\":\"a@b.c\",\"subject\":\"s\",\"text\":\"" + "x".repeat(2_000_000) + "\"}";
            HttpResponse<String> tooLarge = client.send("POST", app.baseUrl + "/v1/inboxes/" + inboxId + "/messages",
                    twoMegabytes, null);
            assertThat(tooLarge.statusCode()).isEqualTo(413);
            assertThat(tooLarge.body()).contains("/problems/payload-too-large");
            assertThat(rawStatus(app.port, "GET /v1/inboxes HTTP/1.1\r\nHost: x\r\nX-Big: " + "y".repeat(20_000)
                    + "\r\n\r\n")).isEqualTo(431);

            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 50; i++) { // each promises a body and never sends it
                    Socket socket = new Socket("localhost", app.port);
                    socket.getOutputStream().write(("POST /v1/inboxes HTTP/1.1\r\nHost: x\r\nContent-Type: "
                            + "application/json\r\nContent-Length: 1000\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
                    stalled.add(socket);
                }
                for (int i = 0; i < 20; i++) {
                    long started = System.nanoTime();
                    HttpResponse<String> served = client.send("GET", app.baseUrl + "/v1/inboxes", null, null);
                    assertThat(served.statusCode()).isEqualTo(200);
                    assertThat((System.nanoTime() - started) / 1_000_000).as("served while 50 clients stall").isLessThan(2_000);
                }
                Thread.sleep(3_500); // the instance runs with a 2 s idle timeout
                for (Socket socket : stalled) {
                    socket.setSoTimeout(2_000);
                    assertThat(drain(socket.getInputStream())).as("a stalled connection is closed by the server")
                            .isTrue();
                }
            } finally {
                for (Socket socket : stalled) {
                    socket.close();
                }
            }
        }
    }

    /** The set-up's calls, again when a cold instance closed the connection before answering (at most 5 tries). */
    private static <T> T retried(java.util.concurrent.Callable<T> call) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.call();
            } catch (java.io.IOException | java.io.UncheckedIOException closedBeforeAnswer) {
                if (attempt == 5) {
                    throw closedBeforeAnswer;
                }
            }
        }
    }

    /** Reads until the server closes; false if it keeps the connection open past the socket timeout. */
    private static boolean drain(InputStream in) {
        try {
            while (in.read() >= 0) {
                // whatever the server says before closing (a 408, or nothing) is fine
            }
            return true;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } catch (java.io.IOException reset) {
            return true;
        }
    }

    private static int rawStatus(int port, String request) throws Exception {
        try (Socket socket = new Socket("localhost", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String statusLine = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(statusLine.substring(9, 12));
        }
    }
}
