package dev.inboxes.smtp;

import java.util.ArrayList;
import java.util.List;

/**
 * The servers a test opened (DNS servers, SMTP sinks), closed after it in the order they were opened: a field marked
 * {@code @AutoClose}.
 */
public final class OpenResources implements AutoCloseable {

    private final List<AutoCloseable> open = new ArrayList<>();

    /** Keeps {@code resource} to be closed after the test; returns it. */
    public <T extends AutoCloseable> T add(T resource) {
        open.add(resource);
        return resource;
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable resource : open) {
            resource.close();
        }
    }
}
