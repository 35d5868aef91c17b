package dev.inboxes.mcp.protocol;

import dev.inboxes.domain.shared.DomainException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.StoreUnavailableException;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.ResourceTemplate;
import io.quarkiverse.mcp.server.ToolCallException;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.util.concurrent.CompletionException;

/**
 * The one place where a tool's failure becomes what the agent reads: a domain refusal (a bad argument, a missing
 * inbox, a conflict) is a tool error with the domain's own sentence, a database outage one that says to wait and
 * call again. A resource read has no tool error: its failure is a JSON-RPC error with the same sentence, {@code
 * -32002} for what is not found (another account's included) and {@code -32602} for any other refusal. Whatever else fails stays a failure (the library answers it as an internal error). A tool that returns
 * a {@link Uni} has its later failure mapped the same way. The library's {@code @WrapBusinessError} would prefix the
 * exception's class name to the sentence.
 */
@AgentErrors
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_AFTER)
public class AgentErrorsInterceptor {

    /** What an agent is told when the database is away. */
    public static final String UNAVAILABLE = "The service's database is unavailable right now. Wait a few seconds "
            + "and call the tool again with the same arguments.";

    /** What an agent is told when the database is away during a resource read. */
    public static final String UNAVAILABLE_READ = "The service's database is unavailable right now. Wait a few "
            + "seconds and read the resource again.";

    @AroundInvoke
    Object asToolErrors(InvocationContext call) throws Exception {
        Object result;
        try {
            result = call.proceed();
        } catch (RuntimeException e) {
            throw call.getMethod().isAnnotationPresent(ResourceTemplate.class) ? readError(e) : toolError(e);
        }
        if (result instanceof Uni<?> later) {
            return later.onFailure().transform(AgentErrorsInterceptor::toolError);
        }
        return result;
    }

    /** The tool error an agent reads for {@code failure}, or {@code failure} itself when it is none of theirs. */
    static RuntimeException toolError(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof DomainException refused) {
            return new ToolCallException(refused.getMessage());
        }
        if (cause instanceof StoreUnavailableException outage) {
            return new ToolCallException(UNAVAILABLE, outage);
        }
        return failure instanceof RuntimeException unchecked ? unchecked : new CompletionException(failure);
    }

    /** The JSON-RPC error of a resource read for {@code failure}, or {@code failure} itself when it is none of theirs. */
    static RuntimeException readError(RuntimeException failure) {
        if (failure instanceof NotFoundException missing) {
            return new McpException(missing.getMessage(), JsonRpcErrorCodes.RESOURCE_NOT_FOUND);
        }
        if (failure instanceof DomainException refused) {
            return new McpException(refused.getMessage(), JsonRpcErrorCodes.INVALID_PARAMS);
        }
        if (failure instanceof StoreUnavailableException outage) {
            return new McpException(UNAVAILABLE_READ, outage, JsonRpcErrorCodes.INTERNAL_ERROR);
        }
        return failure;
    }
}
