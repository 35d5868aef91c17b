package dev.inboxes.bench;

import dev.inboxes.domain.paging.Keyset;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * (c) Throughput of cursor pages: the service over loopback HTTP against the same SQL run directly over JDBC
 * with the same pool size. A fixed number of closed-loop workers each send one request at a time for a fixed
 * time; the ratio of the two is the service's overhead over the database.
 */
final class Throughput {

    /** One run's figures; the measurement window, for the profile. */
    record Result(String label, int concurrency, long requests, double perSecond, Stats latency,
                  Instant from, Instant to, Map<String, Double> cpuMicrosPerRequest) {
    }

    @FunctionalInterface
    interface Call {
        void run(int worker, long sequence) throws Exception;
    }

    private Throughput() {
    }

    static Result http(Http http, List<String> paths, int concurrency, Duration warmup, Duration window, CpuMeter cpu)
            throws Exception {
        List<RawHttp> connections = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            connections.add(new RawHttp(http.baseUrl, http.apiKey));
        }
        try {
            return measure("HTTP GET /v1/inboxes (cursor page of 50)", concurrency, warmup, window, cpu,
                    (worker, sequence) -> connections.get(worker)
                            .get(paths.get((int) ((worker * 7919L + sequence) % paths.size()))));
        } finally {
            for (RawHttp connection : connections) {
                connection.close();
            }
        }
    }

    static Result jdbc(Postgres database, String accountId, List<Keyset> keysets, int concurrency, int poolSize,
            Duration warmup, Duration window, CpuMeter cpu) throws Exception {
        BlockingQueue<PreparedStatement> pool = new ArrayBlockingQueue<>(poolSize);
        List<Connection> connections = new ArrayList<>();
        for (int i = 0; i < poolSize; i++) {
            Connection connection = database.connect();
            connections.add(connection);
            pool.add(connection.prepareStatement(Queries.KEYSET));
        }
        try {
            return measure("JDBC, same keyset SQL (pool of " + poolSize + ")", concurrency, warmup, window, cpu,
                    (worker, sequence) -> {
                        PreparedStatement statement = pool.take();
                        try {
                            Queries.keysetPage(statement, accountId,
                                    keysets.get((int) ((worker * 7919L + sequence) % keysets.size())));
                        } finally {
                            pool.put(statement);
                        }
                    });
        } finally {
            for (Connection connection : connections) {
                connection.close();
            }
        }
    }

    private static Result measure(String label, int concurrency, Duration warmup, Duration window, CpuMeter cpu,
            Call call) throws Exception {
        ClosedLoop load = ClosedLoop.start("load", concurrency, warmup, window, (worker, sequence) -> {
            long began = System.nanoTime();
            call.run(worker, sequence);
            return System.nanoTime() - began;
        });
        Instant from = Instant.now().plus(warmup);
        Thread.sleep(warmup.toMillis());
        Map<String, Double> cpuBefore = cpu.snapshot();
        Thread.sleep(window.toMillis());
        Map<String, Double> cpuAfter = cpu.snapshot();
        long[] all = load.latencies(failed -> label + ": " + failed + " requests failed");
        double seconds = window.toNanos() / 1e9;
        return new Result(label, concurrency, all.length, all.length / seconds, Stats.of(all), from,
                from.plus(window), CpuMeter.perRequest(cpuBefore, cpuAfter, all.length));
    }
}
