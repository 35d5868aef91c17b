package dev.inboxes.smtp.out;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** MX settings for tests: loopback DNS servers, the exchangers' port on loopback, short timeouts. */
record TestMxConfig(Optional<List<String>> dnsServers, int port, Duration dnsTimeout, Duration connectTimeout,
                    Duration readTimeout, Optional<String> heloName, Starttls starttls) implements MxConfig {

    static TestMxConfig asking(LoopbackDnsServer dns, int port) {
        return new TestMxConfig(Optional.of(List.of(dns.address())), port, Duration.ofSeconds(2),
                Duration.ofSeconds(2), Duration.ofSeconds(2), Optional.of("out.inboxes.test"), Starttls.OPPORTUNISTIC);
    }

    /** Asking the servers in this order. */
    static TestMxConfig asking(List<LoopbackDnsServer> servers, int port) {
        return new TestMxConfig(Optional.of(servers.stream().map(LoopbackDnsServer::address).toList()), port,
                Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2), Optional.of("out.inboxes.test"),
                Starttls.OPPORTUNISTIC);
    }

    TestMxConfig dnsTimeout(Duration timeout) {
        return new TestMxConfig(dnsServers, port, timeout, connectTimeout, readTimeout, heloName, starttls);
    }

    TestMxConfig starttls(Starttls mode) {
        return new TestMxConfig(dnsServers, port, dnsTimeout, connectTimeout, readTimeout, heloName, mode);
    }
}
