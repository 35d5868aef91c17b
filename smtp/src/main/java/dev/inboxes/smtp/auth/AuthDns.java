package dev.inboxes.smtp.auth;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.xbill.DNS.DClass;
import org.xbill.DNS.ExtendedResolver;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Resolver;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Section;
import dev.inboxes.smtp.dns.DnsServers;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * The DNS lookups of the checks at receipt, over dnsjava: every lookup of one message shares one deadline
 * ({@link #within}), a lookup that cannot finish before it is a {@link Status#TEMPERROR} at once, and answers are
 * kept for their TTL (at most an hour) in a cache of at most {@link #CACHE_ENTRIES} names. Failures are never kept.
 * Answers are bounded: at most {@link #MAX_RECORDS} records of the type asked are read.
 */
public final class AuthDns {

    public static final int CACHE_ENTRIES = 20_000;
    static final int MAX_RECORDS = 64;
    private static final long MAX_TTL_SECONDS = 3600;
    private static final long NEGATIVE_TTL_SECONDS = 300;

    /** What a lookup gave. */
    public enum Status { FOUND, NO_SUCH_NAME, NO_DATA, TEMPERROR, INVALID_NAME }

    /** The records of the type asked, in the answer's order (empty unless {@link Status#FOUND}). */
    public record Answer(Status status, List<Record> records) {

        public static final Answer TIMED_OUT = new Answer(Status.TEMPERROR, List.of());
        public static final Answer INVALID = new Answer(Status.INVALID_NAME, List.of());

        boolean isVoid() {
            return status == Status.NO_SUCH_NAME || status == Status.NO_DATA;
        }
    }

    private record Key(String name, int type) {
    }

    private record Kept(Answer answer, long expiresAtNanos) {
    }

    private final Resolver resolver;
    private final Map<Key, Kept> cache = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Kept> eldest) {
            return size() > CACHE_ENTRIES;
        }
    };

    /**
     * @param servers {@code host}, {@code host:port} or {@code [ipv6]:port} each; the system's resolvers when empty
     * @param budget  the longest time all the lookups of one message take together
     */
    public AuthDns(List<String> servers, Duration budget) {
        List<Resolver> each = servers.stream().map(String::trim).filter(server -> !server.isEmpty())
                .<Resolver>map(AuthDns::server).toList();
        if (each.size() == 1) {
            resolver = each.get(0);
        } else {
            ExtendedResolver extended = each.isEmpty() ? new ExtendedResolver() : new ExtendedResolver(each);
            for (Resolver server : extended.getResolvers()) {
                server.setTimeout(budget.dividedBy(Math.max(1, extended.getResolvers().length)));
            }
            resolver = extended;
        }
        resolver.setTimeout(budget);
    }

    /** The lookups of one message: none of them waits past {@code deadlineNanos} ({@link System#nanoTime()}). */
    public Lookups within(long deadlineNanos) {
        return new Lookups(deadlineNanos);
    }

    /** The lookups the checks make, as they make them. */
    public interface Queries {
        Answer lookup(String name, int type);

        boolean expired();

        /** The TXT strings of each record of an answer, each record's strings joined (RFC 7208 3.3). */
        default List<String> texts(Answer answer) {
            List<String> texts = new ArrayList<>();
            for (Record record : answer.records()) {
                if (record instanceof org.xbill.DNS.TXTRecord txt) {
                    texts.add(String.join("", txt.getStrings()));
                }
            }
            return texts;
        }
    }

    /** One message's lookups, sharing its deadline. */
    public final class Lookups implements Queries {

        private final long deadline;
        private int queries;

        private Lookups(long deadlineNanos) {
            this.deadline = deadlineNanos;
        }

        @Override
        public Answer lookup(String name, int type) {
            Name parsed;
            try {
                if (name.isEmpty() || name.length() > 253) {
                    return Answer.INVALID;
                }
                parsed = Name.fromString(name.endsWith(".") ? name : name + ".");
            } catch (TextParseException e) {
                return Answer.INVALID;
            }
            Key key = new Key(parsed.toString().toLowerCase(java.util.Locale.ROOT), type);
            long now = System.nanoTime();
            synchronized (cache) {
                Kept kept = cache.get(key);
                if (kept != null && kept.expiresAtNanos() - now > 0) {
                    return kept.answer();
                }
            }
            long left = deadline - now;
            if (left <= 0) {
                return Answer.TIMED_OUT;
            }
            queries++;
            Message response;
            try {
                Message query = Message.newQuery(Record.newRecord(parsed, type, DClass.IN));
                response = resolver.sendAsync(query).toCompletableFuture().get(left, TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                return Answer.TIMED_OUT;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Answer.TIMED_OUT;
            } catch (RuntimeException e) { // a name dnsjava cannot put on the wire, say
                return Answer.INVALID;
            }
            return keep(key, read(response, type));
        }

        /** How many queries went to the network (not the cache). */
        public int queries() {
            return queries;
        }

        @Override
        public boolean expired() {
            return deadline - System.nanoTime() <= 0;
        }
    }

    private Kept read(Message response, int type) {
        int rcode = response.getRcode();
        long now = System.nanoTime();
        if (rcode == Rcode.NXDOMAIN) {
            return new Kept(new Answer(Status.NO_SUCH_NAME, List.of()), now + negativeTtl(response));
        }
        if (rcode != Rcode.NOERROR) {
            return new Kept(Answer.TIMED_OUT, now); // SERVFAIL, REFUSED: temporary, never kept
        }
        List<Record> records = new ArrayList<>();
        long ttl = MAX_TTL_SECONDS;
        for (Record record : response.getSection(Section.ANSWER)) {
            if (record.getType() == type && records.size() < MAX_RECORDS) {
                records.add(record);
                ttl = Math.min(ttl, record.getTTL());
            }
        }
        if (records.isEmpty()) {
            return new Kept(new Answer(Status.NO_DATA, List.of()), now + negativeTtl(response));
        }
        return new Kept(new Answer(Status.FOUND, List.copyOf(records)), now + TimeUnit.SECONDS.toNanos(Math.max(0, ttl)));
    }

    private Answer keep(Key key, Kept kept) {
        if (kept.answer().status() != Status.TEMPERROR && kept.expiresAtNanos() - System.nanoTime() > 0) {
            synchronized (cache) {
                cache.put(key, kept);
            }
        }
        return kept.answer();
    }

    private static long negativeTtl(Message response) {
        for (Record record : response.getSection(Section.AUTHORITY)) {
            if (record instanceof SOARecord soa) {
                return TimeUnit.SECONDS.toNanos(Math.min(NEGATIVE_TTL_SECONDS, Math.min(soa.getTTL(), soa.getMinimum())));
            }
        }
        return TimeUnit.SECONDS.toNanos(60);
    }

    /** How many answers are kept now. */
    public int cached() {
        synchronized (cache) {
            return cache.size();
        }
    }

    /** {@code host}, {@code host:port}, {@code [ipv6]:port} or a bare IPv6 address. */
    static SimpleResolver server(String server) {
        return DnsServers.resolver(server, "inboxes.dns-servers");
    }

    static int type(String name) {
        return Type.value(name);
    }
}
