package dev.inboxes.api.paging;

import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The query parameters of every list, {@code limit} and {@code cursor}, declared and documented once, and the answer
 * of every list: the page's body with the link to the next page.
 */
public class PageQuery {

    @Parameter(description = PagingDocs.LIMIT, schema = @Schema(type = SchemaType.INTEGER,
            minimum = PagingDocs.LIMIT_MINIMUM, maximum = PagingDocs.LIMIT_MAXIMUM,
            defaultValue = PagingDocs.LIMIT_DEFAULT))
    @QueryParam("limit")
    String limit;

    @Parameter(description = PagingDocs.CURSOR_PARAMETER)
    @QueryParam("cursor")
    String cursor;

    @Context
    UriInfo uriInfo;

    /** The page asked for, within what programs may ask for. */
    public PageRequest request() {
        return PageRequest.parse(limit, cursor, PageLimits.PROGRAMS);
    }

    /** The page as the response: its body, and the {@code Link} to the next page when there is more. */
    public <D, T> RestResponse<T> respond(Page<D> page, Function<Page<D>, T> body) {
        return PageResponses.ok(page, body.apply(page), uriInfo);
    }

    /** The page as the response, its body made of its rows and its {@link PageFields}. */
    public <D, R, T> RestResponse<T> respond(Page<D> page, Function<? super D, R> row,
            BiFunction<List<R>, PageFields, T> body) {
        return respond(page, rows -> body.apply(rows.items().stream().<R>map(row).toList(), PageFields.of(rows)));
    }
}
