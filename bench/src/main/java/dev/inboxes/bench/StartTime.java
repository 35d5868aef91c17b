package dev.inboxes.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * (i) The JVM start: the packaged app launched as a user does, on its embedded PostgreSQL (initialised by a first
 * start that is not measured), from the launch to its readiness probe's {@code 200}, with the CPU its process had used
 * by then. With an AppCDS archive beside the jar ({@code -Dquarkus.package.jar.appcds.enabled=true}), starts with and
 * without it alternate, so a change in the machine's load hits both.
 */
final class StartTime {

    static final int STARTS = Effort.SMOKE ? 1 : 5;
    static final double GOAL_SECONDS = 2;
    static final String ARCHIVE = "app-cds.jsa";

    record Start(double readySeconds, double cpuSeconds) {
    }

    /** @param archived empty when the jar has no archive beside it */
    record Figures(List<Start> plain, List<Start> archived, String loadAverage) {

        static double median(List<Start> starts, java.util.function.ToDoubleFunction<Start> figure) {
            double[] values = starts.stream().mapToDouble(figure).sorted().toArray();
            return values.length == 0 ? Double.NaN : values[values.length / 2];
        }
    }

    private StartTime() {
    }

    static Figures run(Path jar, Path work) throws Exception {
        Path data = work.resolve("start-data").toAbsolutePath();
        boolean archive = Files.isRegularFile(jar.resolveSibling(ARCHIVE));
        launch(jar, data, false); // initialises the embedded database
        List<Start> plain = new ArrayList<>();
        List<Start> archived = new ArrayList<>();
        String loadBefore = Machine.loadAverage();
        for (int i = 0; i < STARTS; i++) {
            plain.add(launch(jar, data, false));
            if (archive) {
                archived.add(launch(jar, data, true));
            }
        }
        return new Figures(plain, archived, loadBefore + " → " + Machine.loadAverage());
    }

    private static Start launch(Path jar, Path data, boolean withArchive) throws Exception {
        int managementPort = App.freePort();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+ExitOnOutOfMemoryError"));
        if (withArchive) {
            command.add("-XX:SharedArchiveFile=" + ARCHIVE);
        }
        command.addAll(List.of("-jar", jar.getFileName().toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(jar.getParent().toFile())
                .redirectErrorStream(true).redirectOutput(data.resolveSibling("start.log").toFile());
        builder.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        builder.environment().put("INBOXES_DATA_DIR", data.toString());
        builder.environment().put("QUARKUS_HTTP_PORT", String.valueOf(App.freePort()));
        builder.environment().put("QUARKUS_MANAGEMENT_PORT", String.valueOf(managementPort));
        builder.environment().put("INBOXES_SMTP_PORT", String.valueOf(App.freePort()));
        builder.environment().put("INBOXES_CURSOR_SECRET", App.CURSOR_SECRET);
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://localhost:" + managementPort + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).build();
        long launched = System.nanoTime();
        Process process = builder.start();
        try {
            long deadline = launched + Duration.ofSeconds(120).toNanos();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the app exited:\n"
                            + Files.readString(data.resolveSibling("start.log")));
                }
                try {
                    if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return new Start((System.nanoTime() - launched) / 1e9, CpuMeter.cpuSeconds(process.pid()));
                    }
                } catch (java.io.IOException notYet) {
                    // still starting
                }
                Thread.sleep(10);
            }
            throw new IllegalStateException("the app was not ready within 120 s");
        } finally {
            process.destroy();
            process.waitFor();
        }
    }
}
