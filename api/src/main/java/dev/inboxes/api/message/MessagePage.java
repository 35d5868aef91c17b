package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.inboxes.api.paging.PageFields;
import dev.inboxes.api.paging.PagingDocs;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

@Schema(name = "MessagePage", description = "One page of an inbox's messages, newest first.",
        properties = @SchemaProperty(name = "total", examples = "12"))
public record MessagePage(@Schema(description = PagingDocs.DATA, required = true) List<MessageResponse> data,
        @JsonUnwrapped PageFields paging) {
}
