package dev.inboxes.app.nativeimage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.inboxes.app.ArchitectureTest;
import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.mcp.text.TokenCounter;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What CI can prove about the native build without GraalVM: the build writes target/native-sources (see the
 * native-sources execution in the pom), and in it every class Jackson or Hibernate reads or writes
 * reflectively is registered, the classes that must not be frozen into the image heap are initialized at run
 * time, every resource the service reads from a jar is in the image, and the embedded database is left out.
 */
class NativeReflectionIT {

    private static final Path SOURCES = Path.of("target", "native-sources");

    /** Classes whose static state must be created in the running process: the owners of ArchitectureTest's exceptions. */
    static final Set<String> RUN_TIME_INITIALIZED = ArchitectureTest.RUN_TIME_INITIALIZED_FIELDS.keySet().stream()
            .map(field -> field.substring(0, field.lastIndexOf('.')))
            .collect(Collectors.toCollection(TreeSet::new));

    /** Top-level packages that are not adapters: what they hold is never written as JSON by an adapter. */
    private static final Set<String> NOT_ADAPTERS = Set.of("domain", "persistence", "app");

    /**
     * Resources in the jars of the libraries the adapters added (ArchitectureTest.ADDED_LIBRARIES) that the image
     * leaves out, each with why nothing reads them. Any other resource there must be included: by
     * quarkus.native.resources.includes or by the library's own META-INF/native-image metadata.
     */
    private static final Map<String, String> NOT_READ = Map.of(
            "com/knuddels/jtokkit/cl100k_base.tiktoken", "TokenCounter asks the lazy registry for o200k_base only",
            "com/knuddels/jtokkit/p50k_base.tiktoken", "TokenCounter asks the lazy registry for o200k_base only",
            "com/knuddels/jtokkit/r50k_base.tiktoken", "TokenCounter asks the lazy registry for o200k_base only",
            "META-INF/services/jakarta.mail.Provider", "mail stores and transports: no jakarta.mail Session is opened",
            "META-INF/services/jakarta.mail.util.StreamProvider", "jakarta.mail's coding streams: its one use here, "
                    + "SubEthaSMTP's InternetAddress.parse of MAIL FROM, needs none",
            "META-INF/services/jakarta.activation.spi.MailcapRegistryProvider", "DataHandler's registry: no "
                    + "DataHandler is created",
            "META-INF/services/jakarta.activation.spi.MimeTypeRegistryProvider", "DataHandler's registry: no "
                    + "DataHandler is created",
            "META-INF/services/org.apache.james.mime4j.dom.MessageServiceFactory", "mime4j's DOM factory: "
                    + "MimeReader runs MimeStreamParser directly");
    /** Licences, notices and build information (shrinker rules among it): never read by code. */
    private static final Pattern PAPERWORK = Pattern.compile(
            "META-INF/(MANIFEST\\.MF|maven/.*|native-image/.*|versions/.*|proguard/.*|(.*/)?(LICENSE|NOTICE|DEPENDENCIES|README)[^/]*)");

    @Test
    void everySerializedRecordIsRegisteredForReflection() throws IOException {
        Set<String> registered = registeredClasses();
        JavaClasses production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.inboxes");
        // Public records of every adapter module in the image (a new one included), and what their components hold.
        Set<String> adapters = new TreeSet<>(modulesOfTheImage());
        adapters.removeAll(NOT_ADAPTERS);
        List<JavaClass> written = production.stream()
                .filter(JavaClass::isRecord)
                .filter(record -> record.getModifiers().contains(JavaModifier.PUBLIC)) // private helpers are never written
                .filter(record -> adapters.contains(record.getPackageName().split("\\.")[2])
                        || record.getName().endsWith("Entity$Key"))
                .filter(record -> !record.getPackageName().startsWith("dev.inboxes.api.limits")) // settings, never written
                .toList();
        List<String> serialized = withComponentTypes(written, production);
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

        assertThat(adapters).contains("api", "mcp", "smtp");
        assertThat(serialized).contains("dev.inboxes.api.inbox.InboxPage", "dev.inboxes.api.problem.Problem",
                "dev.inboxes.mcp.AgentPage", "dev.inboxes.mcp.inbox.AgentInbox", "dev.inboxes.mcp.inbox.AgentBulkDeletion",
                "dev.inboxes.api.inbox.BulkDeleteResponse");
        assertThat(listRows).contains("dev.inboxes.domain.inbox.Inbox", "dev.inboxes.domain.message.Message");
        assertThat(resources).contains("dev.inboxes.api.inbox.InboxResource", "dev.inboxes.api.account.ApiKeyResource");
        assertThat(registered).containsAll(serialized).containsAll(listRows).containsAll(resources);
    }

    @Test
    void seededRandomnessIsCreatedAtRunTimeNeverInTheImageHeap() throws IOException {
        Set<String> runTime = new TreeSet<>();
        for (String argument : arguments()) {
            if (argument.startsWith("--initialize-at-run-time=")) {
                runTime.addAll(Arrays.asList(argument.substring(argument.indexOf('=') + 1).split(",")));
            }
        }

        assertThat(RUN_TIME_INITIALIZED).contains("dev.inboxes.domain.shared.RandomIds$Source",
                "org.apache.james.mime4j.util.MimeUtil");
        assertThat(runTime).containsAll(RUN_TIME_INITIALIZED);
        // A misspelt name would leave the real class initialized at build time.
        assertThat(runTime).allSatisfy(type -> assertThat(exists(type)).as("class %s", type).isTrue());
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
        List<String> patterns = generatedResourcePatterns();

        assertThat(patterns).anySatisfy(pattern -> assertThat(TokenCounter.VOCABULARY).matches(pattern));
        assertThat(jarsOfTheImage().values().stream().flatMap(List::stream)).contains(TokenCounter.VOCABULARY);
    }

    /** Each quarkus.native.resources.includes names resources that exist, and all of them are in the image. */
    @Test
    void everyIncludedResourceExistsAndIsInTheImage() throws IOException {
        Properties settings = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            settings.load(in);
        }
        List<String> globs = Arrays.stream(settings.getProperty("quarkus.native.resources.includes", "").split(","))
                .map(String::trim).filter(glob -> !glob.isEmpty()).toList();
        List<String> patterns = generatedResourcePatterns();
        List<String> entries = jarsOfTheImage().values().stream().flatMap(List::stream).toList();

        assertThat(globs).isNotEmpty().allSatisfy(glob -> {
            List<String> named = entries.stream().filter(globPattern(glob).asMatchPredicate()).toList();
            assertThat(named).as("resources named by %s", glob).isNotEmpty()
                    .allSatisfy(entry -> assertThat(patterns).anySatisfy(pattern -> assertThat(entry).matches(pattern)));
        });
    }

    /**
     * A library that reads a resource of its own jar (a vocabulary, an entity table, a charset map) fails only at
     * run time in a native executable without it: every resource in the added libraries' jars is in the image
     * or listed in {@link #NOT_READ} with its reason, so a library upgrade that brings a new one fails here.
     */
    @Test
    void everyResourceOfTheAddedLibrariesIsInTheImageOrNeverRead() throws IOException {
        Map<String, List<String>> jars = jarsOfTheImage();
        List<String> patterns = new ArrayList<>(generatedResourcePatterns());
        patterns.addAll(librariesOwnResourcePatterns(jars.keySet()));
        Set<String> libraryJars = addedLibraryJars(jars.keySet());
        List<String> resources = libraryJars.stream().flatMap(jar -> jars.get(jar).stream())
                .filter(entry -> !entry.endsWith(".class") && !PAPERWORK.matcher(entry).matches())
                .toList();

        // Angus Mail's own metadata brings its charset and address maps (read when the MIME and address classes load).
        assertThat(libraryJars).anyMatch(jar -> jar.contains("angus-mail")).anyMatch(jar -> jar.contains("mime4j"))
                .anyMatch(jar -> jar.contains("jsoup")).anyMatch(jar -> jar.contains("subethasmtp"));
        assertThat(resources).contains("META-INF/jakarta.charset.map", TokenCounter.VOCABULARY)
                .containsAll(NOT_READ.keySet())
                .allSatisfy(resource -> assertThat(NOT_READ.containsKey(resource)
                        || patterns.stream().anyMatch(resource::matches))
                        .as("%s is neither in the image nor known to be unread", resource).isTrue());
        assertThat(NOT_READ.keySet()).allSatisfy(resource -> assertThat(patterns.stream().noneMatch(resource::matches))
                .as("%s is in the image: drop it from NOT_READ", resource).isTrue());
    }

    /** The records and, transitively, the application's types their components hold (list elements included). */
    private static List<String> withComponentTypes(List<JavaClass> records, JavaClasses production) {
        Set<String> found = new TreeSet<>();
        Deque<JavaClass> pending = new ArrayDeque<>(records);
        while (!pending.isEmpty()) {
            JavaClass type = pending.pop();
            if (!found.add(type.getName())) {
                continue;
            }
            for (JavaField field : type.getFields()) {
                if (field.getModifiers().contains(JavaModifier.STATIC)) {
                    continue;
                }
                field.getType().getAllInvolvedRawTypes().stream()
                        .filter(held -> held.getName().startsWith("dev.inboxes.") && !held.isInterface())
                        .forEach(held -> pending.push(production.get(held.getName())));
            }
        }
        return List.copyOf(found);
    }

    private static boolean exists(String className) {
        try {
            Class.forName(className, false, NativeReflectionIT.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** The service's top-level packages (dev.inboxes.X) whose classes the image holds. */
    private static Set<String> modulesOfTheImage() throws IOException {
        return jarsOfTheImage().values().stream().flatMap(List::stream)
                .filter(entry -> entry.startsWith("dev/inboxes/") && entry.endsWith(".class"))
                .map(entry -> entry.split("/")[2])
                .filter(segment -> !segment.endsWith(".class"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The tokens of native-image.args, as the build passes them to native-image. */
    private static List<String> arguments() throws IOException {
        return Arrays.asList(Files.readString(SOURCES.resolve("native-image.args")).trim().split("\\s+"));
    }

    /** The include patterns of the resource configuration Quarkus generated. */
    private static List<String> generatedResourcePatterns() throws IOException {
        List<String> patterns = new ArrayList<>();
        nativeImageConfig("resource-config.json").at("/resources/includes")
                .forEach(include -> patterns.add(include.path("pattern").asText()));
        return patterns;
    }

    /** The runner jar and every jar of lib, each with the names of its entries (directories left out). */
    private static Map<String, List<String>> jarsOfTheImage() throws IOException {
        Map<String, List<String>> jars = new TreeMap<>();
        List<Path> paths;
        try (Stream<Path> files = Stream.concat(Files.list(SOURCES), Files.walk(SOURCES.resolve("lib")))) {
            paths = files.filter(path -> path.getFileName().toString().endsWith(".jar")).toList();
        }
        for (Path path : paths) {
            try (JarFile jar = new JarFile(path.toFile())) {
                jars.put(path.getFileName().toString(), jar.stream().filter(entry -> !entry.isDirectory())
                        .map(JarEntry::getName).toList());
            }
        }
        return jars;
    }

    /**
     * The jars in lib that hold the added libraries' packages: lib names a jar group.artifact-version.jar, the
     * test class path artifact-version.jar.
     */
    private static Set<String> addedLibraryJars(Set<String> libJars) throws IOException {
        Set<String> names = new TreeSet<>();
        for (String library : ArchitectureTest.ADDED_LIBRARIES) {
            boolean found = false;
            for (URL url : Collections.list(NativeReflectionIT.class.getClassLoader()
                    .getResources(library.replace('.', '/')))) {
                String jar = url.toString().replaceFirst("!.*", "");
                String file = jar.substring(jar.lastIndexOf('/') + 1);
                List<String> inLib = libJars.stream().filter(name -> name.endsWith("." + file)).toList();
                assertThat(inLib).as("%s (%s) in %s", file, library, SOURCES.resolve("lib")).hasSize(1);
                names.add(inLib.get(0));
                found = true;
            }
            assertThat(found).as("a jar of %s", library).isTrue();
        }
        return names;
    }

    /**
     * The resource patterns the jars' own META-INF/native-image metadata adds, unless native-image.args excludes
     * that metadata (--exclude-config jar-pattern resource-pattern).
     */
    private static List<String> librariesOwnResourcePatterns(Set<String> jarNames) throws IOException {
        List<String> arguments = arguments();
        List<Pattern[]> excluded = new ArrayList<>();
        for (int i = 0; i + 2 < arguments.size(); i++) {
            if (arguments.get(i).equals("--exclude-config")) {
                excluded.add(new Pattern[] {Pattern.compile(arguments.get(i + 1)), Pattern.compile(arguments.get(i + 2))});
            }
        }
        List<String> patterns = new ArrayList<>();
        for (String name : jarNames) {
            Path path = Files.exists(SOURCES.resolve(name)) ? SOURCES.resolve(name) : SOURCES.resolve("lib").resolve(name);
            try (JarFile jar = new JarFile(path.toFile())) {
                for (JarEntry entry : Collections.list(jar.entries())) {
                    boolean config = entry.getName().startsWith("META-INF/native-image/")
                            && entry.getName().endsWith("/resource-config.json");
                    boolean isExcluded = excluded.stream().anyMatch(rule -> rule[0].matcher(name).find()
                            && rule[1].matcher("/" + entry.getName()).matches());
                    if (config && !isExcluded) {
                        new ObjectMapper().readTree(jar.getInputStream(entry)).at("/resources/includes")
                                .forEach(include -> patterns.add(include.path("pattern").asText()));
                    }
                }
            }
        }
        return patterns;
    }

    /** A quarkus.native.resources.includes glob as a pattern: ** any path, * within one directory, ? one character. */
    private static Pattern globPattern(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
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
