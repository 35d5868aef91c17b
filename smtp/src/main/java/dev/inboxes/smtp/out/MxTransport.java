package dev.inboxes.smtp.out;

import dev.inboxes.domain.outbound.MailTransport;
import dev.inboxes.domain.outbound.TransportReply;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.net.IDN;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.Address;
import org.xbill.DNS.Cache;
import org.xbill.DNS.DClass;
import org.xbill.DNS.ExtendedResolver;
import org.xbill.DNS.Lookup;
import org.xbill.DNS.MXRecord;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Resolver;
import dev.inboxes.smtp.dns.DnsServers;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * Delivers each message straight to the recipient domain's mail exchangers (RFC 5321 section 5): the MX records in
 * preference order (equal preferences in random order, to spread the load as the domain asked), or the domain itself
 * when it has addresses but no MX. The first {@code 250} or {@code 5xx} is the outcome; a connection failure or a
 * {@code 4xx} moves on to the next address. DNS answers are cached for their TTL.
 *
 * <p>There is no filter against exchangers whose addresses are loopback or private: public DNS decides where the mail
 * goes, as it does for every MTA.
 */
@Singleton
public class MxTransport implements MailTransport {

    /**
     * Addresses tried per attempt at most (Postfix's default too): a domain whose many exchangers all time out must
     * not hold a worker for long; the next attempt starts over, in a new random order among equals.
     */
    static final int MAX_ADDRESSES_TRIED = 5;

    private final MxConfig config;
    private final Resolver resolver;
    private final SmtpClientSession client;
    private final Cache cache = new Cache(DClass.IN);

    @Inject
    public MxTransport(MxConfig config) {
        this.config = config;
        this.resolver = resolver(config);
        this.client = new SmtpClientSession(settings(config));
    }

    @Override
    public TransportReply send(String envelopeSender, String recipient, byte[] raw) {
        InternetAddress to;
        try {
            to = SmtpClientSession.recipientAddress(recipient);
        } catch (AddressException e) {
            return SmtpClientSession.unreadableRecipient(e);
        }
        String address = to.getAddress();
        String domain = address.substring(address.lastIndexOf('@') + 1);
        if (domain.isEmpty() || domain.equals(address)) {
            return new TransportReply(553, "5.1.3 No domain in the recipient address " + address);
        }
        if (domain.startsWith("[") && domain.endsWith("]")) {
            return toAddressLiteral(domain, envelopeSender, to, raw);
        }
        Name name;
        try {
            name = Name.fromString(IDN.toASCII(domain), Name.root);
        } catch (TextParseException | IllegalArgumentException e) {
            return new TransportReply(553, "5.1.3 Bad recipient domain " + domain + ": " + e.getMessage());
        }

        Answer mx = lookup(name, Type.MX);
        List<Name> exchangers;
        boolean implicit = false;
        switch (mx.result()) {
            case Lookup.SUCCESSFUL -> {
                exchangers = inPreferenceOrder(mx.records());
                if (exchangers.isEmpty()) {
                    return new TransportReply(556, "5.1.10 " + domain + " accepts no mail (null MX, RFC 7505)");
                }
            }
            case Lookup.HOST_NOT_FOUND -> {
                return new TransportReply(550, "5.1.2 No such domain: " + domain);
            }
            case Lookup.TYPE_NOT_FOUND -> { // no MX: the domain is its own exchanger (RFC 5321 5.1)
                exchangers = List.of(name);
                implicit = true;
            }
            default -> {
                return dnsFailed("MX records of " + domain, mx);
            }
        }

        List<String> failures = new ArrayList<>();
        TransportReply lastRefusal = null;
        int tried = 0;
        for (Name exchanger : exchangers) {
            String host = exchanger.toString(true);
            Answer ipv4 = lookup(exchanger, Type.A);
            Answer ipv6 = lookup(exchanger, Type.AAAA);
            List<InetAddress> addresses = new ArrayList<>(addressesOf(ipv4));
            addresses.addAll(addressesOf(ipv6));
            if (addresses.isEmpty()) {
                if (implicit && ipv4.isDefinitelyEmpty() && ipv6.isDefinitelyEmpty()) {
                    return new TransportReply(550, "5.1.2 " + domain + " has no MX and no address record");
                }
                failures.add(host + ": " + (ipv4.isDefinitelyEmpty() && ipv6.isDefinitelyEmpty() ? "no address record"
                        : "address lookup failed (" + (ipv4.isDefinitelyEmpty() ? ipv6 : ipv4).error() + ")"));
                continue;
            }
            for (InetAddress ip : addresses) {
                if (tried++ == MAX_ADDRESSES_TRIED) {
                    failures.add("stopped after " + MAX_ADDRESSES_TRIED + " addresses");
                    return outcome(domain, lastRefusal, failures);
                }
                String where = ip.getHostAddress();
                TransportReply reply = client.send(
                        "the mail exchanger " + host + " [" + where + "]:" + config.port(), where, config.port(),
                        envelopeSender, to, raw);
                if (reply.isAccepted() || reply.isPermanent()) {
                    return reply;
                }
                if (reply.code() != 0) {
                    lastRefusal = reply;
                }
                failures.add(reply.display());
            }
        }
        return outcome(domain, lastRefusal, failures);
    }

    /** A refusal of the last exchanger that answered says most; without one, what each attempt met. */
    private static TransportReply outcome(String domain, TransportReply lastRefusal, List<String> failures) {
        if (lastRefusal != null) {
            return lastRefusal;
        }
        return TransportReply.unreachable("No mail exchanger of " + domain + " took the message: "
                + String.join("; ", failures));
    }

    private TransportReply toAddressLiteral(String literal, String envelopeSender, InternetAddress to, byte[] raw) {
        String inside = literal.substring(1, literal.length() - 1);
        String ip = inside.regionMatches(true, 0, "IPv6:", 0, 5) ? inside.substring(5) : inside;
        try {
            InetAddress address = Address.getByAddress(ip);
            String where = address.getHostAddress();
            return client.send("the host " + literal + ":" + config.port(), where,
                    config.port(), envelopeSender, to, raw);
        } catch (UnknownHostException e) {
            return new TransportReply(553, "5.1.3 Bad address literal " + literal);
        }
    }

    /** Exchangers by preference, equal ones shuffled; a null MX ({@code 0 .}) names no exchanger. */
    private static List<Name> inPreferenceOrder(List<Record> records) {
        Map<Integer, List<Name>> byPreference = new TreeMap<>(Comparator.naturalOrder());
        for (Record record : records) {
            if (record instanceof MXRecord mx && !mx.getTarget().equals(Name.root)) {
                byPreference.computeIfAbsent(mx.getPriority(), preference -> new ArrayList<>()).add(mx.getTarget());
            }
        }
        List<Name> ordered = new ArrayList<>();
        for (List<Name> equals : byPreference.values()) {
            Collections.shuffle(equals, ThreadLocalRandom.current());
            ordered.addAll(equals);
        }
        return ordered;
    }

    private static List<InetAddress> addressesOf(Answer answer) {
        List<InetAddress> addresses = new ArrayList<>();
        for (Record record : answer.records()) {
            if (record instanceof ARecord a) {
                addresses.add(a.getAddress());
            } else if (record instanceof AAAARecord aaaa) {
                addresses.add(aaaa.getAddress());
            }
        }
        return addresses;
    }

    /** Temporary: a DNS server that timed out or failed may answer next time. */
    private static TransportReply dnsFailed(String what, Answer answer) {
        return TransportReply.unreachable("The DNS lookup of the " + what + " failed (" + answer.error()
                + "); it is tried again later");
    }

    private Answer lookup(Name name, int type) {
        Lookup lookup = new Lookup(name, type, DClass.IN);
        lookup.setResolver(resolver);
        lookup.setCache(cache);
        Record[] records = lookup.run();
        return new Answer(lookup.getResult(), records == null ? List.of() : List.of(records),
                Optional.ofNullable(lookup.getErrorString()).orElse("unknown error"));
    }

    private static SmtpClientSession.Settings settings(MxConfig config) {
        SmtpClientSession.Tls tls = switch (config.starttls()) {
            case OPPORTUNISTIC -> SmtpClientSession.Tls.STARTTLS_IF_OFFERED;
            case REQUIRED -> SmtpClientSession.Tls.STARTTLS;
            case NONE -> SmtpClientSession.Tls.NONE;
        };
        // Certificates are not checked: see MxConfig#starttls.
        return new SmtpClientSession.Settings(tls, false, Optional.empty(), config.connectTimeout(),
                config.readTimeout(), config.heloName(), Optional.empty());
    }

    private static Resolver resolver(MxConfig config) {
        List<Resolver> servers = config.dnsServers().orElse(List.of()).stream().map(String::trim)
                .filter(server -> !server.isEmpty()).<Resolver>map(MxTransport::server).toList();
        if (servers.size() == 1) {
            Resolver only = servers.get(0);
            only.setTimeout(config.dnsTimeout());
            return only;
        }
        ExtendedResolver resolver = servers.isEmpty() ? new ExtendedResolver() : new ExtendedResolver(servers);
        // The bound is for the whole lookup; each server gets its share, so a silent first one leaves time for the rest.
        Resolver[] each = resolver.getResolvers();
        for (Resolver server : each) {
            server.setTimeout(config.dnsTimeout().dividedBy(Math.max(1, each.length)));
        }
        resolver.setTimeout(config.dnsTimeout());
        return resolver;
    }

    /** {@code host}, {@code host:port}, {@code [ipv6]:port} or a bare IPv6 address. */
    static SimpleResolver server(String server) {
        return DnsServers.resolver(server, "inboxes.smtp.mx.dns-servers");
    }

    /** What one lookup gave: a {@link Lookup} result code, the records, and the error text. */
    private record Answer(int result, List<Record> records, String error) {

        /** The name has no such record (or does not exist): an answer, not a failure. */
        boolean isDefinitelyEmpty() {
            return result == Lookup.TYPE_NOT_FOUND || result == Lookup.HOST_NOT_FOUND;
        }
    }
}
