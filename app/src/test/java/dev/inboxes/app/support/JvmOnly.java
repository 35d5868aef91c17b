package dev.inboxes.app.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An integration test (or test method) that needs the JVM build and is skipped, with its reason, when the
 * integration tests run the native executable ({@link AppProcess#isNative()}).
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(JvmOnly.Condition.class)
public @interface JvmOnly {

    /** Why the native executable cannot be tested this way. */
    String value();

    final class Condition implements ExecutionCondition {

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            JvmOnly jvmOnly = context.getElement().map(element -> element.getAnnotation(JvmOnly.class)).orElse(null);
            if (jvmOnly == null || !AppProcess.isNative()) {
                return ConditionEvaluationResult.enabled("the integration tests run the jar");
            }
            return ConditionEvaluationResult.disabled("JVM build only: " + jvmOnly.value());
        }
    }
}
