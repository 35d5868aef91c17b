package dev.inboxes.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.api.http.HttpLimitsConfig;
import dev.inboxes.app.config.InboxesConfig;
import dev.inboxes.smtp.SmtpConfig;
import dev.inboxes.smtp.out.MxConfig;
import dev.inboxes.smtp.out.RelayConfig;
import dev.inboxes.mcp.session.McpSessionsConfig;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** docs/configuration.md lists exactly the service's own settings (every {@code inboxes.*} mapping), with their defaults. */
class ConfigurationDocTest {

    /** Each module declares its own settings; together they are everything under {@code inboxes.*}. */
    private static final List<Class<?>> MAPPINGS = List.of(InboxesConfig.class, HttpLimitsConfig.class,
            McpSessionsConfig.class, SmtpConfig.class, RelayConfig.class, MxConfig.class);

    private static final Pattern ROW = Pattern.compile("^\\| `(inboxes\\.[a-z.-]+)` \\| `([A-Z_]+)` \\| ([^|]+) \\|", Pattern.MULTILINE);

    @Test
    void everySettingIsDocumentedWithItsDefaultAndNothingElseIs() throws IOException {
        Map<String, String> declared = new LinkedHashMap<>();
        for (Class<?> mapping : MAPPINGS) {
            collect(mapping, mapping, mapping.getAnnotation(ConfigMapping.class).prefix(), declared);
        }
        Map<String, String> documented = new LinkedHashMap<>();
        Matcher row = ROW.matcher(Files.readString(Path.of("..", "docs", "configuration.md")));
        while (row.find()) {
            assertThat(row.group(2)).as("environment name of %s", row.group(1))
                    .isEqualTo(row.group(1).toUpperCase().replace('.', '_').replace('-', '_'));
            documented.put(row.group(1), row.group(3).trim());
        }

        assertThat(documented.keySet()).containsExactlyInAnyOrderElementsOf(declared.keySet());
        declared.forEach((property, defaultValue) -> assertThat(documented.get(property)).as(property)
                .isEqualTo(defaultValue == null ? "(none)" : "`" + defaultValue + "`"));
    }

    private static void collect(Class<?> root, Class<?> mapping, String prefix, Map<String, String> into) {
        Set<Method> methods = Set.of(mapping.getDeclaredMethods()).stream()
                .filter(method -> method.getParameterCount() == 0 && !method.isDefault() && !method.isSynthetic())
                .collect(Collectors.toSet());
        for (Method method : methods) {
            String name = prefix + "." + method.getName().replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase();
            if (method.getReturnType().isInterface() && method.getReturnType().getEnclosingClass() == root) {
                collect(root, method.getReturnType(), name, into);
            } else {
                WithDefault defaultValue = method.getAnnotation(WithDefault.class);
                into.put(name, defaultValue == null ? null : defaultValue.value());
            }
        }
    }
}
