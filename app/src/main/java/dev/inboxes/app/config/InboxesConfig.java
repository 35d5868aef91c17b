package dev.inboxes.app.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Optional;

/** The service's own settings, under {@code inboxes.*} (environment: {@code INBOXES_*}). */
@ConfigMapping(prefix = "inboxes")
public interface InboxesConfig {

    /** Domain of every inbox address: {@code username@mail-domain}. */
    @WithDefault("inboxes.test")
    String mailDomain();

    /**
     * Directory for local state: the embedded PostgreSQL's data (when no JDBC URL is set) and the generated
     * cursor secret (when none is configured). Relative paths resolve against the working directory.
     */
    @WithDefault(".inboxes-data")
    String dataDir();

    /** Signing of page cursors. */
    Cursor cursor();

    /** Waits for a message ({@code wait_for_message}, {@code GET …/messages/wait}). */
    Waits waits();

    interface Cursor {

        /**
         * HMAC secret that signs new cursors, at least 32 characters. Every replica needs the same one. When
         * absent, a secret is generated once and kept in {@code data-dir/cursor-secret}.
         */
        Optional<String> secret();

        /**
         * Earlier secrets, still accepted when verifying cursors: after a rotation, walks in flight continue.
         * Remove one once its cursors no longer matter (they carry no expiry, so after a grace period).
         */
        Optional<List<String>> retiredSecrets();
    }

    interface Waits {

        /**
         * The most waits one account may have in progress on one replica; one more is refused ({@code 429}, a tool
         * error) until one of them returns.
         */
        @WithDefault("100")
        int maxPerAccount();

        /** The most waits one replica holds, all accounts together. */
        @WithDefault("10000")
        int maxTotal();
    }
}
