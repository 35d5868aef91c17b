package dev.inboxes.api.paging;

import dev.inboxes.domain.paging.Page;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import org.jboss.resteasy.reactive.RestResponse;

/** A page as an HTTP response: the body, and a {@code Link: <…>; rel="next"} header when there is more. */
public final class PageResponses {

    private PageResponses() {
    }

    /** Typed, so the JSON writer is the one generated at build time for {@code T}. */
    public static <T> RestResponse<T> ok(Page<?> page, T body, UriInfo uriInfo) {
        RestResponse.ResponseBuilder<T> response = RestResponse.ResponseBuilder.ok(body);
        if (page.hasMore()) {
            response.header(HttpHeaders.LINK, "<" + nextPage(uriInfo.getRequestUri(), page.nextCursor()) + ">; rel=\"next\"");
        }
        return response.build();
    }

    /**
     * The request's own URL with {@code cursor} replaced. Built as text: the other parameters keep their
     * original encoding, and the cursor is URL-safe already (cheaper than a UriBuilder on every page).
     */
    static String nextPage(URI request, String cursor) {
        StringBuilder next = new StringBuilder(256).append(request.getScheme()).append("://")
                .append(request.getRawAuthority()).append(request.getRawPath()).append('?');
        String query = request.getRawQuery();
        if (query != null) {
            for (String parameter : query.split("&")) {
                if (!parameter.isEmpty() && !parameter.startsWith("cursor=") && !parameter.equals("cursor")) {
                    next.append(parameter).append('&');
                }
            }
        }
        return next.append("cursor=").append(cursor).toString();
    }
}
