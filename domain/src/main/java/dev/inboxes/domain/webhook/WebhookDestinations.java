package dev.inboxes.domain.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Which addresses a webhook may be sent to: public unicast ones only, unless private destinations are allowed
 * ({@code inboxes.webhooks.allow-private}). Refused: loopback, unspecified, private (RFC 1918), shared (100.64/10),
 * link-local (169.254/16, the cloud metadata address among them; fe80::/10), unique-local (fc00::/7), multicast,
 * reserved and documentation ranges, and IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4),
 * judged by the IPv4 address they carry.
 */
public final class WebhookDestinations {

    private WebhookDestinations() {
    }

    /** Why the address is refused, or empty when a webhook may be sent to it. */
    public static Optional<String> refusal(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (address instanceof Inet6Address) {
            Optional<byte[]> carried = carriedIpv4(bytes);
            if (carried.isPresent()) {
                return ipv4Refusal(carried.get()).map(reason -> reason + " (carried in " + address.getHostAddress()
                        + ")");
            }
            return ipv6Refusal(bytes);
        }
        return ipv4Refusal(bytes);
    }

    private static Optional<String> ipv4Refusal(byte[] a) {
        int b0 = a[0] & 0xff;
        int b1 = a[1] & 0xff;
        if (b0 == 127) {
            return Optional.of("a loopback address");
        }
        if (b0 == 0) {
            return Optional.of("an unspecified address (0.0.0.0/8)");
        }
        if (b0 == 10 || b0 == 172 && b1 >= 16 && b1 <= 31 || b0 == 192 && b1 == 168) {
            return Optional.of("a private address (RFC 1918)");
        }
        if (b0 == 100 && b1 >= 64 && b1 <= 127) {
            return Optional.of("a shared address (100.64.0.0/10)");
        }
        if (b0 == 169 && b1 == 254) {
            return Optional.of("a link-local address (169.254.0.0/16, where cloud metadata lives)");
        }
        if (b0 == 192 && b1 == 0 && ((a[2] & 0xff) == 0 || (a[2] & 0xff) == 2)
                || b0 == 198 && (b1 == 18 || b1 == 19 || b1 == 51 && (a[2] & 0xff) == 100)
                || b0 == 203 && b1 == 0 && (a[2] & 0xff) == 113) {
            return Optional.of("a special-purpose address (RFC 6890)");
        }
        if (b0 >= 224) {
            return Optional.of("a multicast, reserved or broadcast address");
        }
        return Optional.empty();
    }

    private static Optional<String> ipv6Refusal(byte[] a) {
        int b0 = a[0] & 0xff;
        int b1 = a[1] & 0xff;
        boolean zeroesThen = true;
        for (int i = 0; i < 15; i++) {
            zeroesThen &= a[i] == 0;
        }
        if (zeroesThen && (a[15] == 1 || a[15] == 0)) {
            return Optional.of(a[15] == 1 ? "a loopback address" : "an unspecified address");
        }
        if ((b0 & 0xfe) == 0xfc) {
            return Optional.of("a unique-local address (fc00::/7)");
        }
        if (b0 == 0xfe && (b1 & 0xc0) == 0x80) {
            return Optional.of("a link-local address (fe80::/10)");
        }
        if (b0 == 0xfe && (b1 & 0xc0) == 0xc0) {
            return Optional.of("a site-local address (fec0::/10)");
        }
        if (b0 == 0xff) {
            return Optional.of("a multicast address");
        }
        if (b0 == 0x20 && b1 == 0x01 && (a[2] & 0xff) == 0x0d && (a[3] & 0xff) == 0xb8) {
            return Optional.of("a documentation address (2001:db8::/32)");
        }
        if ((b0 & 0xe0) != 0x20) {
            return Optional.of("outside the global unicast range (2000::/3)");
        }
        return Optional.empty();
    }

    /** The IPv4 address an IPv6 one carries: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64, 6to4. */
    private static Optional<byte[]> carriedIpv4(byte[] a) {
        boolean firstTenZero = true;
        for (int i = 0; i < 10; i++) {
            firstTenZero &= a[i] == 0;
        }
        boolean mapped = firstTenZero && (a[10] & 0xff) == 0xff && (a[11] & 0xff) == 0xff;
        boolean compatible = firstTenZero && a[10] == 0 && a[11] == 0
                && !(a[12] == 0 && a[13] == 0 && a[14] == 0 && (a[15] == 0 || a[15] == 1));
        boolean nat64 = (a[0] & 0xff) == 0x00 && (a[1] & 0xff) == 0x64 && (a[2] & 0xff) == 0xff
                && (a[3] & 0xff) == 0x9b;
        if (mapped || compatible || nat64) {
            return Optional.of(new byte[] {a[12], a[13], a[14], a[15]});
        }
        if ((a[0] & 0xff) == 0x20 && (a[1] & 0xff) == 0x02) {
            return Optional.of(new byte[] {a[2], a[3], a[4], a[5]});
        }
        return Optional.empty();
    }

    /** Parses an IP literal (IPv4 dotted, or IPv6 with or without brackets) without any lookup; empty for a name. */
    public static Optional<InetAddress> literal(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        boolean ipv4 = bare.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
        boolean ipv6 = bare.indexOf(':') >= 0 && bare.matches("[0-9A-Fa-f:.]+");
        if (!ipv4 && !ipv6) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(bare)); // a literal: no lookup is made
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    static boolean isLocalName(String host) {
        String name = host.toLowerCase(java.util.Locale.ROOT);
        if (name.endsWith(".")) {
            name = name.substring(0, name.length() - 1);
        }
        return name.equals("localhost") || name.endsWith(".localhost") || name.endsWith(".local")
                || name.endsWith(".internal") || !name.contains(".");
    }
}
