package dev.inboxes.mcp;

import dev.inboxes.domain.shared.DomainException;
import dev.inboxes.domain.shared.StoreUnavailableException;
import io.quarkiverse.mcp.server.ToolCallException;
import java.util.function.Supplier;

/**
 * Runs a tool's work so that a failure the caller can act on becomes a tool error ({@code isError: true})
 * whose text says what to do, never a protocol error the agent cannot read.
 */
public final class ToolFailures {

    /** What an agent is told when the database is away. */
    public static final String UNAVAILABLE = "The service's database is unavailable right now. Wait a few seconds "
            + "and call the tool again with the same arguments.";

    private ToolFailures() {
    }

    public static <T> T asToolErrors(Supplier<T> work) {
        try {
            return work.get();
        } catch (DomainException e) {
            throw new ToolCallException(e.getMessage());
        } catch (StoreUnavailableException e) {
            throw new ToolCallException(UNAVAILABLE, e);
        }
    }
}
