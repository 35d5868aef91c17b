package dev.inboxes.smtp.dns;

import java.net.InetSocketAddress;
import org.xbill.DNS.SimpleResolver;

/** A DNS server as the settings name one, for the checks at receipt and the MX client alike. */
public final class DnsServers {

    private DnsServers() {
    }

    /**
     * @param server  {@code host}, {@code host:port}, {@code [ipv6]:port} or a bare IPv6 address
     * @param setting the setting it came from, named when it cannot be read
     */
    public static SimpleResolver resolver(String server, String setting) {
        String host = server;
        String port = "53";
        int end = server.indexOf(']');
        if (server.startsWith("[") && end > 0) {
            host = server.substring(1, end);
            if (server.startsWith(":", end + 1)) {
                port = server.substring(end + 2);
            }
        } else if (server.indexOf(':') > 0 && server.indexOf(':') == server.lastIndexOf(':')) {
            host = server.substring(0, server.indexOf(':'));
            port = server.substring(server.indexOf(':') + 1);
        }
        try {
            return new SimpleResolver(new InetSocketAddress(host, Integer.parseInt(port)));
        } catch (IllegalArgumentException e) { // a port that is no number or out of range
            throw new IllegalArgumentException(setting + ": cannot read '" + server + "' as host or host:port", e);
        }
    }
}
