package dev.inboxes.api.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.account.ApiKey;
import dev.inboxes.domain.paging.Page;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "ApiKeyPage", description = "One page of the account's API keys, newest first.")
public record ApiKeyPage(
        @Schema(description = PagingDocs.DATA, required = true) List<ApiKeyResponse> data,
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL, examples = "2") Long total,
        @JsonProperty("total_exact") @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL_EXACT, examples = "false") Boolean totalExact) {

    static ApiKeyPage fromDomain(Page<ApiKey> page) {
        return new ApiKeyPage(page.items().stream().map(ApiKeyResponse::fromDomain).toList(), page.nextCursor(),
                page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
    }
}
