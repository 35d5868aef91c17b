package dev.inboxes.persistence.shared;

import dev.inboxes.domain.shared.StoreUnavailableException;
import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/**
 * Turns a database outage into {@link StoreUnavailableException} at the edge of every store. It runs
 * outermost, around the cache (priority 2) and the transaction (200), so a commit that fails because the
 * connection was lost is classified too.
 */
@StoreOperation
@Interceptor
@Priority(StoreOutageInterceptor.OUTERMOST)
public class StoreOutageInterceptor {

    static final int OUTERMOST = Interceptor.Priority.PLATFORM_BEFORE + 1;

    @AroundInvoke
    Object classifyOutages(InvocationContext call) throws Exception {
        try {
            return call.proceed();
        } catch (Exception e) {
            // Checked ones too: a commit that loses its connection is a jakarta.transaction.RollbackException.
            if (e instanceof StoreUnavailableException || !Outages.isDatabaseOutage(e)) {
                throw e;
            }
            throw new StoreUnavailableException(e);
        }
    }
}
