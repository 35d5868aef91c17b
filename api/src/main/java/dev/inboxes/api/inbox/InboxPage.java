package dev.inboxes.api.inbox;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.inboxes.api.paging.PageFields;
import dev.inboxes.api.paging.PagingDocs;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

@Schema(name = "InboxPage", description = "One page of inboxes, newest first.",
        properties = @SchemaProperty(name = "total", examples = "3219"))
public record InboxPage(@Schema(description = PagingDocs.DATA, required = true) List<InboxResponse> data,
        @JsonUnwrapped PageFields paging) {
}
