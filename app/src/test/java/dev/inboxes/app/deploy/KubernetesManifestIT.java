package dev.inboxes.app.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.io.IOException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
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
 * from the configuration (so neither drifts), the hand-written parts must fit them, every document must be a valid
 * object of the Kubernetes API (read into the fabric8 model, no field unknown to it), and the pods must be
 * admitted by the Pod Security "restricted" level.
 */
class KubernetesManifestIT {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path DEPLOY = Path.of("..", "deploy", "k8s");
    private static final int MANAGEMENT_PORT = 9000;
    /** The JVM build's resident memory after work, measured: 335-420 MB. */
    private static final long MEASURED_JVM_RESIDENT_BYTES = 420L * 1024 * 1024;
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final Map<String, Class<?>> KINDS = Map.of("Deployment", Deployment.class, "Service", Service.class,
            "ConfigMap", ConfigMap.class, "Secret", Secret.class, "PodDisruptionBudget", PodDisruptionBudget.class);
    private static final Set<String> RESTRICTED_VOLUME_TYPES = Set.of("configMap", "csi", "downwardAPI", "emptyDir",
            "ephemeral", "persistentVolumeClaim", "projected", "secret");

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

    @Test
    void everyDocumentIsAValidKubernetesObject() throws Exception {
        try (var files = Files.list(DEPLOY)) {
            for (Path file : files.filter(name -> name.toString().endsWith(".yml")).sorted().toList()) {
                for (JsonNode document : documents(file)) {
                    String kind = document.path("kind").asText();
                    assertThat(KINDS).as("%s: a kind this test knows", file).containsKey(kind);
                    Object object = STRICT.treeToValue(document, KINDS.get(kind));
                    assertThat(unknownFields(object, "", new IdentityHashMap<>())).as("%s: fields the %s schema does not "
                            + "have", file, kind).isEmpty();
                }
            }
        }
    }

    /** The rules of the Pod Security Standards' restricted profile (v1.25 and later) that a pod spec can break. */
    @Test
    void thePodsAreAdmittedByTheRestrictedPodSecurityLevel() throws Exception {
        Deployment deployment = STRICT.treeToValue(kind(documents(DEPLOY.resolve("inboxes.yml")), "Deployment"),
                Deployment.class);
        PodSpec pod = deployment.getSpec().getTemplate().getSpec();
        assertThat(pod.getHostNetwork()).isNotEqualTo(true);
        assertThat(pod.getHostPID()).isNotEqualTo(true);
        assertThat(pod.getHostIPC()).isNotEqualTo(true);
        for (Volume volume : pod.getVolumes()) {
            Map<String, Object> types = STRICT.convertValue(volume, Map.class);
            types.remove("name");
            assertThat(RESTRICTED_VOLUME_TYPES).as("volume %s", volume.getName()).containsAll(types.keySet());
        }
        List<Container> containers = new ArrayList<>(pod.getContainers());
        containers.addAll(pod.getInitContainers());
        for (Container container : containers) {
            var context = container.getSecurityContext();
            assertThat(context).as("%s: securityContext", container.getName()).isNotNull();
            assertThat(context.getPrivileged()).isNotEqualTo(true);
            assertThat(context.getAllowPrivilegeEscalation()).as("allowPrivilegeEscalation").isFalse();
            assertThat(context.getCapabilities().getDrop()).as("capabilities dropped").contains("ALL");
            assertThat(Objects.requireNonNullElse(context.getCapabilities().getAdd(), List.of()))
                    .as("capabilities added").isSubsetOf("NET_BIND_SERVICE");
            assertThat(Objects.requireNonNullElse(context.getRunAsNonRoot(), pod.getSecurityContext().getRunAsNonRoot()))
                    .as("runAsNonRoot").isTrue();
            assertThat(Objects.requireNonNullElse(context.getRunAsUser(), pod.getSecurityContext().getRunAsUser()))
                    .as("runAsUser").isNotEqualTo(0L);
            var seccomp = context.getSeccompProfile() != null ? context.getSeccompProfile()
                    : pod.getSecurityContext().getSeccompProfile();
            assertThat(seccomp).as("seccompProfile").isNotNull();
            assertThat(seccomp.getType()).isIn("RuntimeDefault", "Localhost");
            assertThat(container.getPorts()).allSatisfy(port -> assertThat(port.getHostPort()).as("hostPort").isNull());
            // Not required by the level, but by the image: it writes only to /tmp.
            assertThat(context.getReadOnlyRootFilesystem()).as("readOnlyRootFilesystem").isTrue();
            assertThat(container.getVolumeMounts()).anySatisfy(mount -> {
                assertThat(mount.getMountPath()).isEqualTo("/tmp");
                assertThat(pod.getVolumes()).anySatisfy(volume -> {
                    assertThat(volume.getName()).isEqualTo(mount.getName());
                    assertThat(volume.getEmptyDir()).isNotNull();
                });
            });
        }
        assertThat(pod.getSecurityContext().getSysctls()).isNullOrEmpty();
    }

    @Test
    void theMailDomainComesFromTheConfigMapAndTheMemoryRequestFitsTheJvm() throws Exception {
        Deployment deployment = STRICT.treeToValue(kind(documents(DEPLOY.resolve("inboxes.yml")), "Deployment"),
                Deployment.class);
        Container container = deployment.getSpec().getTemplate().getSpec().getContainers().get(0);
        ConfigMap config = STRICT.treeToValue(kind(documents(DEPLOY.resolve("config.yml")), "ConfigMap"), ConfigMap.class);
        var mailDomain = container.getEnv().stream().filter(variable -> variable.getName().equals("INBOXES_MAIL_DOMAIN"))
                .findFirst().orElseThrow(() -> new AssertionError("no INBOXES_MAIL_DOMAIN"))
                .getValueFrom().getConfigMapKeyRef();
        assertThat(mailDomain.getName()).isEqualTo(config.getMetadata().getName());
        assertThat(config.getData()).containsKey(mailDomain.getKey());

        Map<String, Quantity> requests = container.getResources().getRequests();
        Map<String, Quantity> limits = container.getResources().getLimits();
        assertThat(Quantity.getAmountInBytes(requests.get("memory"))).isGreaterThan(
                BigDecimal.valueOf(MEASURED_JVM_RESIDENT_BYTES));
        assertThat(Quantity.getAmountInBytes(limits.get("memory"))).isGreaterThan(
                Quantity.getAmountInBytes(requests.get("memory")));
        assertThat(container.getImage()).as("the image docs/deploy.md builds and pushes")
                .isEqualTo("ghcr.io/inboxes/inboxes:0.1.0");
        assertThat(Files.readString(Path.of("src", "main", "docker", "Dockerfile.jvm")))
                .contains("docker build -f app/src/main/docker/Dockerfile.jvm -t " + container.getImage() + " .")
                .contains("USER 185");
        assertThat(deployment.getSpec().getTemplate().getSpec().getSecurityContext().getRunAsUser()).isEqualTo(185L);
    }

    /** Fields the model did not know: each fabric8 object keeps them in its additional properties. */
    private static List<String> unknownFields(Object object, String path, Map<Object, Boolean> seen) throws Exception {
        List<String> unknown = new ArrayList<>();
        if (object == null || seen.put(object, true) != null) {
            return unknown;
        }
        if (object instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                unknown.addAll(unknownFields(item, path + "[" + i++ + "]", seen));
            }
            return unknown;
        }
        if (object instanceof Map<?, ?> entries) {
            for (Map.Entry<?, ?> entry : entries.entrySet()) {
                unknown.addAll(unknownFields(entry.getValue(), path + "." + entry.getKey(), seen));
            }
            return unknown;
        }
        if (!object.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            return unknown;
        }
        for (Method getter : object.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || !getter.getName().startsWith("get")
                    || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            Object value = getter.invoke(object);
            if (getter.getName().equals("getAdditionalProperties")) {
                ((Map<?, ?>) value).keySet().forEach(field -> unknown.add(path + "." + field));
            } else {
                unknown.addAll(unknownFields(value, path + "." + getter.getName().substring(3), seen));
            }
        }
        return unknown;
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
