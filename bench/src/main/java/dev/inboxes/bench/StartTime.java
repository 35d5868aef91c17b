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
 * without it alternate, so a change in the machine's load hits both; likewise, with {@code -Dbench.aot-java=} a JDK 25
 * or newer's {@code java}, starts on that JDK with an AOT cache made by a training run just before.
 */
final class StartTime {

    static final int STARTS = Effort.SMOKE ? 1 : 5;
    static final double GOAL_SECONDS = 2;
    static final String ARCHIVE = "app-cds.jsa";
    /** A JDK 25 or newer's {@code java} for the starts with an AOT cache, or empty. */
    static final String AOT_JAVA = System.getProperty("bench.aot-java", "");
    static final String AOT_CACHE = "app.aot";

    record Start(double readySeconds, double cpuSeconds) {
    }

    /**
     * @param archived empty when the jar has no archive beside it
     * @param aot      empty without {@link #AOT_JAVA}
     */
    record Figures(List<Start> plain, List<Start> archived, List<Start> aot, String loadAverage) {

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
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        launch(jar, data, java, List.of(), port -> { }); // initialises the embedded database
        if (!AOT_JAVA.isBlank()) {
            train(jar, data);
        }
        List<Start> plain = new ArrayList<>();
        List<Start> archived = new ArrayList<>();
        List<Start> aot = new ArrayList<>();
        String loadBefore = Machine.loadAverage();
        for (int i = 0; i < STARTS; i++) {
            plain.add(launch(jar, data, java, List.of(), port -> { }));
            if (archive) {
                archived.add(launch(jar, data, java, List.of("-XX:SharedArchiveFile=" + ARCHIVE), port -> { }));
            }
            if (!AOT_JAVA.isBlank()) {
                aot.add(launch(jar, data, AOT_JAVA, List.of("-XX:AOTCache=" + AOT_CACHE), port -> { }));
            }
        }
        return new Figures(plain, archived, aot, loadBefore + " → " + Machine.loadAverage());
    }

    /** The first line of {@code -version} of {@link #AOT_JAVA}, e.g. {@code openjdk version "25.0.3" …}. */
    static String aotJavaVersion() {
        try {
            Process version = new ProcessBuilder(AOT_JAVA, "-version").redirectErrorStream(true).start();
            String first = new String(version.getInputStream().readAllBytes()).lines().findFirst().orElse("?");
            version.waitFor();
            return first;
        } catch (Exception e) {
            return "?";
        }
    }

    /**
     * The training run of the AOT cache: the app started, a few requests of the main routes, then stopped; the JDK
     * writes the cache as it exits.
     */
    private static void train(Path jar, Path data) throws Exception {
        Path cache = jar.resolveSibling(AOT_CACHE);
        Files.deleteIfExists(cache);
        launch(jar, data, AOT_JAVA, List.of("-XX:AOTCacheOutput=" + AOT_CACHE), port -> {
            try {
                Http anonymous = new Http("http://localhost:" + port, null);
                String key = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body()).path("api_key")
                        .asText();
                Http http = anonymous.as(key);
                for (int i = 0; i < 20; i++) {
                    http.post("/v1/inboxes", "{}", null);
                    http.getJson("/v1/inboxes?limit=10");
                    http.getJson("/v1/inboxes?limit=10&q=training");
                }
            } catch (Exception e) {
                throw new IllegalStateException("the AOT training run's requests failed", e);
            }
        });
        if (!Files.isRegularFile(cache)) {
            throw new IllegalStateException(AOT_JAVA + " wrote no AOT cache " + cache + " (a JDK 25 or newer?)");
        }
    }

    /** Launches the app, waits until it is ready, runs {@code workload} with its HTTP port, and stops it. */
    private static Start launch(Path jar, Path data, String java, List<String> options,
            java.util.function.IntConsumer workload) throws Exception {
        int managementPort = App.freePort();
        int httpPort = App.freePort();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(App.JVM_OPTIONS);
        command.addAll(options);
        command.addAll(List.of("-jar", jar.getFileName().toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(jar.getParent().toFile())
                .redirectErrorStream(true).redirectOutput(data.resolveSibling("start.log").toFile());
        builder.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        builder.environment().put("INBOXES_DATA_DIR", data.toString());
        builder.environment().put("QUARKUS_HTTP_PORT", String.valueOf(httpPort));
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
                        Start start = new Start((System.nanoTime() - launched) / 1e9, CpuMeter.cpuSeconds(process.pid()));
                        workload.accept(httpPort);
                        return start;
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
