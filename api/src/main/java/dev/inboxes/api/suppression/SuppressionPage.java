package dev.inboxes.api.suppression;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.outbound.Suppression;
import dev.inboxes.domain.paging.Page;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "SuppressionPage", description = "One page of the account's suppressed addresses, newest first.")
public record SuppressionPage(
        @Schema(description = PagingDocs.DATA, required = true) List<SuppressionResponse> data,
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL, examples = "3") Long total,
        @JsonProperty("total_exact") @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL_EXACT, examples = "false") Boolean totalExact) {

    static SuppressionPage fromDomain(Page<Suppression> page) {
        return new SuppressionPage(page.items().stream().map(SuppressionResponse::fromDomain).toList(),
                page.nextCursor(), page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
    }
}
