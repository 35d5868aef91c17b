package dev.inboxes.smtp.out;

import java.time.Duration;
import java.util.Optional;

/** Relay settings for tests, with short timeouts. */
record TestRelayConfig(Optional<String> host, int port, Optional<String> username, Optional<String> password,
                       Tls tls, Optional<String> tlsConfiguration, Duration connectTimeout, Duration readTimeout,
                       Optional<String> heloName) implements RelayConfig {

    static TestRelayConfig plain(int port) {
        return new TestRelayConfig(Optional.of("127.0.0.1"), port, Optional.empty(), Optional.empty(), Tls.NONE,
                Optional.empty(), Duration.ofSeconds(2), Duration.ofSeconds(2), Optional.of("out.inboxes.test"));
    }

    TestRelayConfig login(String user, String secret) {
        return new TestRelayConfig(host, port, Optional.of(user), Optional.of(secret), tls, tlsConfiguration,
                connectTimeout, readTimeout, heloName);
    }

    TestRelayConfig tls(Tls mode) {
        return new TestRelayConfig(host, port, username, password, mode, tlsConfiguration, connectTimeout,
                readTimeout, heloName);
    }

    TestRelayConfig host(String name) {
        return new TestRelayConfig(Optional.of(name), port, username, password, tls, tlsConfiguration,
                connectTimeout, readTimeout, heloName);
    }

    TestRelayConfig readTimeout(Duration timeout) {
        return new TestRelayConfig(host, port, username, password, tls, tlsConfiguration, connectTimeout, timeout,
                heloName);
    }

    TestRelayConfig noHost() {
        return new TestRelayConfig(Optional.empty(), port, username, password, tls, tlsConfiguration,
                connectTimeout, readTimeout, heloName);
    }
}
