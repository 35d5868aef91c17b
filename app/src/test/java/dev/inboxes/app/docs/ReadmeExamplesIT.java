package dev.inboxes.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.SharedApp;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code console} block of README.md, run in order against the packaged app (in an account of its own), as a
 * reader would paste it:
 * each {@code $ curl …} with bash and curl, each {@code $ NAME=value} as a variable for the commands after it, each
 * {@code $ swaks …} as the SMTP session it describes. Where the README shows output, the real output must have its
 * shape: the status line and the headers shown, and JSON with the same keys in the same order, the same types and
 * as many array items. Values differ from run to run; a value the README shows (an id, a key, a cursor) stands for the
 * real one at the same place, in every later command. A block this test cannot run is refused, unless an HTML comment
 * right above it says {@code <!-- readme-test: skip: why -->}. {@code <!-- readme-test: while-running: swaks … -->}
 * delivers that mail a moment after the block's first command has started (a wait).
 */
class ReadmeExamplesIT {

    private static final Path README = Path.of("..", "README.md");
    private static final Pattern MARKER = Pattern.compile("<!-- readme-test: (skip|while-running):(.*?)-->");
    private static final Pattern ASSIGNMENT = Pattern.compile("^([A-Z_]+)=(\\S+)$");
    private static final Pattern SAMPLE_VALUE = Pattern.compile("^(acc|sk|inb|msg|thr)_[0-9A-Za-z]{20,}$");
    private static final Pattern SMTP_PORT = Pattern.compile("SMTP receiver listening on [^ ]+:(\\d+) ");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    /** What the README shows, mapped to what this run produced, longest first when substituted. */
    private final Map<String, String> seen = new LinkedHashMap<>();
    private final Map<String, String> variables = new HashMap<>();

    record Command(String text, List<String> output) {
    }

    record Block(int line, String marker, String markerValue, List<Command> commands) {
    }

    @Test
    void everyConsoleBlockRunsAsShown() throws Exception {
        Assumptions.assumeTrue(available("bash", "--version") && available("curl", "--version"),
                "SKIPPED: the README examples were not run: they need bash and curl");
        AppProcess app = SharedApp.get();
        {
            Matcher smtp = SMTP_PORT.matcher(app.log());
            assertThat(smtp.find()).as("the SMTP port in the log").isTrue();
            seen.put("localhost:8080", "localhost:" + app.port);
            seen.put("localhost:2525", "localhost:" + smtp.group(1));
            seen.put("localhost:9000", "localhost:" + app.managementUrl.substring(app.managementUrl.lastIndexOf(':') + 1));
            int run = 0;
            for (Block block : blocks(Files.readAllLines(README, StandardCharsets.UTF_8))) {
                if ("skip".equals(block.marker)) {
                    continue;
                }
                for (int i = 0; i < block.commands.size(); i++) {
                    Command command = block.commands.get(i);
                    String where = "README.md line " + block.line + ": " + command.text;
                    Thread during = i == 0 && "while-running".equals(block.marker) ? deliverLater(block.markerValue) : null;
                    run(command, where);
                    run++;
                    if (during != null) {
                        during.join();
                    }
                }
            }
            assertThat(run).as("commands run").isGreaterThan(5);
            assertThat(app.log()).as("the start-up log").doesNotContain("/mcp/sse")
                    .contains("HTTP transport endpoint (Streamable HTTP): http://")
                    .doesNotContain("This Gauge has been already registered").doesNotContain(" DEBUG [");
        }
    }

    private void run(Command command, String where) throws Exception {
        String text = substitute(command.text);
        Matcher assignment = ASSIGNMENT.matcher(text);
        if (assignment.matches()) {
            variables.put(assignment.group(1), assignment.group(2));
            return;
        }
        if (text.startsWith("swaks ")) {
            String stored = Swaks.send(text);
            assertThat(stored).as(where).startsWith("250");
            if (!command.output.isEmpty()) {
                assertThat(command.output).as(where + ": the reply to the message's end").contains("<-  " + stored);
            }
            return;
        }
        assertThat(text).as(where + ": only curl, swaks and NAME=value run here; mark the block "
                + "<!-- readme-test: skip: why --> otherwise").contains("curl ");
        compare(command.output, shell(text, where), where);
    }

    private String shell(String command, String where) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(workDir.toFile());
        builder.environment().putAll(variables);
        Path errors = Files.createTempFile(workDir, "stderr", ".txt");
        Process process = builder.redirectError(errors.toFile()).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(90, TimeUnit.SECONDS)).as(where).isTrue();
        assertThat(process.exitValue()).as(where + ": " + Files.readString(errors)).isZero();
        return output;
    }

    /** The README's output against the real one; records the values the README's stand for. */
    private void compare(List<String> expected, String actual, String where) throws IOException {
        if (expected.isEmpty()) {
            assertThat(actual).as(where + ": the README shows no output").isEmpty();
            return;
        }
        List<String> actualLines = List.of(actual.replace("\r", "").split("\n", -1));
        int body = expected.indexOf("");
        if (expected.get(0).startsWith("HTTP/")) {
            assertThat(actualLines.get(0)).as(where).isEqualTo(expected.get(0));
            for (String header : expected.subList(1, body)) {
                String name = header.substring(0, header.indexOf(':')).toLowerCase();
                assertThat(actualLines).as(where + ": header " + name)
                        .anyMatch(line -> line.toLowerCase().startsWith(name + ":"));
            }
            expected = expected.subList(body + 1, expected.size());
            actualLines = actualLines.subList(actualLines.indexOf("") + 1, actualLines.size());
        }
        String shown = String.join("\n", expected).trim();
        String got = String.join("\n", actualLines).trim();
        if (!shown.startsWith("{")) {
            assertThat(got).as(where).isEqualTo(shown);
            return;
        }
        JsonNode shownJson = JSON.readTree(shown);
        JsonNode gotJson = JSON.readTree(got);
        List<String> differences = new ArrayList<>();
        sameShape(shownJson, gotJson, "$", differences);
        assertThat(differences).as(where + "\nREADME shows: " + shown + "\nthe app wrote: " + got).isEmpty();
    }

    private void sameShape(JsonNode shown, JsonNode got, String path, List<String> differences) {
        if (shown.getNodeType() != got.getNodeType()) {
            differences.add(path + ": " + shown.getNodeType() + " shown, " + got.getNodeType() + " written");
            return;
        }
        if (shown.isObject()) {
            List<String> shownKeys = new ArrayList<>();
            shown.fieldNames().forEachRemaining(shownKeys::add);
            List<String> gotKeys = new ArrayList<>();
            got.fieldNames().forEachRemaining(gotKeys::add);
            if (!shownKeys.equals(gotKeys)) {
                differences.add(path + ": keys " + shownKeys + " shown, " + gotKeys + " written");
                return;
            }
            for (String key : shownKeys) {
                sameShape(shown.get(key), got.get(key), path + "." + key, differences);
            }
        } else if (shown.isArray()) {
            if (shown.size() != got.size()) {
                differences.add(path + ": " + shown.size() + " items shown, " + got.size() + " written");
                return;
            }
            for (int i = 0; i < shown.size(); i++) {
                sameShape(shown.get(i), got.get(i), path + "[" + i + "]", differences);
            }
        } else if (shown.isTextual() && !shown.asText().contains("…")
                && (SAMPLE_VALUE.matcher(shown.asText()).matches() || path.endsWith(".cursor") || path.endsWith(".next"))) {
            seen.put(shown.asText(), got.asText());
        }
    }

    private String substitute(String command) {
        String result = command;
        List<Map.Entry<String, String>> byLength = new ArrayList<>(seen.entrySet());
        byLength.sort((a, b) -> b.getKey().length() - a.getKey().length());
        for (Map.Entry<String, String> value : byLength) {
            result = result.replace(value.getKey(), value.getValue());
        }
        return result;
    }

    private Thread deliverLater(String swaks) {
        Thread thread = new Thread(() -> {
            try {
                Thread.sleep(2_000);
                assertThat(Swaks.send(substitute(swaks.trim()))).startsWith("250");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "readme-delivery");
        thread.start();
        return thread;
    }

    /** The README's console blocks: commands ({@code $ }, continued by a trailing backslash) and what follows each. */
    static List<Block> blocks(List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("```console")) {
                continue;
            }
            String marker = null;
            String markerValue = null;
            for (int above = i - 1; above >= 0 && !lines.get(above).isBlank(); above--) {
                Matcher found = MARKER.matcher(lines.get(above));
                if (found.find()) {
                    marker = found.group(1);
                    markerValue = found.group(2);
                }
            }
            List<Command> commands = new ArrayList<>();
            int start = i + 1;
            for (i = start; !lines.get(i).startsWith("```"); i++) {
                String line = lines.get(i);
                if (line.startsWith("$ ")) {
                    StringBuilder text = new StringBuilder(line.substring(2));
                    while (text.toString().endsWith("\\")) {
                        text.setLength(text.length() - 1);
                        text.append(' ').append(lines.get(++i).trim());
                    }
                    commands.add(new Command(text.toString().replaceAll(" +", " ").trim(), new ArrayList<>()));
                } else if (!commands.isEmpty()) {
                    commands.get(commands.size() - 1).output.add(line);
                }
            }
            commands.forEach(command -> trimTrailingBlank(command.output));
            blocks.add(new Block(start, marker, markerValue, commands));
        }
        return blocks;
    }

    private static void trimTrailingBlank(List<String> output) {
        while (!output.isEmpty() && output.get(output.size() - 1).isBlank()) {
            output.remove(output.size() - 1);
        }
    }

    private static boolean available(String... command) {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** The README's swaks commands, spoken as the SMTP session they describe (swaks itself need not be installed). */
    static final class Swaks {

        private static final Pattern OPTION = Pattern.compile("--([a-z]+) (\"[^\"]*\"|'[^']*'|\\S+)");

        static String send(String command) throws IOException {
            Map<String, List<String>> options = new HashMap<>();
            Matcher option = OPTION.matcher(command);
            while (option.find()) {
                String value = option.group(2);
                if (value.startsWith("\"") || value.startsWith("'")) {
                    value = value.substring(1, value.length() - 1);
                }
                options.computeIfAbsent(option.group(1), name -> new ArrayList<>()).add(value);
            }
            String[] server = options.get("server").get(0).split(":");
            String from = options.get("from").get(0);
            String to = options.get("to").get(0);
            StringBuilder message = new StringBuilder("To: " + to + "\r\nFrom: " + from + "\r\n");
            for (String header : options.getOrDefault("header", List.of())) {
                message.append(header).append("\r\n");
            }
            message.append("\r\n").append(options.get("body").get(0)).append("\r\n");
            try (Socket socket = new Socket(server[0], Integer.parseInt(server[1]))) {
                socket.setSoTimeout(30_000);
                var in = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                        StandardCharsets.US_ASCII));
                var out = socket.getOutputStream();
                Iterator<String> session = List.of("EHLO readme.test", "MAIL FROM:<" + from + ">", "RCPT TO:<" + to + ">",
                        "DATA", message + ".", "QUIT").iterator();
                String reply = reply(in);
                String last = reply;
                while (session.hasNext()) {
                    String line = session.next();
                    out.write((line + "\r\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    reply = reply(in);
                    if (line.endsWith(".")) {
                        last = reply;
                    }
                }
                return last;
            }
        }

        private static String reply(java.io.BufferedReader in) throws IOException {
            String line;
            do {
                line = in.readLine();
            } while (line != null && line.length() > 3 && line.charAt(3) == '-');
            return String.valueOf(line);
        }
    }
}
