package dev.inboxes.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time spent by the service, by PostgreSQL and by the benchmark itself (the load generator), read from
 * /proc: it shows where a request's CPU goes when they all share the same cores. Linux only; elsewhere empty.
 */
final class CpuMeter {

    private static final double TICKS_PER_SECOND = 100.0; // USER_HZ on Linux

    private final long servicePid;

    CpuMeter(long servicePid) {
        this.servicePid = servicePid;
    }

    /** CPU seconds so far, per party. */
    Map<String, Double> snapshot() {
        Map<String, Double> seconds = new LinkedHashMap<>();
        seconds.put("service (JVM)", cpuSeconds(servicePid));
        seconds.put("PostgreSQL", postgresSeconds());
        seconds.put("load generator", cpuSeconds(ProcessHandle.current().pid()));
        return seconds;
    }

    /** Microseconds of CPU per request, per party, between two snapshots. */
    static Map<String, Double> perRequest(Map<String, Double> before, Map<String, Double> after, long requests) {
        Map<String, Double> micros = new LinkedHashMap<>();
        after.forEach((party, seconds) -> micros.put(party, (seconds - before.getOrDefault(party, 0.0)) * 1e6 / requests));
        return micros;
    }

    private static double postgresSeconds() {
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes.filter(path -> path.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(path -> comm(path).equals("postgres"))
                    .mapToDouble(path -> cpuSeconds(Long.parseLong(path.getFileName().toString())))
                    .sum();
        } catch (IOException e) {
            return 0;
        }
    }

    private static String comm(Path process) {
        try {
            return Files.readString(process.resolve("comm")).trim();
        } catch (IOException e) {
            return "";
        }
    }

    static double cpuSeconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND; // utime, stime
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
