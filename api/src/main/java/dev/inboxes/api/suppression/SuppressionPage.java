package dev.inboxes.api.suppression;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.inboxes.api.paging.PageFields;
import dev.inboxes.api.paging.PagingDocs;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

@Schema(name = "SuppressionPage", description = "One page of the account's suppressed addresses, newest first.",
        properties = @SchemaProperty(name = "total", examples = "3"))
public record SuppressionPage(@Schema(description = PagingDocs.DATA, required = true) List<SuppressionResponse> data,
        @JsonUnwrapped PageFields paging) {
}
