package dev.inboxes.mcp.session;

import io.vertx.ext.web.RoutingContext;

/**
 * How the MCP transport refuses an HTTP request before any JSON-RPC is exchanged: an RFC 9457 problem, written by
 * the assembly with the same problem types as the REST API (this adapter does not see the REST adapter).
 */
public interface McpTransportErrors {

    /** The transport-level refusals, each an HTTP status. */
    enum Refusal {
        /** 400: a header the transport needs is missing or invalid. */
        BAD_REQUEST,
        /** 404: no such session for this account, or no such path. */
        NOT_FOUND,
        /** 405: the method is not one of the transport's; the {@code Allow} header is set. */
        METHOD_NOT_ALLOWED,
        /** 406: the client does not accept what the transport answers. */
        NOT_ACCEPTABLE
    }

    /** Ends the response with the problem for this refusal and a detail that says what to do next. */
    void refuse(RoutingContext context, Refusal refusal, String detail);
}
