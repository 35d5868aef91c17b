package dev.inboxes.app;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Entity;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import org.junit.jupiter.api.Test;

/** The dependency rule: the domain knows no framework, and adapters meet only through the domain. */
public class ArchitectureTest {

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.inboxes");

    /**
     * The libraries the adapters brought that no Quarkus extension looks after for native builds (Quarkus
     * initializes their classes at build time too): SMTP server and its helpers, MIME and address parsing, HTML
     * to text, the tokenizer, the rate limiter's token buckets.
     */
    public static final List<String> ADDED_LIBRARIES = List.of("org.subethamail", "com.github.davidmoten.guavamini",
            "org.apache.james.mime4j", "jakarta.mail", "org.eclipse.angus", "jakarta.activation", "org.jsoup",
            "com.knuddels.jtokkit", "io.github.bucket4j", "org.apache.james.jdkim", "org.xbill.DNS");

    /**
     * Static fields that may hold what a native image must not freeze at build time, each with its reason; the
     * native build initializes their classes at run time (quarkus.native.additional-build-args in
     * application.properties; NativeReflectionIT checks that the build passes every owner class).
     */
    public static final Map<String, String> RUN_TIME_INITIALIZED_FIELDS = Map.of(
            "dev.inboxes.domain.shared.RandomIds$Source.RANDOM",
            "the one SecureRandom of ids and secrets, seeded in each process",
            "org.apache.james.mime4j.util.MimeUtil.random",
            "mime4j's Random for multipart boundaries and Message-IDs: built into the image, every process would "
                    + "produce the same sequence",
            "org.xbill.DNS.Header.random", "dnsjava's SecureRandom of DNS query ids: frozen into the image, every "
                    + "process would ask with the same ids, and an answer to an MX lookup could be forged",
            "org.xbill.DNS.NioClient.selectorThread", "dnsjava's one thread that reads UDP and TCP answers",
            "org.xbill.DNS.NioClient.closeThread", "dnsjava's shutdown hook thread",
            "org.xbill.DNS.TimeoutCompletableFuture$TimeoutScheduler.executor", "dnsjava's timer of lookup timeouts");

    @Test
    void theDomainDependsOnNoFrameworkAndNoInfrastructure() {
        noClasses().that().resideInAPackage("dev.inboxes.domain..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "jakarta..", "javax.persistence..", "javax.inject..", "io.quarkus..", "org.hibernate..",
                        "io.smallrye..", "io.vertx..", "com.fasterxml..", "org.jboss..", "java.sql..", "javax.sql..")
                .check(PRODUCTION);
    }

    @Test
    void theDomainDependsOnNoAdapter() {
        noClasses().that().resideInAPackage("dev.inboxes.domain..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.inboxes.api..", "dev.inboxes.persistence..",
                        "dev.inboxes.mcp..", "dev.inboxes.smtp..", "dev.inboxes.app..")
                .check(PRODUCTION);
    }

    /**
     * The stores implement the domain's ports and are called by its services, never the other way round: a store that
     * called a service would run the domain's rules (and its transactions) from inside its own.
     */
    @Test
    void persistenceCallsNoDomainService() {
        noClasses().that().resideInAPackage("dev.inboxes.persistence..")
                .should().dependOnClassesThat(resideInAPackage("dev.inboxes.domain..").and(simpleNameEndingWith("Service")))
                .check(PRODUCTION);
    }

    /**
     * The benchmark drives the app from outside, as a client would; where it needs the domain (to sign deep cursors)
     * it uses its value types and paging, never a service. It is built after the app (it runs the packaged jar), so its
     * sources are read here: their imports name what they use.
     */
    @Test
    void theBenchmarkCallsNoDomainService() throws Exception {
        Pattern serviceImport = Pattern.compile("(?m)^import dev\\.inboxes\\.domain\\.[\\w.]*Service;");
        List<String> offenders;
        try (Stream<Path> sources = Files.walk(Path.of("..", "bench", "src", "main", "java"))) {
            offenders = sources.filter(path -> path.toString().endsWith(".java"))
                    .filter(path -> serviceImport.matcher(read(path)).find()).map(Path::toString).toList();
        }
        assertThat(offenders).isEmpty();
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theRestAdapterNeverSeesPersistence() {
        noClasses().that().resideInAPackage("dev.inboxes.api..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.inboxes.persistence..", "dev.inboxes.smtp..")
                .orShould().dependOnClassesThat().areAnnotatedWith(Entity.class)
                .check(PRODUCTION);
    }

    @Test
    void theMcpAdapterNeverSeesPersistenceOrTheRestAdapter() {
        noClasses().that().resideInAPackage("dev.inboxes.mcp..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.inboxes.persistence..", "dev.inboxes.api..",
                        "dev.inboxes.smtp..")
                .check(PRODUCTION);
    }

    /** Mail in is an adapter like the others: it hands parsed messages to the domain and never sees how they are stored. */
    @Test
    void theSmtpAdapterSeesOnlyTheDomain() {
        noClasses().that().resideInAPackage("dev.inboxes.smtp..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.inboxes.persistence..", "dev.inboxes.api..",
                        "dev.inboxes.mcp..", "dev.inboxes.app..", "jakarta.persistence..", "org.hibernate..", "java.sql..")
                .check(PRODUCTION);
    }

    /** MIME and SMTP are the adapter's business: no other module parses mail or speaks SMTP. */
    @Test
    void onlyTheSmtpAdapterUsesTheMailLibraries() {
        noClasses().that().resideOutsideOfPackage("dev.inboxes.smtp..")
                .should().dependOnClassesThat().resideInAnyPackage("org.subethamail..", "org.apache.james.mime4j..",
                        "org.jsoup..", "jakarta.mail..")
                .check(PRODUCTION);
    }

    @Test
    void entitiesStayInPersistence() {
        noClasses().that().areAnnotatedWith(Entity.class)
                .should().resideOutsideOfPackage("dev.inboxes.persistence..")
                .check(PRODUCTION);
    }

    /** Paging lives once: adapters ask a service for a page and map it; they never page or build a cursor scope. */
    @Test
    void onlyTheDomainPages() {
        noClasses().that().resideOutsideOfPackages("dev.inboxes.domain..", "dev.inboxes.persistence..")
                .should().dependOnClassesThat().areAssignableTo(Pager.class)
                .orShould().dependOnClassesThat().areAssignableTo(QueryScope.class)
                .check(PRODUCTION);
    }

    /**
     * Quarkus initializes application classes while building a native image, so a static generator, key, thread
     * or socket would be created once at build time and shipped in the image (one seed for every process).
     */
    @Test
    void noStaticStateThatANativeImageWouldFreeze() {
        noStaticStateThatANativeImageWouldFreeze(PRODUCTION);
    }

    /** The same rule over the libraries the adapters added: an upgrade that adds such a static field fails here. */
    @Test
    void noStaticStateThatANativeImageWouldFreezeInTheAddedLibraries() {
        JavaClasses libraries = new ClassFileImporter().importPackages(ADDED_LIBRARIES);

        assertThat(ADDED_LIBRARIES).allSatisfy(library -> assertThat(libraries.stream())
                .as("classes of %s", library).anyMatch(type -> type.getPackageName().startsWith(library)));
        noStaticStateThatANativeImageWouldFreeze(libraries);
    }

    private static void noStaticStateThatANativeImageWouldFreeze(JavaClasses classes) {
        noFields().that().areStatic()
                .and(DescribedPredicate.describe("not initialized at run time",
                        (JavaField field) -> !RUN_TIME_INITIALIZED_FIELDS.containsKey(
                                field.getOwner().getName() + "." + field.getName())))
                .should().haveRawType(DescribedPredicate.describe("a generator, key, thread or socket",
                        type -> type.isAssignableTo(Random.class) || type.isAssignableTo(SplittableRandom.class)
                                || type.isAssignableTo(Thread.class) || type.isAssignableTo(ExecutorService.class)
                                || type.isAssignableTo(Socket.class) || type.isAssignableTo(ServerSocket.class)
                                || type.isAssignableTo(Mac.class) || type.isAssignableTo(Cipher.class)))
                .check(classes);
    }

    @Test
    void restMethodsThatMayTakeABodyRunBlocking() {
        methods().that().areAnnotatedWith(POST.class).or().areAnnotatedWith(PUT.class).or().areAnnotatedWith(PATCH.class)
                .should().notBeAnnotatedWith(NonBlocking.class)
                .andShould().notHaveRawReturnType(Uni.class)
                .andShould().notHaveRawReturnType(Multi.class)
                .andShould().notHaveRawReturnType(CompletionStage.class)
                .because("BufferedRequestBodies reads every body before Quarkus REST runs, and Quarkus REST would hand "
                        + "a non-blocking method an empty body then")
                .check(PRODUCTION);
    }
}
