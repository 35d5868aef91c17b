package dev.inboxes.api.paging;

import dev.inboxes.domain.paging.Page;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** A page as an HTTP response: the body, and a {@code Link: <…>; rel="next"} header when there is more. */
public final class PageResponses {

    private PageResponses() {
    }

    public static Response ok(Page<?> page, Object body, UriInfo uriInfo) {
        Response.ResponseBuilder response = Response.ok(body);
        if (page.hasMore()) {
            response.link(uriInfo.getRequestUriBuilder().replaceQueryParam("cursor", page.nextCursor()).build(), "next");
        }
        return response.build();
    }
}
