package dev.inboxes.mcp.protocol;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class of tools: a failure the caller can act on becomes a tool error ({@code isError: true}) whose text
 * says what to do, never a protocol error the agent cannot read (see {@link AgentErrorsInterceptor}); for a resource
 * template, a JSON-RPC error with that text. The tools themselves only throw the domain's exceptions.
 */
@InterceptorBinding
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface AgentErrors {
}
