package dev.inboxes.api.paging;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.paging.Page;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What every list's page says besides its rows, written and documented once; a page record carries it
 * {@code @JsonUnwrapped} after its {@code data}, so the body and each list's schema read as one flat object.
 */
public record PageFields(
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = PagingDocs.TOTAL) Long total,
        @JsonProperty("total_exact") @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL_EXACT, examples = "false") Boolean totalExact) {

    /** A page's properties in the order they are written; the OpenAPI document lists them so too. */
    public static final List<String> PAGE_PROPERTIES = List.of("data", "cursor", "has_more", "total", "total_exact");

    public static PageFields of(Page<?> page) {
        return new PageFields(page.nextCursor(), page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
    }
}
