package dev.inboxes.api.account;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.inboxes.api.paging.PageFields;
import dev.inboxes.api.paging.PagingDocs;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

@Schema(name = "ApiKeyPage", description = "One page of the account's API keys, newest first.",
        properties = @SchemaProperty(name = "total", examples = "2"))
public record ApiKeyPage(@Schema(description = PagingDocs.DATA, required = true) List<ApiKeyResponse> data,
        @JsonUnwrapped PageFields paging) {
}
