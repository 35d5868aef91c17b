package dev.inboxes.app.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * deploy/k8s holds the reviewed manifests. The Deployment and Service must be exactly what the build generates
 * from the configuration (so neither drifts), and the hand-written parts must fit them.
 */
class KubernetesManifestIT {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path DEPLOY = Path.of("..", "deploy", "k8s");
    private static final int MANAGEMENT_PORT = 9000;

    @Test
    void theCommittedManifestIsTheGeneratedOne() throws IOException {
        assertThat(portsInNameOrder(documents(DEPLOY.resolve("inboxes.yml"))))
                .as("deploy/k8s/inboxes.yml differs from app/target/kubernetes/kubernetes.yml: copy the generated "
                        + "file over it and review the diff")
                .isEqualTo(portsInNameOrder(documents(Path.of("target", "kubernetes", "kubernetes.yml"))));
    }

    @Test
    void theDeploymentRunsReplicasWithProbesResourcesAndSecrets() throws IOException {
        JsonNode deployment = kind(documents(DEPLOY.resolve("inboxes.yml")), "Deployment");
        JsonNode container = deployment.at("/spec/template/spec/containers/0");
        assertThat(deployment.at("/spec/replicas").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(container.at("/readinessProbe/httpGet/path").asText()).isEqualTo("/q/health/ready");
        assertThat(container.at("/livenessProbe/httpGet/path").asText()).isEqualTo("/q/health/live");
        assertThat(container.at("/startupProbe/httpGet/path").asText()).isEqualTo("/q/health/started");
        // Health and metrics are on the management interface; the Service routes the API and SMTP ports only.
        int management = port(container, "management");
        assertThat(management).isEqualTo(MANAGEMENT_PORT).isNotEqualTo(port(container, "http"));
        for (String probe : List.of("readinessProbe", "livenessProbe", "startupProbe")) {
            assertThat(container.at("/" + probe + "/httpGet/port").asInt()).as(probe).isEqualTo(management);
        }
        assertThat(deployment.at("/spec/template/metadata/annotations/prometheus.io~1port").asText())
                .isEqualTo(String.valueOf(management));
        JsonNode service = kind(documents(DEPLOY.resolve("inboxes.yml")), "Service");
        assertThat(service.at("/spec/ports")).extracting(port -> port.path("targetPort").asInt())
                .containsExactlyInAnyOrder(port(container, "http"), port(container, "smtp"));
        assertThat(container.at("/resources/requests/cpu").asText()).isNotBlank();
        assertThat(container.at("/resources/requests/memory").asText()).isNotBlank();
        Set<String> fromSecrets = new HashSet<>();
        container.path("env").forEach(variable -> {
            if (variable.at("/valueFrom/secretKeyRef").isObject()) {
                fromSecrets.add(variable.path("name").asText());
            }
        });
        assertThat(fromSecrets).contains("QUARKUS_DATASOURCE_JDBC_URL", "QUARKUS_DATASOURCE_USERNAME",
                "QUARKUS_DATASOURCE_PASSWORD", "INBOXES_CURSOR_SECRET");
    }

    @Test
    void theServiceTakesMailOnPort25ToTheReceiver() throws IOException {
        List<JsonNode> manifest = documents(DEPLOY.resolve("inboxes.yml"));
        JsonNode smtp = null;
        for (JsonNode port : kind(manifest, "Service").at("/spec/ports")) {
            if (port.path("name").asText().equals("smtp")) {
                smtp = port;
            }
        }
        assertThat(smtp).as("an smtp port on the Service").isNotNull();
        assertThat(smtp.path("port").asInt()).isEqualTo(25);
        assertThat(smtp.path("targetPort").asInt()).isEqualTo(2525);
        assertThat(kind(manifest, "Deployment").at("/spec/template/spec/containers/0/ports").findValuesAsText("name"))
                .contains("smtp");
    }

    @Test
    void theDisruptionBudgetAndTheExampleSecretsFitTheDeployment() throws IOException {
        JsonNode deployment = kind(documents(DEPLOY.resolve("inboxes.yml")), "Deployment");
        JsonNode budget = kind(documents(DEPLOY.resolve("pod-disruption-budget.yml")), "PodDisruptionBudget");
        assertThat(budget.at("/spec/selector/matchLabels")).isEqualTo(deployment.at("/spec/selector/matchLabels"));
        assertThat(budget.at("/spec/minAvailable").asInt()).isBetween(1, deployment.at("/spec/replicas").asInt() - 1);

        List<JsonNode> secrets = documents(DEPLOY.resolve("secrets.example.yml"));
        deployment.at("/spec/template/spec/containers/0/env").forEach(variable -> {
            JsonNode reference = variable.at("/valueFrom/secretKeyRef");
            if (reference.isObject()) {
                JsonNode secret = secrets.stream()
                        .filter(each -> each.at("/metadata/name").asText().equals(reference.path("name").asText()))
                        .findFirst().orElseThrow(() -> new AssertionError("no example Secret " + reference));
                assertThat(secret.at("/stringData").has(reference.path("key").asText())).as("%s", reference).isTrue();
            }
        });
    }

    /** The generator lists named ports (http, smtp) in no fixed order from one build to the next. */
    private static List<JsonNode> portsInNameOrder(List<JsonNode> documents) {
        for (JsonNode document : documents) {
            sortByName(document.at("/spec/ports"));
            document.at("/spec/template/spec/containers").forEach(container -> sortByName(container.path("ports")));
        }
        return documents;
    }

    private static void sortByName(JsonNode ports) {
        if (ports instanceof com.fasterxml.jackson.databind.node.ArrayNode array) {
            List<JsonNode> sorted = new ArrayList<>();
            array.forEach(sorted::add);
            sorted.sort(java.util.Comparator.comparing(port -> port.path("name").asText()));
            array.removeAll();
            array.addAll(sorted);
        }
    }

    private static int port(JsonNode container, String name) {
        for (JsonNode port : container.path("ports")) {
            if (port.path("name").asText().equals(name)) {
                return port.path("containerPort").asInt();
            }
        }
        throw new AssertionError("no container port named " + name);
    }

    private static JsonNode kind(List<JsonNode> documents, String kind) {
        return documents.stream().filter(document -> document.path("kind").asText().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind));
    }

    private static List<JsonNode> documents(Path file) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        try (var parser = YAML.getFactory().createParser(Files.readString(file))) {
            YAML.readValues(parser, JsonNode.class).forEachRemaining(document -> {
                if (document != null && !document.isEmpty()) {
                    documents.add(inNameOrder(document));
                }
            });
        }
        return documents;
    }

    /**
     * The generator lists a container's ports in no stable order (http and management change places between builds);
     * Kubernetes keys them by name, so they are compared sorted by name.
     */
    private static JsonNode inNameOrder(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.fields().forEachRemaining(field -> {
                JsonNode value = inNameOrder(field.getValue());
                if (field.getKey().equals("ports") && value instanceof ArrayNode ports) {
                    List<JsonNode> sorted = new ArrayList<>();
                    ports.forEach(sorted::add);
                    sorted.sort(Comparator.comparing(port -> port.path("name").asText()));
                    ports.removeAll();
                    ports.addAll(sorted);
                }
            });
        } else if (node instanceof ArrayNode array) {
            array.forEach(KubernetesManifestIT::inNameOrder);
        }
        return node;
    }
}
