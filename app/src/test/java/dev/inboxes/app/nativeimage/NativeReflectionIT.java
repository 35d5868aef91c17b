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
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.inboxes.api.limits.RateLimits;
import dev.inboxes.app.ArchitectureTest;
import dev.inboxes.app.support.JvmOnly;
import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.mcp.text.TokenCounter;
import java.io.IOException;
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
import java.util.Set;
import java.util.function.Supplier;
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
 * reflectively is registered, so is every class Caffeine loads by name for a cache the service builds itself, every
 * other load by name in the added libraries is accounted for, the classes that must not be frozen into the image
 * heap are initialized at run time, the tokenizer's vocabulary is parsed at build time, every resource the service
 * reads from a jar is in the image, and the embedded database is left out.
 *
 * <p>JVM build only: it reads the native-sources output of the JVM build, which the native profile does not write;
 * under {@code -Pnative} the other integration tests run the executable itself.
 */
@JvmOnly("it checks the native-sources output of the JVM build, which -Pnative does not write")
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
    private static final Map<String, String> NOT_READ = Map.ofEntries(
            Map.entry(TokenCounter.VOCABULARY, "parsed while the image is built (TokenCounter$Vocabulary is "
                    + "initialized at build time): the executable holds the parsed vocabulary, never the file"),
            Map.entry("com/knuddels/jtokkit/cl100k_base.tiktoken", "TokenCounter asks the lazy registry for o200k_base only"),
            Map.entry("com/knuddels/jtokkit/p50k_base.tiktoken", "TokenCounter asks the lazy registry for o200k_base only"),
            Map.entry("com/knuddels/jtokkit/r50k_base.tiktoken", "TokenCounter asks the lazy registry for o200k_base only"),
            Map.entry("META-INF/services/jakarta.mail.Provider", "mail stores and transports, listed through "
                    + "ServiceLoader (whose providers the image builder resolves while it builds) by the Session the "
                    + "relay client opens, which asks for none: it builds its SMTPTransport itself"),
            Map.entry("META-INF/services/org.apache.james.mime4j.dom.MessageServiceFactory", "mime4j's DOM factory: "
                    + "MimeReader runs MimeStreamParser directly"),
            Map.entry("META-INF/services/sun.net.spi.nameservice.NameServiceDescriptor", "dnsjava's name service for "
                    + "Java 8's resolver hook, which Java 17 never reads"),
            Map.entry("messages.properties", "dnsjava's DNSSEC validator's messages: MX lookups do not validate"));
    /** Folders of resources that the image leaves out, with why nothing reads what is in them. */
    private static final Map<String, String> NOT_READ_UNDER = Map.of(
            "org/apache/james/jdkim/codec/language/", "commons-codec's phonetic encoders, shaded into jDKIM, whose "
                    + "signer uses only the shaded Base64");

    private static boolean notRead(String resource) {
        return NOT_READ.containsKey(resource) || NOT_READ_UNDER.keySet().stream().anyMatch(resource::startsWith);
    }

    /**
     * Every method of the service that builds a Caffeine cache itself, with that cache's configuration as the method
     * builds it (Quarkus registers the classes of the caches it builds, not these).
     */
    private static final Map<String, Supplier<Caffeine<Object, Object>>> SELF_BUILT_CACHES = Map.of(
            "dev.inboxes.api.limits.RateLimits.bucketCache", () -> RateLimits.bucketCache(java.time.Duration.ofHours(1)));

    /**
     * Classes of the added libraries (and Caffeine) that load classes by name, each with why the executable needs
     * nothing more: what it loads is registered, or it runs only at build time, or only when a system property asks,
     * or it is reached only through classes (its gateways) that neither the service nor SubEthaSMTP uses, which the
     * test checks.
     */
    private static final Map<String, ByName> LOADS_BY_NAME = Map.ofEntries(
            Map.entry("com.github.benmanes.caffeine.cache.LocalCacheFactory", ByName.safe("a cache's class: "
                    + "registered for every cache the service builds (everyCacheTheServiceBuildsItselfHasItsClassesRegistered)"
                    + ", by Quarkus for its own")),
            Map.entry("com.github.benmanes.caffeine.cache.NodeFactory", ByName.safe("a cache's entry class: likewise")),
            Map.entry("jakarta.activation.ActivationDataFlavor", ByName.unreachable("data flavors, for a DataHandler's "
                    + "transfer data (AWT-style), which nothing asks for", "jakarta.activation.ActivationDataFlavor")),
            Map.entry("jakarta.activation.CommandInfo", ByName.unreachable("command beans of DataHandlers, asked for "
                    + "through a CommandMap's commands, which nothing lists", "jakarta.activation.CommandInfo")),
            Map.entry("jakarta.activation.FactoryFinder", ByName.safe("the mailcap and MIME type registries, which "
                    + "MimeComposer's parts reach: found through ServiceLoader (the service files included by "
                    + "quarkus.native.resources.includes, their classes registered on MimeComposer), their files in "
                    + "the image by Angus Activation's own metadata")),
            Map.entry("jakarta.activation.MailcapCommandMap", ByName.safe("the content handlers a mailcap names, "
                    + "which write MimeComposer's text and multipart parts: registered on MimeComposer")),
            Map.entry("jakarta.activation.ServiceLoaderUtil", ByName.safe("FactoryFinder's loader: ServiceLoader "
                    + "first, served from the included service files and the classes MimeComposer registers")),
            Map.entry("jakarta.mail.Session", ByName.safe("mail providers (stores, transports), loaded when one is "
                    + "asked for by protocol: the relay client builds its SMTPTransport itself and asks for none, and "
                    + "Angus Mail's own native-image feature registers every provider's constructor anyway")),
            Map.entry("jakarta.mail.internet.MimeUtil", ByName.safe("the content type cleaner named by the "
                    + "mail.mime.contenttypehandler system property, only when it is set (never)")),
            Map.entry("jakarta.mail.util.FactoryFinder", ByName.safe("StreamProvider, for MimeUtility's encoders "
                    + "and MIME parts: by a system property (never set), else through ServiceLoader, from the service "
                    + "file quarkus.native.resources.includes names and the class MimeComposer registers")),
            Map.entry("org.apache.james.mime4j.dom.ServiceLoader", ByName.unreachable("MessageServiceFactory's "
                    + "implementation: MimeReader builds mime4j's MimeStreamParser itself",
                    "org.apache.james.mime4j.dom.MessageServiceFactory")),
            Map.entry("org.eclipse.angus.mail.imap.IMAPStore", ByName.unreachable("IMAP, a store of a Session",
                    "jakarta.mail.Store")),
            Map.entry("org.eclipse.angus.mail.imap.protocol.IMAPProtocol", ByName.unreachable("IMAP",
                    "jakarta.mail.Store")),
            Map.entry("org.eclipse.angus.mail.pop3.POP3Store", ByName.unreachable("POP3, a store of a Session",
                    "jakarta.mail.Store")),
            Map.entry("org.eclipse.angus.mail.smtp.SMTPTransport", ByName.safe("its SASL authenticator, only when "
                    + "mail.smtp.sasl.enable is set (never: AUTH PLAIN and LOGIN are its own code)")),
            Map.entry("org.eclipse.angus.mail.util.SocketFetcher", ByName.safe("a socket factory named by a "
                    + "mail.smtp.socketFactory.class property, never set: the relay client passes its TLS factory as "
                    + "an object (mail.smtp.ssl.socketFactory)")),
            Map.entry("org.eclipse.angus.mail.util.logging.LogManagerProperties", ByName.unreachable("Angus Mail's "
                    + "java.util.logging handler, which no logging configuration names",
                    "org.eclipse.angus.mail.util.logging.MailHandler")),
            Map.entry("org.eclipse.angus.mail.nativeimage.AngusMailFeature", ByName.safe("Angus Mail's own native-image "
                    + "feature: runs in the image builder")),
            Map.entry("org.xbill.DNS.DohResolver", ByName.unreachable("DNS over HTTPS, its HTTP client",
                    "org.xbill.DNS.DohResolver")),
            Map.entry("org.xbill.DNS.config.SunJvmResolverConfigProvider", ByName.safe("the JVM's own resolver "
                    + "settings, read only when the dnsjava.configprovider.sunjvm.enabled property asks (never): on "
                    + "Linux dnsjava reads resolv.conf")),
            Map.entry("org.xbill.DNS.spi.DNSJavaNameService", ByName.safe("Java 8's name service hook (its interface is "
                    + "gone from Java 17, so it cannot even load here), installed only by the "
                    + "sun.net.spi.nameservice.provider property")),
            Map.entry("org.jsoup.helper.AuthenticationHandler", ByName.unreachable("jsoup's HTTP client",
                    "org.jsoup.Connection", "org.jsoup.helper.HttpConnection")),
            Map.entry("org.jsoup.helper.RequestDispatch", ByName.unreachable("jsoup's HTTP client",
                    "org.jsoup.Connection", "org.jsoup.helper.HttpConnection")),
            Map.entry("org.jsoup.helper.Regex", ByName.safe("re2j, only when the jsoup.useRe2j system property asks "
                    + "for it (never set): java.util.regex otherwise")));

    /** Why a load by name is safe, and the classes through which alone it is reached (none when it is registered). */
    record ByName(String reason, List<String> gateways) {

        static ByName safe(String reason) {
            return new ByName(reason, List.of());
        }

        static ByName unreachable(String reason, String... gateways) {
            return new ByName(reason, List.of(gateways));
        }
    }

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
                // The SMTP adapter writes no JSON: its records are handed between the receiver and local delivery.
                .filter(record -> !record.getPackageName().startsWith("dev.inboxes.smtp"))
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
                "dev.inboxes.mcp.respond.AgentPage", "dev.inboxes.mcp.inbox.AgentInbox", "dev.inboxes.mcp.inbox.AgentBulkDeletion",
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

    /**
     * Parsing the tokenizer's vocabulary takes most of a second and about 70 MB: the image is built with it parsed
     * (its holder class initialized at build time), and nothing else in the service asks jtokkit for an encoding.
     */
    @Test
    void theTokenizersVocabularyIsParsedWhileTheImageIsBuilt() throws IOException {
        String holder = TokenCounter.class.getName() + "$Vocabulary";
        JavaClasses production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.inboxes");
        List<String> registryUsers = production.stream()
                .flatMap(type -> type.getMethodCallsFromSelf().stream())
                .filter(call -> call.getTargetOwner().getName().equals("com.knuddels.jtokkit.Encodings"))
                .map(call -> call.getOrigin().getFullName())
                .distinct().toList();

        assertThat(buildTimeInitialized()).contains(holder);
        assertThat(registryUsers).as("jtokkit's registries are asked only by the build-time holder's initializer")
                .containsExactly(holder + ".<clinit>()");
    }

    /** Every --initialize-at-build-time names a class of the image, under its real name. */
    @Test
    void everyClassInitializedAtBuildTimeExists() throws IOException {
        assertThat(buildTimeInitialized()).isNotEmpty()
                .allSatisfy(type -> assertThat(exists(type)).as("class %s", type).isTrue());
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
                .allSatisfy(resource -> assertThat(notRead(resource)
                        || patterns.stream().anyMatch(resource::matches))
                        .as("%s is neither in the image nor known to be unread", resource).isTrue());
        assertThat(NOT_READ.keySet()).allSatisfy(resource -> assertThat(patterns.stream().noneMatch(resource::matches))
                .as("%s is in the image: drop it from NOT_READ", resource).isTrue());
        assertThat(NOT_READ_UNDER.keySet()).allSatisfy(folder -> assertThat(resources.stream()
                .filter(resource -> resource.startsWith(folder)))
                .as("resources under %s, none in the image", folder).isNotEmpty()
                .noneMatch(resource -> patterns.stream().anyMatch(resource::matches)));
    }

    /**
     * Caffeine builds a cache from generated classes it loads by name, chosen by the configuration (a bounded cache
     * expiring after access: {@code SSMSA}, its entries {@code PSAMS}); in a native executable an unregistered one
     * fails the start with ClassNotFoundException. Every method of the service that calls {@code Caffeine.newBuilder}
     * must be in {@link #SELF_BUILT_CACHES}, and the classes its configuration loads must be registered.
     */
    @Test
    void everyCacheTheServiceBuildsItselfHasItsClassesRegistered() throws Exception {
        JavaClasses production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.inboxes");
        Set<String> builders = production.stream()
                .flatMap(type -> type.getMethodCallsFromSelf().stream())
                .filter(call -> call.getTargetOwner().isEquivalentTo(Caffeine.class)
                        && (call.getName().equals("newBuilder") || call.getName().equals("from")))
                .map(call -> call.getOrigin().getOwner().getName() + "." + call.getOrigin().getName())
                .collect(Collectors.toCollection(TreeSet::new));
        Map<String, Set<String>> loaded = new TreeMap<>();
        SELF_BUILT_CACHES.forEach((builder, configuration) -> loaded.put(builder, classesLoadedByName(configuration.get())));
        Set<String> registered = registeredClasses();

        assertThat(builders).as("methods that build a Caffeine cache: each is replayed in SELF_BUILT_CACHES")
                .isEqualTo(SELF_BUILT_CACHES.keySet());
        assertThat(loaded.get("dev.inboxes.api.limits.RateLimits.bucketCache")).as("the cache's class and its entries'")
                .containsExactlyInAnyOrder("com.github.benmanes.caffeine.cache.SSMSA",
                        "com.github.benmanes.caffeine.cache.PSAMS");
        loaded.forEach((builder, classes) -> assertThat(registered)
                .as("classes Caffeine loads by name for the cache of %s", builder).containsAll(classes));
    }

    /**
     * A library that loads a class by name (Class.forName, ClassLoader.loadClass, ServiceLoader, a factory finder)
     * finds nothing in a native executable unless that class is registered. Every class of the added libraries (and
     * Caffeine) that does so is listed in {@link #LOADS_BY_NAME} with what makes it safe, so a library upgrade that
     * adds one fails here.
     */
    @Test
    void everyLoadByNameInTheAddedLibrariesIsAccountedFor() {
        List<String> scanned = new ArrayList<>(ArchitectureTest.ADDED_LIBRARIES);
        scanned.add("com.github.benmanes.caffeine");
        JavaClasses libraries = new ClassFileImporter().importPackages(scanned);
        Set<String> loaders = libraries.stream()
                .flatMap(type -> type.getMethodCallsFromSelf().stream())
                .filter(NativeReflectionIT::loadsByName)
                .map(call -> call.getOrigin().getOwner().getName().replaceFirst("\\$.*", ""))
                .collect(Collectors.toCollection(TreeSet::new));

        // What the service and SubEthaSMTP (the library that calls Jakarta Mail) use, but for SubEthaSMTP's Wiser, a
        // mail sink for tests that opens Sessions, which the service never uses.
        Set<String> used = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.inboxes", "org.subethamail").stream()
                .filter(type -> !type.getPackageName().startsWith(WISER))
                .flatMap(type -> type.getDirectDependenciesFromSelf().stream())
                .map(dependency -> dependency.getTargetClass().getName())
                .collect(Collectors.toSet());

        assertThat(used).noneMatch(type -> type.startsWith(WISER + "."));

        assertThat(loaders).as("classes of the added libraries that load classes by name: each needs its reason in "
                + "LOADS_BY_NAME").isEqualTo(LOADS_BY_NAME.keySet());
        assertThat(used).contains("jakarta.mail.internet.InternetAddress", "org.jsoup.Jsoup");
        LOADS_BY_NAME.forEach((loader, why) -> assertThat(why.gateways()).as("%s is unreachable (%s) unless one of "
                + "these is used", loader, why.reason()).noneMatch(used::contains));
        assertThat(LOADS_BY_NAME.values().stream().flatMap(why -> why.gateways().stream()))
                .allSatisfy(gateway -> assertThat(exists(gateway)).as("gateway %s", gateway).isTrue());
    }

    private static final String WISER = "org.subethamail.wiser";

    private static boolean loadsByName(com.tngtech.archunit.core.domain.JavaMethodCall call) {
        String owner = call.getTargetOwner().getName();
        String name = call.getName();
        return owner.equals(Class.class.getName()) && name.equals("forName")
                || call.getTargetOwner().isAssignableTo(ClassLoader.class) && name.equals("loadClass")
                || owner.equals(java.util.ServiceLoader.class.getName()) && name.startsWith("load")
                || owner.equals(java.lang.invoke.MethodHandles.Lookup.class.getName()) && name.equals("findClass");
    }

    /**
     * The generated classes a cache of this configuration is made of: the cache's own and its entries' (loaded by
     * name), read from the cache Caffeine built.
     */
    private static Set<String> classesLoadedByName(Caffeine<Object, Object> configuration) {
        Cache<Object, Object> cache = configuration.build();
        cache.put("key", "value");
        Object local = field(cache, "cache");
        Set<String> classes = new TreeSet<>();
        classes.add(local.getClass().getName());
        Object data = field(local, "data");
        ((Map<?, ?>) data).values().forEach(entry -> classes.add(entry.getClass().getName()));
        classes.removeIf(name -> !name.matches("com\\.github\\.benmanes\\.caffeine\\.cache\\.[A-Z]+"));
        return classes;
    }

    private static Object field(Object owner, String name) {
        for (Class<?> type = owner.getClass(); type != null; type = type.getSuperclass()) {
            try {
                java.lang.reflect.Field field = type.getDeclaredField(name);
                field.setAccessible(true);
                return field.get(owner);
            } catch (NoSuchFieldException notHere) {
                // a superclass's
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("no field " + name + " in " + owner.getClass());
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

    /** The classes the build passes to --initialize-at-build-time. */
    private static Set<String> buildTimeInitialized() throws IOException {
        Set<String> buildTime = new TreeSet<>();
        for (String argument : arguments()) {
            if (argument.startsWith("--initialize-at-build-time=")) {
                buildTime.addAll(Arrays.asList(argument.substring(argument.indexOf('=') + 1).split(",")));
            }
        }
        buildTime.remove("");
        return buildTime;
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
