package dev.inboxes.smtp.auth;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.MXRecord;
import org.xbill.DNS.Record;
import org.xbill.DNS.Type;

/**
 * SPF (RFC 7208) over {@link AuthDns}: is the connecting address allowed to send for the domain? {@code check_host()}
 * with the RFC's limits: at most {@value #MAX_LOOKUPS} terms that ask DNS ({@code include}, {@code a}, {@code mx},
 * {@code ptr}, {@code exists}, {@code redirect}), at most {@value #MAX_VOID_LOOKUPS} of them answered with nothing,
 * at most {@value #MAX_MX_HOSTS} hosts per {@code mx}; beyond any of them the result is {@code permerror}, so an
 * include loop ends there too. Lookups that time out make it {@code temperror}. {@code ptr} (which RFC 7208 asks
 * senders not to use) is counted as a lookup but never matches; {@code exp=} is not read (no explanation is shown).
 */
public final class SpfCheck {

    static final int MAX_LOOKUPS = 10;
    static final int MAX_VOID_LOOKUPS = 2;
    static final int MAX_MX_HOSTS = 10;
    /** Longer records are no SPF record anyone meant (a DNS answer holds a few kB at most). */
    static final int MAX_RECORD_LENGTH = 4096;
    private static final int MAX_TERMS = 100;

    /** A result that ends the evaluation at once ({@code temperror}, {@code permerror}). */
    static final class Abort extends Exception {
        final String result;

        Abort(String result) {
            super(result, null, false, false);
            this.result = result;
        }
    }

    private final AuthDns.Queries dns;
    private final InetAddress ip;
    private final String sender;
    private final String helo;
    private int lookups;
    private int voids;

    private SpfCheck(AuthDns.Queries dns, InetAddress ip, String sender, String helo) {
        this.dns = dns;
        this.ip = ip;
        this.sender = sender;
        this.helo = helo;
    }

    /**
     * The SPF result for {@code domain}.
     *
     * @param sender the {@code MAIL FROM} address, or {@code postmaster@<helo>} for a null sender (RFC 7208 4.3)
     */
    public static String check(AuthDns.Queries dns, InetAddress ip, String domain, String sender, String helo) {
        if (domain == null || !validDomain(domain)) {
            return "none";
        }
        try {
            return new SpfCheck(dns, ip, sender, helo == null ? "unknown" : helo).checkHost(domain.toLowerCase(Locale.ROOT));
        } catch (Abort abort) {
            return abort.result;
        }
    }

    private String checkHost(String domain) throws Abort {
        if (!validDomain(domain)) {
            return "none";
        }
        AuthDns.Answer answer = dns.lookup(domain, Type.TXT);
        switch (answer.status()) {
            case TEMPERROR -> throw new Abort("temperror");
            case INVALID_NAME, NO_SUCH_NAME, NO_DATA -> {
                return "none";
            }
            default -> {
            }
        }
        String record = null;
        for (String text : dns.texts(answer)) {
            if (isSpf(text)) {
                if (record != null) {
                    throw new Abort("permerror"); // two SPF records (RFC 7208 4.5)
                }
                record = text;
            }
        }
        if (record == null) {
            return "none";
        }
        if (record.length() > MAX_RECORD_LENGTH) {
            throw new Abort("permerror");
        }
        return evaluate(record, domain);
    }

    static boolean isSpf(String text) {
        return text.regionMatches(true, 0, "v=spf1", 0, 6) && (text.length() == 6 || text.charAt(6) == ' ');
    }

    private String evaluate(String record, String domain) throws Abort {
        String[] terms = record.substring(6).trim().split(" +");
        if (terms.length > MAX_TERMS) {
            throw new Abort("permerror");
        }
        String redirect = null;
        List<String[]> directives = new ArrayList<>();
        for (String term : terms) {
            if (term.isEmpty()) {
                continue;
            }
            int equals = term.indexOf('=');
            int colon = term.indexOf(':');
            if (equals > 0 && (colon < 0 || equals < colon) && term.substring(0, equals).matches("[A-Za-z][A-Za-z0-9_.-]*")) {
                String name = term.substring(0, equals).toLowerCase(Locale.ROOT);
                if (name.equals("redirect")) {
                    if (redirect != null) {
                        throw new Abort("permerror");
                    }
                    redirect = term.substring(equals + 1);
                }
                continue; // exp= and unknown modifiers are ignored
            }
            directives.add(new String[] {term});
        }
        for (String[] directive : directives) {
            String term = directive[0];
            char qualifier = '+';
            if ("+-~?".indexOf(term.charAt(0)) >= 0) {
                qualifier = term.charAt(0);
                term = term.substring(1);
            }
            if (matches(term, domain)) {
                return switch (qualifier) {
                    case '-' -> "fail";
                    case '~' -> "softfail";
                    case '?' -> "neutral";
                    default -> "pass";
                };
            }
        }
        if (redirect != null) {
            countLookup();
            String target = expand(redirect, domain);
            String result = checkHost(target);
            return result.equals("none") ? "permerror" : result; // RFC 7208 6.1
        }
        return "neutral";
    }

    private boolean matches(String term, String domain) throws Abort {
        String lower = term.toLowerCase(Locale.ROOT);
        String name = lower;
        String argument = null;
        int split = indexOfAny(lower, ":/");
        if (split >= 0) {
            name = lower.substring(0, split);
            argument = term.substring(lower.charAt(split) == ':' ? split + 1 : split);
            if (lower.charAt(split) == '/') {
                argument = "/" + term.substring(split + 1);
            }
        }
        switch (name) {
            case "all" -> {
                if (argument != null) {
                    throw new Abort("permerror");
                }
                return true;
            }
            case "include" -> {
                countLookup();
                if (argument == null || argument.isEmpty()) {
                    throw new Abort("permerror");
                }
                String result = checkHost(expand(argument, domain));
                return switch (result) {
                    case "pass" -> true;
                    case "fail", "softfail", "neutral" -> false;
                    case "temperror" -> throw new Abort("temperror");
                    default -> throw new Abort("permerror"); // permerror, none
                };
            }
            case "a", "mx" -> {
                countLookup();
                Target target = target(argument, domain, lower.charAt(split < 0 ? 0 : split) == ':');
                if (name.equals("a")) {
                    return addressMatches(target.host, target);
                }
                AuthDns.Answer mx = dns.lookup(target.host, Type.MX);
                if (answerVoid(mx)) {
                    return false;
                }
                if (mx.records().size() > MAX_MX_HOSTS) {
                    throw new Abort("permerror");
                }
                for (Record record : mx.records()) {
                    String host = ((MXRecord) record).getTarget().toString(true);
                    if (addressMatches(host, target)) {
                        return true;
                    }
                }
                return false;
            }
            case "ptr" -> {
                countLookup();
                return false;
            }
            case "exists" -> {
                countLookup();
                if (argument == null || argument.isEmpty()) {
                    throw new Abort("permerror");
                }
                return !answerVoid(dns.lookup(expand(argument, domain), Type.A));
            }
            case "ip4", "ip6" -> {
                if (argument == null) {
                    throw new Abort("permerror");
                }
                return Cidr.parse(argument, name.equals("ip6")).contains(ip);
            }
            default -> throw new Abort("permerror");
        }
    }

    /** The host of {@code a}/{@code mx} with its prefix lengths: {@code a}, {@code a:host}, {@code a/24//64}. */
    private record Target(String host, int v4, int v6) {
    }

    private Target target(String argument, String domain, boolean named) throws Abort {
        String host = domain;
        String cidr = "";
        if (argument != null) {
            if (named) {
                int slash = argument.indexOf('/');
                host = expand(slash < 0 ? argument : argument.substring(0, slash), domain);
                cidr = slash < 0 ? "" : argument.substring(slash);
            } else {
                cidr = argument;
            }
        }
        int v4 = 32;
        int v6 = 128;
        if (!cidr.isEmpty()) {
            String[] parts = cidr.split("//", -1);
            if (parts.length > 2) {
                throw new Abort("permerror");
            }
            if (!parts[0].isEmpty()) {
                v4 = prefix(parts[0].startsWith("/") ? parts[0].substring(1) : parts[0], 32);
            }
            if (parts.length == 2) {
                v6 = prefix(parts[1], 128);
            }
        }
        return new Target(host, v4, v6);
    }

    private static int prefix(String digits, int max) throws Abort {
        if (!digits.matches("[0-9]{1,3}")) {
            throw new Abort("permerror");
        }
        int length = Integer.parseInt(digits);
        if (length > max) {
            throw new Abort("permerror");
        }
        return length;
    }

    private boolean addressMatches(String host, Target target) throws Abort {
        boolean v6 = ip instanceof Inet6Address;
        AuthDns.Answer answer = dns.lookup(host, v6 ? Type.AAAA : Type.A);
        if (answerVoid(answer)) {
            return false;
        }
        for (Record record : answer.records()) {
            InetAddress address = record instanceof ARecord a ? a.getAddress()
                    : record instanceof AAAARecord aaaa ? aaaa.getAddress() : null;
            if (address != null && Cidr.of(address, v6 ? target.v6 : target.v4).contains(ip)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the answer is empty, counting void answers and ending on a timeout. */
    private boolean answerVoid(AuthDns.Answer answer) throws Abort {
        if (answer.status() == AuthDns.Status.TEMPERROR) {
            throw new Abort("temperror");
        }
        if (answer.status() == AuthDns.Status.INVALID_NAME) {
            throw new Abort("permerror");
        }
        if (answer.isVoid() && ++voids > MAX_VOID_LOOKUPS) {
            throw new Abort("permerror");
        }
        return answer.isVoid();
    }

    private void countLookup() throws Abort {
        if (++lookups > MAX_LOOKUPS) {
            throw new Abort("permerror");
        }
        if (dns.expired()) {
            throw new Abort("temperror");
        }
    }

    /** Macro expansion (RFC 7208 7): {@code %{s}}, {@code %{l}}, {@code %{o}}, {@code %{d}}, {@code %{i}}, … */
    String expand(String spec, String domain) throws Abort {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (c != '%') {
                if (c < 0x21 || c > 0x7e) {
                    throw new Abort("permerror");
                }
                out.append(c);
                continue;
            }
            if (++i >= spec.length()) {
                throw new Abort("permerror");
            }
            char next = spec.charAt(i);
            switch (next) {
                case '%' -> out.append('%');
                case '_' -> out.append(' ');
                case '-' -> out.append("%20");
                case '{' -> {
                    int close = spec.indexOf('}', i);
                    if (close < 0) {
                        throw new Abort("permerror");
                    }
                    out.append(macro(spec.substring(i + 1, close), domain));
                    i = close;
                }
                default -> throw new Abort("permerror");
            }
            if (out.length() > 253 * 2) {
                throw new Abort("permerror");
            }
        }
        String expanded = out.toString();
        // A name longer than 253 characters drops labels on the left until it fits (RFC 7208 7.3).
        while (expanded.length() > 253 && expanded.indexOf('.') >= 0) {
            expanded = expanded.substring(expanded.indexOf('.') + 1);
        }
        return expanded;
    }

    private String macro(String body, String domain) throws Abort {
        if (body.isEmpty()) {
            throw new Abort("permerror");
        }
        char letter = Character.toLowerCase(body.charAt(0));
        int at = sender.lastIndexOf('@');
        String value = switch (letter) {
            case 's' -> sender;
            case 'l' -> at > 0 ? sender.substring(0, at) : "postmaster";
            case 'o' -> at >= 0 ? sender.substring(at + 1) : sender;
            case 'd' -> domain;
            case 'i' -> ipMacro();
            case 'p' -> "unknown";
            case 'v' -> ip instanceof Inet6Address ? "ip6" : "in-addr";
            case 'h' -> helo;
            default -> throw new Abort("permerror");
        };
        String rest = body.substring(1);
        int digits = 0;
        while (digits < rest.length() && Character.isDigit(rest.charAt(digits))) {
            digits++;
        }
        int keep = digits == 0 ? Integer.MAX_VALUE : Integer.parseInt(rest.substring(0, Math.min(digits, 3)));
        if (digits > 0 && keep == 0) {
            throw new Abort("permerror");
        }
        rest = rest.substring(digits);
        boolean reverse = false;
        if (rest.startsWith("r") || rest.startsWith("R")) {
            reverse = true;
            rest = rest.substring(1);
        }
        String delimiters = rest.isEmpty() ? "." : rest;
        for (char d : delimiters.toCharArray()) {
            if (".-+,/_=".indexOf(d) < 0) {
                throw new Abort("permerror");
            }
        }
        List<String> parts = new ArrayList<>(List.of(value.split("[" + java.util.regex.Pattern.quote(delimiters) + "]", -1)));
        if (reverse) {
            java.util.Collections.reverse(parts);
        }
        if (parts.size() > keep) {
            parts = parts.subList(parts.size() - keep, parts.size());
        }
        return String.join(".", parts);
    }

    private String ipMacro() {
        byte[] bytes = ip.getAddress();
        StringBuilder out = new StringBuilder();
        if (ip instanceof Inet4Address) {
            for (byte b : bytes) {
                out.append(out.length() == 0 ? "" : ".").append(b & 0xff);
            }
        } else {
            for (byte b : bytes) {
                out.append(out.length() == 0 ? "" : ".").append(Character.forDigit((b >> 4) & 0xf, 16)).append('.')
                        .append(Character.forDigit(b & 0xf, 16));
            }
        }
        return out.toString();
    }

    private static int indexOfAny(String text, String chars) {
        for (int i = 0; i < text.length(); i++) {
            if (chars.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** A domain SPF can be checked for: dotted labels of letters, digits, hyphens and underscores. */
    static boolean validDomain(String domain) {
        if (domain.isEmpty() || domain.length() > 253) {
            return false;
        }
        String[] labels = domain.split("\\.", -1);
        if (labels.length < 2) {
            return false;
        }
        for (String label : labels) {
            if (label.isEmpty() || label.length() > 63 || !label.chars().allMatch(c -> c < 0x80
                    && (Character.isLetterOrDigit(c) || c == '-' || c == '_'))) {
                return false;
            }
        }
        return true;
    }

    /** An address range of {@code ip4:}/{@code ip6:} or of an {@code a}/{@code mx} host with its prefix length. */
    record Cidr(byte[] network, int prefix) {

        static Cidr parse(String text, boolean v6) throws Abort {
            int slash = text.indexOf('/');
            String address = slash < 0 ? text : text.substring(0, slash);
            int max = v6 ? 128 : 32;
            int prefix = slash < 0 ? max : SpfCheck.prefix(text.substring(slash + 1), max);
            boolean looksRight = v6 ? address.contains(":") && address.matches("[0-9A-Fa-f:.]+")
                    : address.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
            if (!looksRight) {
                throw new Abort("permerror");
            }
            try {
                InetAddress parsed = InetAddress.getByName(address); // a literal: never a lookup
                if ((parsed instanceof Inet6Address) != v6) {
                    throw new Abort("permerror");
                }
                return of(parsed, prefix);
            } catch (java.net.UnknownHostException e) {
                throw new Abort("permerror");
            }
        }

        static Cidr of(InetAddress address, int prefix) {
            return new Cidr(address.getAddress(), prefix);
        }

        boolean contains(InetAddress candidate) {
            byte[] other = candidate.getAddress();
            if (other.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (other[i] != network[i]) {
                    return false;
                }
            }
            int bits = prefix % 8;
            if (bits == 0) {
                return true;
            }
            int mask = (0xff << (8 - bits)) & 0xff;
            return (other[full] & mask) == (network[full] & mask);
        }
    }
}
