package dev.inboxes.persistence.shared;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a store: every call reports a database outage as the domain's {@code StoreUnavailableException}, so
 * the adapters never look at JDBC exceptions (see {@link StoreOutageInterceptor}).
 */
@InterceptorBinding
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface StoreOperation {
}
