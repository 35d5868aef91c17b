package dev.inboxes.api.limits;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.headers.Header;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Declares the 429 of {@link RateLimits} on every operation under {@code /v1}, since every one of them can answer
 * it: written once here rather than on each resource.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class RateLimitDocs implements OASFilter {

    static final String DESCRIPTION = "Too many requests from this account or client address (limits are per "
            + "replica). Nothing was done: retry after Retry-After seconds.";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            if (path.startsWith("/v1/")) {
                item.getOperations().values().forEach(operation -> operation.getResponses()
                        .addAPIResponse("429", tooManyRequests()));
            }
        });
    }

    private static APIResponse tooManyRequests() {
        Header retryAfter = OASFactory.createHeader()
                .description("Seconds to wait before sending the request again.")
                .schema(OASFactory.createSchema().addType(Schema.SchemaType.INTEGER));
        Content problem = OASFactory.createContent().addMediaType("application/problem+json",
                OASFactory.createMediaType().schema(OASFactory.createSchema().ref("#/components/schemas/Problem")));
        return OASFactory.createAPIResponse().description(DESCRIPTION).addHeader("Retry-After", retryAfter).content(problem);
    }
}
