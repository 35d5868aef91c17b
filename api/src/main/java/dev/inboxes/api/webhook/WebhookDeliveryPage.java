package dev.inboxes.api.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.webhook.WebhookAttempt;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "WebhookDeliveryPage", description = "One page of deliveries, newest first.")
public record WebhookDeliveryPage(
        @Schema(description = PagingDocs.DATA, required = true) List<WebhookAttemptResponse> data,
        @Schema(description = PagingDocs.CURSOR, required = true, nullable = true) String cursor,
        @JsonProperty("has_more") @Schema(description = PagingDocs.HAS_MORE, required = true) boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL, examples = "2") Long total,
        @JsonProperty("total_exact") @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = PagingDocs.TOTAL_EXACT, examples = "false") Boolean totalExact) {

    static WebhookDeliveryPage fromDomain(Page<WebhookAttempt> page) {
        return new WebhookDeliveryPage(page.items().stream().map(WebhookAttemptResponse::fromDomain).toList(), page.nextCursor(),
                page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
    }
}
