package dev.inboxes.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Entity;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The dependency rule: the domain knows no framework, and adapters meet only through the domain. */
class ArchitectureTest {

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.inboxes");

    @Test
    void theDomainDependsOnNoFramework() {
        noClasses().that().resideInAPackage("dev.inboxes.domain..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "jakarta..", "javax.persistence..", "javax.inject..", "io.quarkus..", "org.hibernate..",
                        "io.smallrye..", "io.vertx..", "com.fasterxml..", "org.jboss..")
                .check(PRODUCTION);
    }

    @Test
    void theDomainDependsOnNoAdapter() {
        noClasses().that().resideInAPackage("dev.inboxes.domain..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.inboxes.api..", "dev.inboxes.persistence..",
                        "dev.inboxes.mcp..", "dev.inboxes.app..")
                .check(PRODUCTION);
    }

    @Test
    void theRestAdapterNeverSeesPersistence() {
        noClasses().that().resideInAPackage("dev.inboxes.api..")
                .should().dependOnClassesThat().resideInAPackage("dev.inboxes.persistence..")
                .orShould().dependOnClassesThat().areAnnotatedWith(Entity.class)
                .check(PRODUCTION);
    }

    @Test
    void theMcpAdapterNeverSeesPersistenceOrTheRestAdapter() {
        noClasses().that().resideInAPackage("dev.inboxes.mcp..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.inboxes.persistence..", "dev.inboxes.api..")
                .check(PRODUCTION);
    }

    @Test
    void entitiesStayInPersistence() {
        noClasses().that().areAnnotatedWith(Entity.class)
                .should().resideOutsideOfPackage("dev.inboxes.persistence..")
                .check(PRODUCTION);
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
