package dev.inboxes.api;

import dev.inboxes.api.paging.PageFields;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.problem.ProblemType;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.headers.Header;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Makes the document one that every mainstream generator turns into a working client, in one place rather than
 * on each route:
 * <ul>
 *     <li>every operation declares the statuses the HTTP layer can answer for it (401 when it needs a key, 406,
 *     408, 413 and 415 when it takes a body, 429 and 503 with {@code Retry-After}, 500), each an RFC 9457 problem, so
 *     generated clients get typed errors; the resources declare the statuses of their own logic (400, 404, 409,
 *     422) by status and description alone, and get the same problem body;</li>
 *     <li>responses are listed by status, success first;</li>
 *     <li>every paged list (an operation taking a cursor) declares the {@code Link} header of its page, and a page's
 *     schema lists its properties in the order the body is written;</li>
 *     <li>nullable values are written {@code anyOf: [{…}, {"type": "null"}]}, not as the type array
 *     {@code ["string", "null"]} that several tools flag as unportable.</li>
 * </ul>
 * The {@code servers} entry comes from {@code quarkus.smallrye-openapi.servers}, applied when the app starts.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class OpenApiPortability implements OASFilter {

    private static final String PROBLEM_JSON = ProblemType.MEDIA_TYPE.toString();
    private static final String PROBLEM_SCHEMA = "#/components/schemas/" + Problem.class.getSimpleName();
    private static final String RESPONSES = "#/components/responses/";

    /** Reusable responses, by component name; the operations refer to them. */
    private enum Standard {
        UNAUTHORIZED("Unauthorized", ProblemType.UNAUTHORIZED.status(),
                "Missing or invalid API key. Send Authorization: Bearer <api_key>; POST /v1/accounts returns one."),
        METHOD_NOT_ALLOWED("MethodNotAllowed", ProblemType.METHOD_NOT_ALLOWED.status(),
                "The path has no operation for this method (sent for methods not listed here, never for a listed "
                        + "operation). The Allow header lists the methods it has."),
        NOT_ACCEPTABLE("NotAcceptable", ProblemType.NOT_ACCEPTABLE.status(),
                "Accept excludes JSON. Send Accept: application/json; application/problem+json or */* work too."),
        PAYLOAD_TOO_LARGE("PayloadTooLarge", ProblemType.PAYLOAD_TOO_LARGE.status(),
                "The body is larger than the server accepts; the detail states the limit."),
        UNSUPPORTED_MEDIA_TYPE("UnsupportedMediaType", ProblemType.UNSUPPORTED_MEDIA_TYPE.status(),
                "The body is not sent as JSON. Send it with Content-Type: application/json."),
        REQUEST_TIMEOUT("RequestTimeout", ProblemType.REQUEST_TIMEOUT.status(),
                "The body did not arrive in time after the headers; the connection is closed. Send it again, whole."),
        TOO_MANY_REQUESTS("TooManyRequests", ProblemType.RATE_LIMITED.status(),
                "Rate limited (per account, and per client address; sign-ups strictest), or too many connections open "
                        + "from this client address. Wait the Retry-After seconds, then retry."),
        INTERNAL_ERROR("InternalError", ProblemType.INTERNAL_ERROR.status(),
                "Unexpected failure. Retry later; a create is safe to retry with the same Idempotency-Key."),
        UNAVAILABLE("Unavailable", ProblemType.UNAVAILABLE.status(),
                "The service cannot reach its database right now. Wait the Retry-After seconds, then retry.");

        final String component;
        final int status;
        final String description;

        Standard(String component, int status, String description) {
            this.component = component;
            this.status = status;
            this.description = description;
        }

        APIResponse reference() {
            return OASFactory.createAPIResponse().ref(RESPONSES + component);
        }
    }

    private static final Set<String> ANNOTATION_KEYWORDS =
            Set.of("description", "examples", "example", "default", "title", "deprecated", "readOnly", "writeOnly");

    @Override
    public Schema filterSchema(Schema schema) {
        List<SchemaType> types = schema.getType();
        if (types == null || types.size() < 2 || !types.contains(SchemaType.NULL)) {
            return schema;
        }
        // {"type": ["string", "null"], "description": …} -> {"anyOf": [{"type": "string"}, {"type": "null"}], "description": …}
        Map<String, Object> outer = new LinkedHashMap<>();
        Map<String, Object> inner = new LinkedHashMap<>();
        schema.getAll().forEach((keyword, value) -> (ANNOTATION_KEYWORDS.contains(keyword) ? outer : inner).put(keyword, value));
        Schema value = OASFactory.createSchema();
        value.setAll(inner);
        value.setType(types.stream().filter(type -> type != SchemaType.NULL).toList());
        schema.setAll(outer);
        schema.setAnyOf(List.of(value, OASFactory.createSchema().addType(SchemaType.NULL)));
        return schema;
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Components components = openAPI.getComponents() == null ? OASFactory.createComponents() : openAPI.getComponents();
        for (Standard standard : Standard.values()) {
            components.addResponse(standard.component, problem(standard));
        }
        openAPI.setComponents(components);
        if (components.getSchemas() != null) {
            components.getSchemas().values().forEach(OpenApiPortability::orderPageProperties);
        }
        if (openAPI.getPaths() == null) {
            return;
        }
        for (PathItem path : openAPI.getPaths().getPathItems().values()) {
            for (Operation operation : path.getOperations().values()) {
                declareNextLink(operation);
                declareStandardResponses(operation);
            }
        }
    }

    /**
     * A page's schema reads as its body is written (data, cursor, has_more, total, total_exact): SmallRye lists the
     * properties of the page's own {@code @Schema} (its example total) and of its {@code @JsonUnwrapped}
     * {@link PageFields} in the order it met them.
     */
    private static void orderPageProperties(Schema schema) {
        Map<String, Schema> properties = schema.getProperties();
        if (properties == null || !properties.keySet().equals(Set.copyOf(PageFields.PAGE_PROPERTIES))) {
            return;
        }
        Map<String, Schema> ordered = new LinkedHashMap<>();
        PageFields.PAGE_PROPERTIES.forEach(name -> ordered.put(name, properties.get(name)));
        schema.setProperties(ordered);
        List<String> required = schema.getRequired();
        schema.setRequired(PageFields.PAGE_PROPERTIES.stream().filter(required::contains).toList());
    }

    /** A paged list (an operation taking a cursor) answers its page with the link to the next one. */
    private static void declareNextLink(Operation operation) {
        boolean paged = operation.getParameters() != null && operation.getParameters().stream()
                .anyMatch(parameter -> parameter.getIn() == Parameter.In.QUERY && "cursor".equals(parameter.getName()));
        APIResponse page = operation.getResponses() == null ? null : operation.getResponses().getAPIResponse("200");
        if (!paged || page == null) {
            return;
        }
        Content content = page.getContent();
        page.setContent(null); // set again after the header, so the document keeps its order: headers, then content
        page.addHeader("Link", OASFactory.createHeader().description(PagingDocs.NEXT_LINK)
                .schema(OASFactory.createSchema().addType(SchemaType.STRING)));
        page.setContent(content);
    }

    private static void declareStandardResponses(Operation operation) {
        List<Standard> applicable = new ArrayList<>();
        if (operation.getSecurity() != null && !operation.getSecurity().isEmpty()) {
            applicable.add(Standard.UNAUTHORIZED);
        }
        applicable.add(Standard.NOT_ACCEPTABLE);
        if (operation.getRequestBody() != null) {
            applicable.add(Standard.REQUEST_TIMEOUT);
            applicable.add(Standard.PAYLOAD_TOO_LARGE);
            applicable.add(Standard.UNSUPPORTED_MEDIA_TYPE);
        }
        applicable.add(Standard.TOO_MANY_REQUESTS);
        applicable.add(Standard.INTERNAL_ERROR);
        applicable.add(Standard.UNAVAILABLE);

        Map<String, APIResponse> responses = new TreeMap<>(); // by status: "200" < "400" < "503"
        if (operation.getResponses() != null) {
            responses.putAll(operation.getResponses().getAPIResponses());
        }
        responses.forEach((status, response) -> {
            if (isError(status) && response.getRef() == null && response.getContent() == null) {
                response.setContent(problemContent());
            }
        });
        for (Standard standard : applicable) {
            responses.putIfAbsent(String.valueOf(standard.status), standard.reference());
        }
        APIResponses sorted = OASFactory.createAPIResponses();
        responses.forEach(sorted::addAPIResponse);
        operation.setResponses(sorted);
    }

    private static boolean isError(String status) {
        return status.length() == 3 && (status.charAt(0) == '4' || status.charAt(0) == '5');
    }

    /** Every error is an RFC 9457 problem. */
    private static Content problemContent() {
        return OASFactory.createContent().addMediaType(PROBLEM_JSON, OASFactory.createMediaType()
                .schema(OASFactory.createSchema().ref(PROBLEM_SCHEMA)));
    }

    private static APIResponse problem(Standard standard) {
        APIResponse response = OASFactory.createAPIResponse().description(standard.description)
                .content(problemContent());
        if (standard == Standard.TOO_MANY_REQUESTS || standard == Standard.UNAVAILABLE) {
            response.addHeader("Retry-After", retryAfter());
        }
        if (standard == Standard.METHOD_NOT_ALLOWED) {
            response.addHeader("Allow", OASFactory.createHeader().description("The methods this path has.")
                    .schema(OASFactory.createSchema().addType(SchemaType.STRING)));
        }
        if (standard == Standard.UNAUTHORIZED) {
            response.addHeader("WWW-Authenticate", OASFactory.createHeader().description("Bearer realm=\"inboxes\".")
                    .schema(OASFactory.createSchema().addType(SchemaType.STRING)));
        }
        return response;
    }

    private static Header retryAfter() {
        return OASFactory.createHeader().description("Seconds to wait before retrying.")
                .schema(OASFactory.createSchema().addType(SchemaType.INTEGER).minimum(BigDecimal.ZERO));
    }
}
