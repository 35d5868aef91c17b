package dev.inboxes.api.http;

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
     * The most connections one client address may hold open at once; a request on one more is answered {@code 429}
     * and its connection closed. Behind a reverse proxy every client has the proxy's address: raise it there.
     */
    @WithDefault("100")
    int connectionsPerAddress();
}
