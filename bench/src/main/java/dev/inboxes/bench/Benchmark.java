package dev.inboxes.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.paging.Keyset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;


/**
 * The benchmark: a million inboxes in one account, the packaged app in front of them, every figure of
 * docs/benchmarks.md measured in one run. Run with {@code ./mvnw -B -Pbench -pl bench -am verify -DskipTests};
 * {@code -Dbench.wake-only=true} runs (f) alone (two replicas, no seeding, a few minutes) and rewrites only that section;
 * {@code -Dbench.send-only=true} does the same for (g), mail out; {@code -Dbench.auth-only=true} for (h), mail in with
 * the checks at receipt on and off; {@code -Dbench.webhook-only=true} for (j), webhooks;
 * {@code -Dbench.throughput-only=true} runs (c) alone on {@code bench.rows} inboxes and prints it with its profile, the
 * app started with the settings of {@code -Dbench.app-settings=NAME=value,NAME=value} (to compare a setting's effect).
 */
public final class Benchmark {

    static final long[] DEPTHS = {0, 1_000, 10_000, 100_000, 500_000, 990_000};
    static final int[] CONCURRENCY = {16, 64};
    /** The app's connection pool (quarkus.datasource.jdbc.max-size default): the JDBC baseline uses as many. */
    static final int POOL_SIZE = 20;

    private Benchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rows = Integer.getInteger("bench.rows", 1_000_000);
        Duration window = Duration.ofSeconds(Integer.getInteger("bench.seconds", 15));
        Duration ingestWindow = Duration.ofSeconds(Integer.getInteger("bench.ingest-seconds", 8));
        Path output = Path.of(System.getProperty("bench.output", "docs"));
        Path work = Path.of(System.getProperty("bench.work", "bench/target/bench-work"));
        Path jar = Path.of(System.getProperty("bench.app", "app/target/quarkus-app/quarkus-run.jar"));
        deleteRecursively(work);
        Files.createDirectories(work);
        Report report = new Report(rows, window);
        report.ingestWindow = ingestWindow;
        long[] depths = Arrays.stream(DEPTHS).filter(depth -> depth < rows - Queries.PAGE).toArray();

        if (Boolean.getBoolean("bench.ingest-only")) { // a quick look at (e) alone; writes no docs
            try (Postgres database = Postgres.start(work); App app = App.start(jar, work, database)) {
                Http anonymous = new Http(app.baseUrl, null);
                JsonNode account = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
                Http http = anonymous.as(account.path("api_key").asText());
                report.ingest = SmtpIngest.run(app, http, database, account.path("id").asText(), Duration.ofSeconds(2),
                        ingestWindow);
                report.ingest.forEach(System.out::println);
            }
            return;
        }
        if (Boolean.getBoolean("bench.throughput-only")) { // (c) alone on bench.rows inboxes, printed with its profile
            try (Postgres database = Postgres.start(work)) {
                Path recording;
                try (App app = App.start(jar, work, database, App.settingsFrom(System.getProperty("bench.app-settings", "")))) {
                    Http anonymous = new Http(app.baseUrl, null);
                    JsonNode account = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
                    String accountId = account.path("id").asText();
                    Http http = anonymous.as(account.path("api_key").asText());
                    Seed.inboxes(database, accountId, rows);
                    Seed.analyze(database);
                    List<Keyset> keysets = spreadKeysets(database, accountId, rows, 200);
                    List<String> cursorPaths = keysets.stream().map(keyset -> "/v1/inboxes?limit=50&cursor="
                            + Cursors.after(accountId, InboxFilter.NONE, keyset)).toList();
                    CpuMeter cpu = new CpuMeter(app.pid());
                    Throughput.http(http, cursorPaths, 8, Effort.warmUp(Duration.ofSeconds(20)),
                            Effort.warmUp(Duration.ofSeconds(5)), cpu);
                    for (int concurrency : CONCURRENCY) {
                        report.throughput.add(Throughput.http(http, cursorPaths, concurrency,
                                Effort.warmUp(Duration.ofSeconds(3)), window, cpu));
                        report.throughput.add(Throughput.jdbc(database, accountId, keysets, concurrency, POOL_SIZE,
                                Effort.warmUp(Duration.ofSeconds(3)), window, cpu));
                    }
                    recording = app.flightRecording;
                }
                Throughput.Result profiled = report.throughput.stream()
                        .filter(result -> result.label().startsWith("HTTP")).reduce((a, b) -> b).orElseThrow();
                report.profile = JfrProfile.shares(recording, profiled.from(), profiled.to());
                report.profiledConcurrency = profiled.concurrency();
                System.out.println(report.throughputSection());
            }
            return;
        }
        if (Boolean.getBoolean("bench.send-only")) { // (g) alone, written into the existing report's section (g)
            String section;
            try (Postgres database = Postgres.start(work)) {
                section = SendThroughput.section(SendThroughput.run(jar, work, database, ingestWindow),
                        database.description);
            }
            writeSectionAlone(output, "g", section);
            return;
        }
        if (Boolean.getBoolean("bench.auth-only")) { // (h) alone, written into the existing report's section (h)
            String section;
            try (Postgres database = Postgres.start(work)) {
                section = AuthIngest.section(AuthIngest.run(jar, work, database, ingestWindow), database.description);
            }
            writeSectionAlone(output, "h", section);
            return;
        }
        if (Boolean.getBoolean("bench.webhook-only")) { // (j) alone, written into the existing report's section (j)
            try (Postgres database = Postgres.start(work)) {
                rewriteSection(output, "(j)", WebhookLatency.section(WebhookLatency.run(jar, work, database),
                        database.description));
            }
            return;
        }
        if (Boolean.getBoolean("bench.start-only")) { // (i) alone, printed
            report.start = StartTime.run(jar, work);
            System.out.println(report.startSection());
            return;
        }
        if (Boolean.getBoolean("bench.wake-only")) { // (f) alone, written into the existing report's section (f)
            try (Postgres database = Postgres.start(work)) {
                report.database = database.description;
                report.wake = wake(jar, work, database);
            }
            Path markdown = output.resolve("benchmarks.md");
            String existing = Files.exists(markdown) ? Files.readString(markdown) : "# Benchmarks\n";
            Files.writeString(markdown, Report.withWakeSection(existing, report.wakeSection()));
            log("wrote section (f) of %s", markdown);
            System.out.println(report.wakeSection());
            return;
        }
        try (Postgres database = Postgres.start(work)) {
            report.database = database.description;
            Path recording;
            try (App app = App.start(jar, work, database)) {
                Http anonymous = new Http(app.baseUrl, null);
                JsonNode account = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
                String accountId = account.path("id").asText();
                Http http = anonymous.as(account.path("api_key").asText());
                log("seeding %,d inboxes (and %d small accounts)", rows, Seed.SMALL_ACCOUNTS);
                long seeding = System.nanoTime();
                Seed.inboxes(database, accountId, rows);
                for (int i = 0; i < Seed.SMALL_ACCOUNTS; i++) {
                    JsonNode small = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
                    Seed.inboxes(database, small.path("id").asText(), Seed.SMALL_ACCOUNT_ROWS);
                }
                Seed.analyze(database);
                report.seedSeconds = (System.nanoTime() - seeding) / 1e9;

                log("warming up");
                List<Keyset> keysets = spreadKeysets(database, accountId, rows, 200);
                List<String> cursorPaths = keysets.stream()
                        .map(keyset -> "/v1/inboxes?limit=50&cursor=" + Cursors.after(accountId, InboxFilter.NONE, keyset))
                        .toList();
                CpuMeter cpu = new CpuMeter(app.pid());
                Throughput.http(http, cursorPaths, 8, Effort.warmUp(Duration.ofSeconds(5)), Effort.warmUp(Duration.ofSeconds(5)),
                        cpu);

                log("(a) latency by depth");
                report.depth = DepthLatency.run(database, http, accountId, depths, Effort.rounds(200));
                log("(b) first page with total vs cursor page");
                List<String[]> totalQueries = totalQueries(database, accountId, rows);
                report.totals = Totals.run(http, totalQueries, Effort.rounds(100));
                log("(b) the same filtered queries, counted exactly (a bound above the row count), side by side");
                try (App exact = App.start(jar, work, database, "app-exact-totals", java.util.Map.of(
                        "INBOXES_TOTAL_EXACT_UP_TO", String.valueOf(2L * rows),
                        "INBOXES_TOTAL_EXACT_UP_TO_WITH_Q", String.valueOf(2L * rows)))) {
                    report.exactTotals = Totals.run(http.at(exact.baseUrl), totalQueries.subList(1, totalQueries.size()),
                            Effort.rounds(100));
                }
                log("(c) throughput, HTTP vs JDBC");
                for (int concurrency : CONCURRENCY) {
                    report.throughput.add(Throughput.http(http, cursorPaths, concurrency, Effort.warmUp(Duration.ofSeconds(3)), window,
                            cpu));
                    report.throughput.add(Throughput.jdbc(database, accountId, keysets, concurrency, POOL_SIZE,
                            Effort.warmUp(Duration.ofSeconds(3)), window, cpu));
                }
                log("(d) page sizes");
                report.sizes = PageSizes.measure(http);
                log("(e) SMTP ingest vs direct insert");
                report.ingest = SmtpIngest.run(app, http, database, accountId, Effort.warmUp(Duration.ofSeconds(2)),
                        ingestWindow);
                recording = app.flightRecording;
            }
            // Read now: the recording is written when the app stops, and no later section may overwrite it.
            Throughput.Result profiled = report.throughput.stream()
                    .filter(result -> result.label().startsWith("HTTP")).reduce((a, b) -> b).orElseThrow();
            report.profile = JfrProfile.shares(recording, profiled.from(), profiled.to());
            report.profiledConcurrency = profiled.concurrency();
            // A smoke run's window of a second may catch no sample; a full run's fifteen seconds always do.
            if (report.profile.get("samples") == 0 && !Effort.SMOKE) {
                throw new IllegalStateException("no JFR execution samples of the app in the HTTP run's window: "
                        + recording + " does not hold that run");
            }
            report.wake = wake(jar, work, database);
            log("(g) mail out");
            report.send = SendThroughput.section(SendThroughput.run(jar, work, database, ingestWindow),
                    database.description);
            log("(h) mail in with the checks at receipt, on and off");
            report.auth = AuthIngest.section(AuthIngest.run(jar, work, database, ingestWindow), database.description);
            log("(i) start of the JVM app");
            report.start = StartTime.run(jar, work);
            log("(j) webhooks");
            report.webhooks = WebhookLatency.section(WebhookLatency.run(jar, work, database), database.description);
        }
        Files.createDirectories(output);
        LatencyChart.write(report.depth, rows, output.resolve("benchmark-latency.png"));
        Files.writeString(output.resolve("benchmarks.md"), report.markdown());
        log("wrote %s and %s", output.resolve("benchmarks.md"), output.resolve("benchmark-latency.png"));
        System.out.println(report.summary());
    }

    /** Writes {@code section} over the section {@code letter} of the report in {@code output} (or adds it). */
    private static void rewriteSection(Path output, String letter, String section) throws Exception {
        Files.createDirectories(output); // a smoke run's folder is new
        Path markdown = output.resolve("benchmarks.md");
        String existing = Files.exists(markdown) ? Files.readString(markdown) : "# Benchmarks\n";
        Files.writeString(markdown, Report.withSection(existing, "\n## " + letter + " ", section));
        log("wrote section %s of %s", letter, markdown);
        System.out.println(section);
    }

    /** (f) on two replicas of the app on one database: A receives the mail, waits are on A or on B. */
    /** A section measured alone, written in place of its namesake in the existing report, and printed. */
    private static void writeSectionAlone(Path output, String letter, String section) throws Exception {
        Path markdown = output.resolve("benchmarks.md");
        String existing = Files.exists(markdown) ? Files.readString(markdown) : "# Benchmarks\n";
        Files.writeString(markdown, Report.withSection(existing, "\n## (" + letter + ") ", section));
        log("wrote section (%s) of %s", letter, markdown);
        System.out.println(section);
    }

    private static WakeLatency.Figures wake(Path jar, Path work, Postgres database) throws Exception {
        try (App receiver = App.start(jar, work, database, "replica-a");
             App other = App.start(jar, work, database, "replica-b")) {
            return WakeLatency.run(receiver, other, new Http(receiver.baseUrl, null));
        }
    }

    /** Keysets spread evenly through the account, for cursor pages at many depths. */
    private static List<Keyset> spreadKeysets(Postgres database, String accountId, int rows, int count) throws Exception {
        List<Keyset> keysets = new ArrayList<>();
        try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement("""
                select created_at, id from (
                    select created_at, id, row_number() over (order by created_at desc, id desc) as position
                    from inboxes where account_id = ?) ranked
                where position % ? = 0""")) {
            statement.setString(1, accountId);
            statement.setInt(2, Math.max(1, rows / count));
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    keysets.add(new Keyset(result.getObject(1, OffsetDateTime.class).toInstant(), result.getString(2)));
                }
            }
        }
        return keysets.subList(0, Math.min(count, keysets.size() - 1)); // the last keyset may sit on the last page
    }

    private static List<String[]> totalQueries(Postgres database, String accountId, int rows) throws Exception {
        String newestTenth;
        try (Connection connection = database.connect()) {
            newestTenth = Queries.keysetAt(connection, accountId, rows / 10).at().toString();
        }
        // A handful of matches in a million rows; a smoke run's few thousand need a shorter number to match twice.
        String selective = rows >= 100_000 ? "sales desk 4242" : "sales desk 42";
        return List.of(
                new String[] {"unfiltered", ""},
                new String[] {"q=sales desk (1 in 7 inboxes)", "&q=" + Http.encode("sales desk")},
                new String[] {"q=" + selective + " (selective)", "&q=" + Http.encode(selective)},
                new String[] {"created_after (newest 10%)", "&created_after=" + Http.encode(newestTenth)});
    }

    private static final long STARTED = System.nanoTime();

    /** A line of progress, with the seconds since the start (where a long run spends its time). */
    static void log(String format, Object... arguments) {
        System.out.printf("[bench %5.0fs] " + format + "%n",
                java.util.stream.Stream.concat(java.util.stream.Stream.of((System.nanoTime() - STARTED) / 1e9),
                        java.util.Arrays.stream(arguments)).toArray());
    }

    private static void deleteRecursively(Path path) throws Exception {
        if (Files.exists(path)) {
            try (var walk = Files.walk(path)) {
                for (Path each : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(each);
                }
            }
        }
    }

}
