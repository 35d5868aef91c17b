package dev.inboxes.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import jakarta.persistence.Entity;
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
}
