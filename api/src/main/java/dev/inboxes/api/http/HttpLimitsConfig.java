package dev.inboxes.api.http;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** What one client may cost the HTTP server, under {@code inboxes.http.*} (environment: {@code INBOXES_HTTP_*}). */
@ConfigMapping(prefix = "inboxes.http")
public interface HttpLimitsConfig {

    /**
     * The longest a request body may take to arrive, from the end of its headers. A body still incomplete then is
     * answered {@code 408} and its connection closed: a client that trickles its body in cannot keep a request open.
     */
    @WithDefault("15S")
    Duration bodyDeadline();

    /**
     * The longest a request head (request line and headers) may take to arrive: from the accept for a connection's
     * first request, from its first byte for the next ones. A head still incomplete then is answered {@code 408} and
     * its connection closed, like nginx's {@code client_header_timeout}.
     */
    @WithDefault("5S")
    Duration headDeadline();

    /**
     * The most connections one client address may hold open at once, counted from the TCP accept; one more is
     * answered {@code 429} at once and closed. Behind a reverse proxy every client has the proxy's address: raise it
     * there.
     */
    @WithDefault("100")
    int connectionsPerAddress();

    /**
     * The most waits for a message over REST ({@code GET …/messages/wait}) one client address may have in progress on
     * one replica, below {@link #connectionsPerAddress()} so that the address keeps connections for other requests;
     * one more is answered {@code 429} {@code too-many-waits}.
     */
    @WithDefault("50")
    int waitsPerAddress();

    /**
     * The most request-body bytes buffered at once, all connections together (a body counts from before it is read
     * until its response ends, with its declared length, or {@code quarkus.http.limits.max-body-size} when chunked).
     * A body that does not fit is answered {@code 503} with {@code Retry-After}, dropped unbuffered, and its connection
     * closed.
     */
    @WithDefault("64M")
    MemorySize bodyBudget();

    /**
     * The largest request body of every route but the mail-out ones (send, reply, forward), whose attachments may
     * take them up to {@code quarkus.http.limits.max-body-size}. A body declared larger is answered {@code 413} before
     * it is read; a chunked one is cut off at the limit.
     */
    @WithDefault("1M")
    MemorySize maxBodySize();
}
