package dev.inboxes.api.problem;

import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The REST routes and their methods, read once from the JAX-RS resources themselves (the beans annotated
 * {@code @Path}), so a known path asked with another method gets a 405 with {@code Allow} listing exactly that
 * path's methods. JAX-RS knows this only within one resource class: when two classes share a prefix
 * ({@code /v1/inboxes} and {@code /v1/inboxes/{inbox_id}/messages}) it answers 404, and its 405 has no {@code Allow}.
 * Resource classes are registered for reflection so that a native image reads the same routes.
 */
@Singleton
public class KnownRoutes {

    private static final Pattern MATRIX_PARAMETERS = Pattern.compile(";[^/]*");
    private static final Pattern PARAMETER = Pattern.compile("\\{\\s*\\w[\\w.-]*\\s*(?::\\s*((?:[^{}]|\\{[^{}]*})+))?}");

    private final List<Route> routes;

    @Inject
    KnownRoutes(BeanManager beans) {
        Map<String, Set<String>> methodsByTemplate = new LinkedHashMap<>();
        for (Bean<?> bean : beans.getBeans(Object.class, Any.Literal.INSTANCE)) {
            Class<?> resource = bean.getBeanClass();
            Path classPath = resource.getAnnotation(Path.class);
            if (classPath == null) {
                continue;
            }
            for (Method method : resource.getMethods()) {
                String httpMethod = httpMethodOf(method);
                if (httpMethod != null) {
                    Path methodPath = method.getAnnotation(Path.class);
                    String template = join(classPath.value(), methodPath == null ? "" : methodPath.value());
                    methodsByTemplate.computeIfAbsent(template, t -> new TreeSet<>()).add(httpMethod);
                }
            }
        }
        List<Route> found = new ArrayList<>();
        methodsByTemplate.forEach((template, methods) -> found.add(new Route(template, pattern(template),
                Collections.unmodifiableSet(methods))));
        this.routes = List.copyOf(found);
    }

    /** The methods of the route that {@code path} names, in alphabetical order; empty for an unknown path. */
    public Set<String> allowedMethods(String path) {
        String normalized = canonicalPath(path);
        Set<String> allowed = new TreeSet<>();
        for (Route route : routes) {
            if (route.pattern().matcher(normalized).matches()) {
                allowed.addAll(route.methods());
            }
        }
        return allowed;
    }

    /**
     * The template of the route that JAX-RS matches {@code path} to (e.g. {@code /v1/accounts} for
     * {@code /v1/accounts/} and {@code /v1/accounts;x=1}), for rules that depend on the route, never on the raw path.
     */
    public Optional<String> templateOf(String path) {
        String canonical = canonicalPath(path);
        for (Route route : routes) {
            if (route.pattern().matcher(canonical).matches()) {
                return Optional.of(route.template());
            }
        }
        return Optional.empty();
    }

    /**
     * A path as JAX-RS matches it: rooted, without matrix parameters ({@code ;name=value} in any segment) and
     * without a trailing slash. Give it the normalized path (percent-decoded unreserved characters, no dot segments).
     */
    public static String canonicalPath(String path) {
        String rooted = path.startsWith("/") ? path : "/" + path;
        String plain = rooted.indexOf(';') < 0 ? rooted : MATRIX_PARAMETERS.matcher(rooted).replaceAll("");
        return plain.length() > 1 && plain.endsWith("/") ? plain.substring(0, plain.length() - 1) : plain;
    }

    /** Every route template with its methods, for tests and documents. */
    public Map<String, Set<String>> routes() {
        Map<String, Set<String>> all = new LinkedHashMap<>();
        routes.forEach(route -> all.put(route.template(), route.methods()));
        return all;
    }

    private static String httpMethodOf(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod httpMethod = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (httpMethod != null) {
                return httpMethod.value();
            }
        }
        return null;
    }

    private static String join(String classPath, String methodPath) {
        String joined = ("/" + classPath + "/" + methodPath).replaceAll("/+", "/");
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }

    /** {@code {name}} matches one segment; {@code {name: regex}} its regex; the rest literally. */
    private static Pattern pattern(String template) {
        StringBuilder regex = new StringBuilder();
        Matcher parameter = PARAMETER.matcher(template);
        int at = 0;
        while (parameter.find()) {
            regex.append(Pattern.quote(template.substring(at, parameter.start())));
            regex.append('(').append(parameter.group(1) == null ? "[^/]+" : parameter.group(1).trim()).append(')');
            at = parameter.end();
        }
        regex.append(Pattern.quote(template.substring(at)));
        return Pattern.compile(regex.toString());
    }

    private record Route(String template, Pattern pattern, Set<String> methods) {
    }
}
