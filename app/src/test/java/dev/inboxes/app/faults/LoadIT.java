package dev.inboxes.app.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.SharedApp;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Sustained load on loopback against the packaged app: 64 connections mixing creates (one in five, with an
 * Idempotency-Key) and page walks (first page, then cursors). Zero errors allowed. The build runs it for
 * {@value #DEFAULT_SECONDS} seconds; the full run is {@code -DloadSeconds=60} (see docs/deploy.md).
 */
class LoadIT {

    static final int DEFAULT_SECONDS = 10;
    static final int CONNECTIONS = 64;
    static final int CREATE_PERCENT = Integer.getInteger("loadCreatePercent", 20);
    private static final Pattern CURSOR = Pattern.compile("\"cursor\":\"([^\"]+)\"");

    @Test
    void sixtyFourConnectionsMixingCreatesAndWalksSeeNoErrors() throws Exception {
        int seconds = Integer.getInteger("loadSeconds", DEFAULT_SECONDS);
        AppProcess app = SharedApp.get();
        {
            Client client = new Client(Client.newAccount(app.baseUrl));
            for (int i = 0; i < 300; i++) {
                client.send("POST", app.baseUrl + "/v1/inboxes", "{}", null);
            }
            ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
            List<Samples> latencies = new ArrayList<>();
            List<Thread> workers = new ArrayList<>();
            long deadline = System.nanoTime() + seconds * 1_000_000_000L;
            for (int i = 0; i < CONNECTIONS; i++) {
                Samples samples = new Samples();
                latencies.add(samples);
                Thread worker = new Thread(() -> work(client, app.baseUrl, deadline, samples, errors), "load-" + i);
                workers.add(worker);
                worker.start();
            }
            for (Thread worker : workers) {
                worker.join();
            }
            long[] all = latencies.stream().flatMapToLong(Samples::stream).sorted().toArray();
            System.out.printf("Load: %d s at %d connections: %,d requests (%,.0f/s), p50 %.1f ms, p99 %.1f ms, "
                    + "max %.1f ms, %d errors%n", seconds, CONNECTIONS, all.length, all.length / (double) seconds,
                    all[all.length / 2] / 1e6, all[(int) (all.length * 0.99)] / 1e6, all[all.length - 1] / 1e6,
                    errors.size());
            assertThat(errors).isEmpty();
            // A floor for progress only: figures on a shared 2-core machine vary several-fold between runs.
            assertThat(all.length).isGreaterThan(seconds * 20);
        }
    }

    private static void work(Client client, String baseUrl, long deadline, Samples samples,
            ConcurrentLinkedQueue<String> errors) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (System.nanoTime() < deadline) {
            try {
                if (random.nextInt(100) < CREATE_PERCENT) {
                    long started = System.nanoTime();
                    HttpResponse<String> created = client.send("POST", baseUrl + "/v1/inboxes", "{}",
                            UUID.randomUUID().toString());
                    samples.add(System.nanoTime() - started);
                    expect(created, 201, errors);
                } else {
                    String cursor = null;
                    for (int page = 0; page < 3; page++) {
                        long started = System.nanoTime();
                        HttpResponse<String> response = client.send("GET", baseUrl + "/v1/inboxes?limit=50"
                                + (cursor == null ? "" : "&cursor=" + cursor), null, null);
                        samples.add(System.nanoTime() - started);
                        if (!expect(response, 200, errors)) {
                            break;
                        }
                        // The generator shares the cores with the service: read the cursor without parsing the page.
                        Matcher next = CURSOR.matcher(response.body());
                        if (!next.find()) {
                            break;
                        }
                        cursor = next.group(1);
                    }
                }
            } catch (Exception e) {
                errors.add(e.toString());
            }
        }
    }

    private static boolean expect(HttpResponse<String> response, int status, ConcurrentLinkedQueue<String> errors) {
        if (response.statusCode() != status) {
            errors.add(response.statusCode() + " " + response.body());
            return false;
        }
        return true;
    }

    /** One connection's request latencies in nanoseconds, growing as needed. */
    private static final class Samples {

        private long[] nanos = new long[1024];
        private int count;

        void add(long elapsedNanos) {
            if (count == nanos.length) {
                nanos = Arrays.copyOf(nanos, count * 2);
            }
            nanos[count++] = elapsedNanos;
        }

        LongStream stream() {
            return Arrays.stream(nanos, 0, count);
        }
    }
}
