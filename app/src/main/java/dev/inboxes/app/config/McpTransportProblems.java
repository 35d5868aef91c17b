package dev.inboxes.app.config;

import dev.inboxes.api.problem.ProblemType;
import dev.inboxes.mcp.session.McpTransportErrors;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;

/** The MCP transport's refusals as the same RFC 9457 problems the REST API sends. */
@Singleton
public class McpTransportProblems implements McpTransportErrors {

    @Override
    public void refuse(RoutingContext context, Refusal refusal, String detail) {
        ProblemType type = switch (refusal) {
            case BAD_REQUEST -> ProblemType.INVALID_REQUEST;
            case NOT_FOUND -> ProblemType.NOT_FOUND;
            case METHOD_NOT_ALLOWED -> ProblemType.METHOD_NOT_ALLOWED;
            case NOT_ACCEPTABLE -> ProblemType.NOT_ACCEPTABLE;
        };
        type.end(context.response(), detail);
    }
}
