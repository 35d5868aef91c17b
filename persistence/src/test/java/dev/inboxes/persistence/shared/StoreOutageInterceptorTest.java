package dev.inboxes.persistence.shared;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.shared.StoreUnavailableException;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.RollbackException;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class StoreOutageInterceptorTest {

    private static InvocationContext failingWith(Exception failure) {
        return (InvocationContext) Proxy.newProxyInstance(InvocationContext.class.getClassLoader(),
                new Class<?>[] {InvocationContext.class}, (proxy, method, arguments) -> {
                    if (method.getName().equals("proceed")) {
                        throw failure;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    /** What the transaction interceptor throws when PostgreSQL goes away during a commit: a checked exception. */
    @Test
    void aCommitThatLostItsConnectionIsAnOutage() {
        RollbackException rollback = new RollbackException("ARJUNA016053: Could not commit transaction.");
        rollback.addSuppressed(new Exception("Error trying to transactionCommit local transaction",
                new SQLException("FATAL: terminating connection due to administrator command", "57P01")));

        assertThatThrownBy(() -> new StoreOutageInterceptor().classifyOutages(failingWith(rollback)))
                .isInstanceOf(StoreUnavailableException.class).hasCause(rollback);
    }

    @Test
    void otherFailuresPassUnchanged() {
        RollbackException rollback = new RollbackException("marked for rollback");
        IllegalStateException bug = new IllegalStateException("bug");

        assertThatThrownBy(() -> new StoreOutageInterceptor().classifyOutages(failingWith(rollback))).isSameAs(rollback);
        assertThatThrownBy(() -> new StoreOutageInterceptor().classifyOutages(failingWith(bug))).isSameAs(bug);
    }
}
