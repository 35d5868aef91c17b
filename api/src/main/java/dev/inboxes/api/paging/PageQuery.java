package dev.inboxes.api.paging;

import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The query parameters of every list, {@code limit} and {@code cursor}: declared and documented once. */
public class PageQuery {

    @Parameter(description = PagingDocs.LIMIT, schema = @Schema(type = SchemaType.INTEGER,
            minimum = PagingDocs.LIMIT_MINIMUM, maximum = PagingDocs.LIMIT_MAXIMUM,
            defaultValue = PagingDocs.LIMIT_DEFAULT))
    @QueryParam("limit")
    String limit;

    @Parameter(description = PagingDocs.CURSOR_PARAMETER)
    @QueryParam("cursor")
    String cursor;

    /** The page asked for, within what programs may ask for. */
    public PageRequest request() {
        return PageRequest.parse(limit, cursor, PageLimits.PROGRAMS);
    }
}
