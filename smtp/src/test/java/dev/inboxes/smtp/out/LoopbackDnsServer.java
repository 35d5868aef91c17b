package dev.inboxes.smtp.out;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.MXRecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.TextParseException;

/**
 * An authoritative DNS server on loopback UDP for tests, built with dnsjava's own message parsing: it answers the
 * records it was given, NXDOMAIN for names it has none for, an empty answer (NODATA) for other types of a known
 * name, SERVFAIL when {@link #failing}, and nothing at all when {@link #silent} (a server that times out). It counts the questions it was asked.
 */
public final class LoopbackDnsServer implements AutoCloseable {

    private static final long TTL = 300;

    private final DatagramSocket socket;
    private final Map<Name, List<Record>> records = new ConcurrentHashMap<>();
    final List<String> questions = new CopyOnWriteArrayList<>();
    volatile boolean silent;
    /** Every answer is SERVFAIL, as from a resolver whose upstream is broken. */
    public volatile boolean failing;
    /** How long each answer waits before it is sent. */
    public volatile long delayMillis;

    public LoopbackDnsServer() throws SocketException {
        socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        Thread answering = new Thread(this::answerUntilClosed, "loopback-dns");
        answering.setDaemon(true);
        answering.start();
    }

    /** {@code host:port} as the MX client's {@code dns-servers} take it. */
    public String address() {
        return "127.0.0.1:" + socket.getLocalPort();
    }

    public LoopbackDnsServer mx(String domain, int preference, String exchanger) {
        return add(new MXRecord(name(domain), DClass.IN, TTL, preference, name(exchanger)));
    }

    /** RFC 7505: {@code 0 .}, the domain accepts no mail. */
    LoopbackDnsServer nullMx(String domain) {
        return add(new MXRecord(name(domain), DClass.IN, TTL, 0, Name.root));
    }

    /** A TXT record of one or more strings (a long record is split in strings of at most 255 characters). */
    public LoopbackDnsServer txt(String name, String... strings) {
        return add(new org.xbill.DNS.TXTRecord(name(name), DClass.IN, TTL, List.of(strings)));
    }

    /** A TXT record of one text, split as DNS needs it. */
    public LoopbackDnsServer txtSplit(String name, String text) {
        List<String> strings = new java.util.ArrayList<>();
        for (int i = 0; i < text.length(); i += 255) {
            strings.add(text.substring(i, Math.min(text.length(), i + 255)));
        }
        return txt(name, strings.toArray(String[]::new));
    }

    /** Every question from now on is answered as the questions already asked were (a changed zone). */
    public void clear() {
        records.clear();
    }

    /** How many questions it was asked so far. */
    public int questionCount() {
        return questions.size();
    }

    public void silent(boolean silent) {
        this.silent = silent;
    }

    public LoopbackDnsServer a(String host, String ipv4) {
        try {
            return add(new ARecord(name(host), DClass.IN, TTL, InetAddress.getByName(ipv4)));
        } catch (IOException e) {
            throw new IllegalArgumentException(ipv4, e);
        }
    }

    private LoopbackDnsServer add(Record record) {
        records.computeIfAbsent(record.getName(), name -> new CopyOnWriteArrayList<>()).add(record);
        return this;
    }

    private void answerUntilClosed() {
        byte[] buffer = new byte[512];
        while (!socket.isClosed()) {
            try {
                DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                socket.receive(packet);
                Message query = new Message(java.util.Arrays.copyOf(packet.getData(), packet.getLength()));
                Record question = query.getQuestion();
                questions.add(question.getName() + " " + org.xbill.DNS.Type.string(question.getType()));
                if (silent) {
                    continue;
                }
                if (delayMillis > 0) {
                    Thread.sleep(delayMillis);
                }
                // As large as the client said it takes (EDNS), else the classic 512 bytes, truncated beyond.
                int room = query.getOPT() != null ? Math.max(512, query.getOPT().getPayloadSize()) : 512;
                byte[] answer = answer(query).toWire(room);
                socket.send(new DatagramPacket(answer, answer.length, packet.getSocketAddress()));
            } catch (InterruptedException e) {
                return;
            } catch (IOException closedOrUnreadable) {
                // closed at the end of the test, or a packet that is not DNS: nothing to answer
            }
        }
    }

    private Message answer(Message query) {
        Record question = query.getQuestion();
        Message response = new Message(query.getHeader().getID());
        response.getHeader().setFlag(Flags.QR);
        response.getHeader().setFlag(Flags.AA);
        if (query.getHeader().getFlag(Flags.RD)) {
            response.getHeader().setFlag(Flags.RD);
        }
        response.addRecord(question, Section.QUESTION);
        if (failing) {
            response.getHeader().setRcode(Rcode.SERVFAIL);
            return response;
        }
        List<Record> known = records.get(question.getName());
        if (known == null) {
            response.getHeader().setRcode(Rcode.NXDOMAIN);
            response.addRecord(soa(question.getName()), Section.AUTHORITY);
            return response;
        }
        List<Record> matching = known.stream().filter(record -> record.getType() == question.getType()).toList();
        matching.forEach(record -> response.addRecord(record, Section.ANSWER));
        if (matching.isEmpty()) {
            response.addRecord(soa(question.getName()), Section.AUTHORITY);
        }
        return response;
    }

    /** The negative answer's SOA, so resolvers may cache it (RFC 2308). */
    private static SOARecord soa(Name zone) {
        return new SOARecord(zone, DClass.IN, TTL, name("ns.test"), name("hostmaster.test"), 1, 3600, 600, 86400, 60);
    }

    private static Name name(String name) {
        try {
            return Name.fromString(name, Name.root);
        } catch (TextParseException e) {
            throw new IllegalArgumentException(name, e);
        }
    }

    @Override
    public void close() {
        socket.close();
    }
}
