package dev.inboxes.app.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.app.support.SeededAccount;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The TypeScript (typescript-fetch) and Python clients that openapi-generator makes from docs/openapi.json, used
 * unpatched against this app: the openapi-client module generates them (and compiles the TypeScript one with tsc)
 * once per build; each runs its scenario (src/test/typescript/scenario.ts, src/test/python/scenario.py there),
 * which prints a JSON report of what the generated code returned. The assertions are here, the same for both.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class GeneratedClientScenarioTest {

    private static final Path CLIENTS = Path.of("..", "openapi-client", "target");
    /** What the generated python client imports besides the standard library. */
    private static final String PYTHON_IMPORTS = "pydantic, pydantic_core, typing_extensions, urllib3, dateutil";
    private static final long TIMEOUT_SECONDS = 180;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theTypeScriptFetchClientWorksUnpatched() throws Exception {
        JsonNode report = run(CLIENTS.resolve("typescript"), "node", "dist/scenario.js");

        assertScenario(report, "TypeScript");
        // Date.toISOString(): milliseconds and Z.
        assertThat(report.at("/filter/sent/0").asText())
                .matches("\\?created_after=\\d{4}-\\d\\d-\\d\\dT\\d\\d%3A\\d\\d%3A\\d\\d\\.\\d{3}Z"
                        + "&created_before=\\d{4}-\\d\\d-\\d\\dT\\d\\d%3A\\d\\d%3A\\d\\d\\.\\d{3}Z");
        assertThat(report.at("/errors/invalid_limit/status").asInt()).isEqualTo(400);
        assertThat(report.at("/errors/invalid_limit/detail").asText()).contains("limit must be an integer from 1 to 200");
        for (JsonNode error : report.get("errors")) {
            assertThat(error.get("error").asText()).isEqualTo("ResponseError");
        }
    }

    @Test
    void thePythonClientWorksUnpatched() throws Exception {
        requirePython();
        JsonNode report = run(CLIENTS.resolve("python"), "python3", "scenario.py");

        assertScenario(report, "Python");
        // strftime("%Y-%m-%dT%H:%M:%S.%f%z"): microseconds and an offset without a colon, in UTC and in +05:30.
        assertThat(report.at("/filter/sent/0").asText())
                .matches("created_after=\\d{4}-\\d\\d-\\d\\dT\\d\\d%3A\\d\\d%3A\\d\\d\\.\\d{6}%2B0000"
                        + "&created_before=\\d{4}-\\d\\d-\\d\\dT\\d\\d%3A\\d\\d%3A\\d\\d\\.\\d{6}%2B0530");
        assertThat(report.at("/create/read_accepting_problems").asText()).isEqualTo(report.at("/filter/created/1").asText());
        assertThat(report.at("/errors/not_found/error").asText()).isEqualTo("NotFoundException");
        assertThat(report.at("/errors/delete_again/error").asText()).isEqualTo("NotFoundException");
        assertThat(report.at("/errors/invalid_cursor/error").asText()).isEqualTo("BadRequestException");
        assertThat(report.at("/errors/invalid_username/error").asText()).isEqualTo("BadRequestException");
        assertThat(report.at("/errors/address_taken/error").asText()).isEqualTo("ConflictException");
        assertThat(report.at("/errors/unauthorized/error").asText()).isEqualTo("UnauthorizedException");
        for (JsonNode error : report.get("errors")) {
            assertThat(error.get("problem_model").asText()).as("the body read as the generated Problem model")
                    .isEqualTo("Problem");
        }
    }

    /** What both scenarios must have seen, whatever the language. */
    private static void assertScenario(JsonNode report, String label) {
        SeededAccount seeded = SeededAccount.get();
        JsonNode walk = report.get("walk");
        List<String> walked = texts(walk.get("ids"));
        assertThat(walk.get("first_total").asInt()).isEqualTo(SeededAccount.INBOXES);
        assertThat(walk.get("pages").asInt()).isEqualTo(17);
        assertThat(texts(walk.get("later_totals"))).hasSize(16).containsOnly("null");
        assertThat(walk.get("last_cursor").isNull()).isTrue();
        assertThat(walked).doesNotHaveDuplicates().hasSize(SeededAccount.INBOXES);
        assertThat(walked).containsExactlyInAnyOrderElementsOf(seeded.inboxIds);

        List<String> created = texts(report.at("/filter/created"));
        assertThat(created).hasSize(3).doesNotHaveDuplicates();
        assertThat(texts(report.at("/filter/between"))).as("created_after the second, created_before the third")
                .containsExactly(created.get(1));
        assertThat(report.at("/filter/between_total").asInt()).isEqualTo(1);

        assertThat(report.at("/create/read_id").asText()).isEqualTo(created.get(1));
        assertThat(report.at("/create/read_display_name").asText()).isEqualTo(label + " second");
        assertThat(report.at("/create/idempotent_replay").asText()).isEqualTo(report.at("/create/idempotent_first").asText());

        assertThat(texts(report.at("/messages/listed"))).containsExactly(report.at("/messages/recorded").asText());
        assertThat(report.at("/messages/total").asInt()).isEqualTo(1);
        assertThat(report.at("/messages/preview").asText()).isEqualTo("Hello from " + label);

        JsonNode send = report.get("send");
        assertThat(send.get("direction").asText()).isEqualTo("outbound");
        assertThat(texts(send.get("accepted"))).containsExactly("queued");
        assertThat(send.get("delivered").asText()).as("read back: %s", send).isEqualTo("sent");
        assertThat(send.get("delivered_reply").asText()).startsWith("250");
        assertThat(send.get("reply_subject").asText()).isEqualTo("Re: Order #1042");
        assertThat(send.get("reply_in_reply_to").asText()).isEqualTo(send.get("original_message_id").asText());

        JsonNode events = report.get("events");
        List<String> eventIds = texts(events.get("ids"));
        assertThat(eventIds).as("every event once, in pages of two").doesNotHaveDuplicates()
                .hasSize(events.get("first_total").asInt());
        assertThat(events.get("pages").asInt()).isEqualTo((eventIds.size() + 1) / 2);
        assertThat(texts(events.get("types"))).contains("inbox.created", "message.received", "message.sent");
        assertThat(texts(events.get("received_message_ids"))).containsExactly(report.at("/messages/recorded").asText());

        assertProblem(report, "not_found", 404, "not-found", "No inbox with id '" + created.get(0) + "'");
        assertProblem(report, "delete_again", 404, "not-found", "No inbox with id '" + created.get(0) + "'");
        assertProblem(report, "invalid_cursor", 400, "invalid-cursor", "start again without cursor");
        assertProblem(report, "invalid_username", 400, "invalid-request", "username must be");
        assertProblem(report, "address_taken", 409, "address-taken", "is already taken");
        assertProblem(report, "unauthorized", 401, "unauthorized", "The API key is not valid");
    }

    private static void assertProblem(JsonNode report, String name, int status, String type, String detail) {
        JsonNode error = report.at("/errors/" + name);
        assertThat(error.get("status").asInt()).as(name).isEqualTo(status);
        assertThat(error.get("content_type").asText()).as(name).startsWith("application/problem+json");
        assertThat(error.get("type").asText()).as(name).isEqualTo("https://inboxes.dev/problems/" + type);
        assertThat(error.get("detail").asText()).as(name).contains(detail);
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    /** Runs a scenario against this app with the seeded account's key and returns the report it printed. */
    private static JsonNode run(Path directory, String... command) throws IOException, InterruptedException {
        assertThat(directory.resolve(command[1])).as("the generated client's scenario, built by the openapi-client "
                + "module (build with the reactor, e.g. -pl app -am, and without -DskipTests)").exists();
        List<String> arguments = new ArrayList<>(List.of(command));
        arguments.add(Api.baseUrl());
        arguments.add(SeededAccount.get().apiKey);
        File errors = File.createTempFile("scenario", ".stderr");
        try {
            Process process = new ProcessBuilder(arguments).directory(directory.toFile())
                    .redirectError(errors).start();
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail(String.join(" ", command) + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            String stderr = Files.readString(errors.toPath(), StandardCharsets.UTF_8);
            assertThat(process.exitValue()).as("%s failed:%n%s", String.join(" ", command), stderr).isZero();
            return JSON.readTree(output);
        } finally {
            Files.deleteIfExists(errors.toPath());
        }
    }

    /** The python client needs python3 with pydantic 2 and a few packages; without them only this part is skipped. */
    private static void requirePython() throws InterruptedException {
        String check = "import sys; import " + PYTHON_IMPORTS + "; import pydantic; "
                + "sys.exit(0 if pydantic.VERSION.startswith('2.') else 'pydantic ' + pydantic.VERSION + ' is not 2.x')";
        String missing;
        try {
            Process probe = new ProcessBuilder("python3", "-c", check).redirectErrorStream(true).start();
            String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            missing = probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0 ? null : output;
        } catch (IOException noPython) {
            missing = "python3 is not installed (" + noPython.getMessage() + ")";
        }
        if (missing != null) {
            String message = "SKIPPED: the generated python client was not tried: it needs python3 with " + PYTHON_IMPORTS
                    + " (pydantic 2). " + missing;
            System.out.println(message);
            System.err.println(message);
            Assumptions.abort(message);
        }
    }
}
