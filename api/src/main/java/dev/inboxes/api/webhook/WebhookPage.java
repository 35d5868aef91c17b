package dev.inboxes.api.webhook;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.inboxes.api.paging.PageFields;
import dev.inboxes.api.paging.PagingDocs;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

@Schema(name = "WebhookPage", description = "One page of webhooks, newest first.",
        properties = @SchemaProperty(name = "total", examples = "2"))
public record WebhookPage(@Schema(description = PagingDocs.DATA, required = true) List<WebhookResponse> data,
        @JsonUnwrapped PageFields paging) {
}
