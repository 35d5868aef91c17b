package dev.inboxes.mcp.protocol;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field of a tool's result that is null on some path (a wait that timed out has no message), so that its
 * output schema says so ({@link NullableOutputSchema}). A generated schema knows no nulls: a client that validates
 * after {@code tools/list}, as hosts do, would reject exactly that result.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface MayBeNull {
}
