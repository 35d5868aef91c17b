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
                        "dev.inboxes.mcp..", "dev.inboxes.smtp..", "dev.inboxes.app..")
                .check(PRODUCTION);
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
}
