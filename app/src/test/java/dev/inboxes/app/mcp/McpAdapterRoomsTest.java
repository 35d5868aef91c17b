package dev.inboxes.app.mcp;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.inboxes.mcp.protocol.AgentErrors;
import io.quarkiverse.mcp.server.ResourceContents;
import io.quarkiverse.mcp.server.ResourceLink;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import org.junit.jupiter.api.Test;

/** The MCP adapter's rooms (see its package-info): what each may use, and what only one room does. */
class McpAdapterRoomsTest {

    private static final JavaClasses ADAPTER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.inboxes.mcp");

    private static final DescribedPredicate<JavaClass> HOLD_TOOLS = DescribedPredicate.describe("hold @Tool methods",
            type -> type.getMethods().stream().anyMatch(method -> method.isAnnotatedWith(Tool.class)));

    private static final String[] TOOLS = {"dev.inboxes.mcp.inbox..", "dev.inboxes.mcp.message..",
        "dev.inboxes.mcp.thread..", "dev.inboxes.mcp.wait..", "dev.inboxes.mcp.outbound.."};

    @Test
    void theRootPackageHoldsOnlyTheAdaptersMap() {
        assertThat(ADAPTER.stream().filter(type -> type.getPackageName().equals("dev.inboxes.mcp"))
                .map(JavaClass::getSimpleName)).containsOnly("package-info");
    }

    @Test
    void eachRoomUsesOnlyTheRoomsBelowIt() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("tools").definedBy(TOOLS)
                .layer("confirm").definedBy("dev.inboxes.mcp.confirm..")
                .layer("session").definedBy("dev.inboxes.mcp.session..")
                .layer("protocol").definedBy("dev.inboxes.mcp.protocol..")
                .layer("respond").definedBy("dev.inboxes.mcp.respond..")
                .layer("text").definedBy("dev.inboxes.mcp.text..")
                .whereLayer("tools").mayNotBeAccessedByAnyLayer()
                .whereLayer("confirm").mayOnlyBeAccessedByLayers("tools")
                .whereLayer("session").mayOnlyBeAccessedByLayers("tools", "confirm")
                .whereLayer("protocol").mayOnlyBeAccessedByLayers("tools", "confirm", "session")
                .whereLayer("respond").mayOnlyBeAccessedByLayers("tools", "confirm", "session", "protocol")
                .check(ADAPTER);
    }

    @Test
    void featuresDoNotUseEachOther() {
        slices().matching("dev.inboxes.mcp.(inbox|message|thread|wait|outbound)..").should().notDependOnEachOther()
                .check(ADAPTER);
    }

    @Test
    void toolsLiveInTheFeaturesAndMapTheirErrorsInOnePlace() {
        classes().that(HOLD_TOOLS).should().resideInAnyPackage(TOOLS)
                .andShould().beAnnotatedWith(AgentErrors.class)
                .check(ADAPTER);
    }

    /** A library's runtime or internal classes change without notice: one room, pinned to the version, uses them. */
    @Test
    void onlyTheSessionLayerTouchesLibraryInternals() {
        noClasses().that().resideOutsideOfPackage("dev.inboxes.mcp.session..")
                .should().dependOnClassesThat().resideInAnyPackage("io.quarkiverse.mcp.server.runtime..",
                        "io.quarkiverse.mcp.server.http.runtime..", "io.quarkus.vertx.http.runtime..", "..impl..",
                        "..internal..")
                .check(ADAPTER);
    }

    /** One responder owns the budget, the text and the summary line, of tool results and resource reads alike. */
    @Test
    void onlyTheResponderBuildsAResult() {
        noClasses().that().resideOutsideOfPackage("dev.inboxes.mcp.respond..")
                .should().callConstructorWhere(target(owner(assignableTo(ToolResponse.class))))
                .orShould().callMethodWhere(target(owner(assignableTo(ToolResponse.class)))
                        .and(target(nameMatching("success|error|structuredSuccess"))))
                .orShould().dependOnClassesThat().areAssignableTo(TextContent.class)
                .orShould().callConstructorWhere(target(owner(assignableTo(ResourceResponse.class))))
                .orShould().dependOnClassesThat().areAssignableTo(ResourceContents.class)
                .orShould().dependOnClassesThat().areAssignableTo(ResourceLink.class)
                .check(ADAPTER);
    }
}
