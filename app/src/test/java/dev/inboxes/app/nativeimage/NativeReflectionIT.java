package dev.inboxes.app.nativeimage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.mcp.text.TokenCounter;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What CI can prove about the native build without GraalVM: the build writes target/native-sources (see the
 * native-sources execution in the pom), and in it every class Jackson or Hibernate reads or writes
 * reflectively is registered, the classes that must not be frozen into the image heap are initialized at run
 * time, and the embedded database is left out.
 */
class NativeReflectionIT {

    private static final Path SOURCES = Path.of("target", "native-sources");

    /** Classes whose static state must be created in the running process (see ArchitectureTest). */
    static final List<String> RUN_TIME_INITIALIZED = List.of("dev.inboxes.domain.shared.RandomIds$Source");

    @Test
    void everySerializedRecordIsRegisteredForReflection() throws IOException {
        Set<String> registered = registeredClasses();
        JavaClasses production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.inboxes");
        List<String> serialized = production.stream()
                .filter(JavaClass::isRecord)
                .filter(record -> record.getModifiers().contains(JavaModifier.PUBLIC)) // private helpers are never written
                .map(JavaClass::getName)
                .filter(name -> name.startsWith("dev.inboxes.api.") || name.startsWith("dev.inboxes.mcp.")
                        || name.endsWith("Entity$Key"))
                .filter(name -> !name.startsWith("dev.inboxes.api.limits.")) // settings, built by the app, never written
                .toList();
        // KnownRoutes reads the resources' methods at run time, to answer 405 with Allow.
        List<String> resources = production.stream()
                .filter(type -> type.isAnnotatedWith(jakarta.ws.rs.Path.class))
                .map(JavaClass::getName)
                .toList();
        // Every row of a paged list is a domain record that the list query constructs ("select new").
        List<String> listRows = production.stream()
                .filter(type -> type.isRecord() && type.isAssignableTo(Keyed.class))
                .map(JavaClass::getName)
                .toList();

        assertThat(serialized).contains("dev.inboxes.api.inbox.InboxPage", "dev.inboxes.api.problem.Problem",
                "dev.inboxes.mcp.AgentPage", "dev.inboxes.mcp.inbox.AgentInbox", "dev.inboxes.mcp.inbox.AgentBulkDeletion",
                "dev.inboxes.api.inbox.BulkDeleteResponse");
        assertThat(listRows).contains("dev.inboxes.domain.inbox.Inbox", "dev.inboxes.domain.message.Message");
        assertThat(resources).contains("dev.inboxes.api.inbox.InboxResource", "dev.inboxes.api.account.ApiKeyResource");
        assertThat(registered).containsAll(serialized).containsAll(listRows).containsAll(resources);
    }

    @Test
    void seededRandomnessIsCreatedAtRunTimeNeverInTheImageHeap() throws IOException {
        String arguments = Files.readString(SOURCES.resolve("native-image.args"));

        assertThat(RUN_TIME_INITIALIZED).allSatisfy(type -> assertThat(arguments).contains(type));
        assertThat(arguments).contains("--initialize-at-run-time=");
    }

    @Test
    void theNativeBuildHasNoEmbeddedDatabaseAndItsOwnEntryPoint() throws IOException {
        try (Stream<Path> libraries = Files.walk(SOURCES.resolve("lib"))) {
            assertThat(libraries.map(path -> path.getFileName().toString())).noneMatch(name -> name.contains("zonky"));
        }
        assertThat(Files.readString(SOURCES.resolve("native-image.args"))).contains("-runner");
    }

    /** The tokenizer reads its vocabulary from its jar at start-up: the image must hold the resource. */
    @Test
    void theTokenizersVocabularyIsIncludedAsAResource() throws IOException {
        List<String> patterns = new ArrayList<>();
        nativeImageConfig("resource-config.json").at("/resources/includes")
                .forEach(include -> patterns.add(include.path("pattern").asText()));

        assertThat(patterns).anySatisfy(pattern -> assertThat(TokenCounter.VOCABULARY).matches(pattern));
        try (Stream<Path> libraries = Files.walk(SOURCES.resolve("lib"))) {
            assertThat(libraries.map(path -> path.getFileName().toString())).anyMatch(name -> name.contains("jtokkit"));
        }
    }

    private static Set<String> registeredClasses() throws IOException {
        Set<String> names = new HashSet<>();
        nativeImageConfig("reflect-config.json").forEach(entry -> names.add(entry.path("name").asText()));
        return names;
    }

    /** One of the native-image configuration files the build wrote into the runner jar. */
    private static JsonNode nativeImageConfig(String file) throws IOException {
        Path runner;
        try (Stream<Path> files = Files.list(SOURCES)) {
            runner = files.filter(path -> path.getFileName().toString().endsWith("-runner.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no runner jar in " + SOURCES + ": was the native-sources "
                            + "build skipped?"));
        }
        try (JarFile jar = new JarFile(runner.toFile())) {
            return new ObjectMapper().readTree(jar.getInputStream(jar.getEntry("META-INF/native-image/" + file)));
        }
    }
}
