package dev.inboxes.api.account;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.inboxes.api.paging.PageFields;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.domain.account.ApiKey;
import dev.inboxes.domain.paging.Page;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

@Schema(name = "ApiKeyPage", description = "One page of the account's API keys, newest first.",
        properties = @SchemaProperty(name = "total", examples = "2"))
public record ApiKeyPage(@Schema(description = PagingDocs.DATA, required = true) List<ApiKeyResponse> data,
        @JsonUnwrapped PageFields paging) {

    ApiKeyPage(Page<ApiKey> page) {
        this(page.items().stream().map(ApiKeyResponse::fromDomain).toList(), PageFields.of(page));
    }
}
