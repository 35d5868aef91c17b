package dev.inboxes.smtp;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.subethamail.smtp.DropConnectionException;
import org.subethamail.smtp.internal.server.Command;
import org.subethamail.smtp.internal.server.CommandException;
import org.subethamail.smtp.internal.server.CommandHandler;
import org.subethamail.smtp.internal.server.HelpMessage;
import org.subethamail.smtp.server.Session;
import org.subethamail.smtp.server.SessionHandler;

/**
 * What one client may hold: at most so many connections from its address and from its network (an IPv4 /24, an
 * IPv6 /64: one host's neighbours are usually one sender), and at most so many commands per connection. With the
 * session lifetime of {@link LineDeadlineServerSocket}, a few addresses sending {@code NOOP} just inside the command
 * timeout can no longer hold the connection limit for ever.
 */
final class SessionLimits implements SessionHandler {

    private final int perAddress;
    private final int perNetwork;
    private final int maxCommands;
    private final Map<InetAddress, Integer> byAddress = new HashMap<>();
    private final Map<String, Integer> byNetwork = new HashMap<>();
    private final Map<Session, AtomicInteger> commands = new ConcurrentHashMap<>();

    SessionLimits(int perAddress, int perNetwork, int maxCommands) {
        this.perAddress = perAddress;
        this.perNetwork = perNetwork;
        this.maxCommands = maxCommands;
    }

    @Override
    public SessionAcceptance accept(Session session) {
        InetAddress address = session.getSocket().getInetAddress();
        String network = network(address);
        synchronized (this) {
            if (byAddress.getOrDefault(address, 0) >= perAddress) {
                return SessionAcceptance.failure(SmtpReplies.UNAVAILABLE, SmtpReplies.TOO_MANY_FROM_ADDRESS);
            }
            if (byNetwork.getOrDefault(network, 0) >= perNetwork) {
                return SessionAcceptance.failure(SmtpReplies.UNAVAILABLE, SmtpReplies.TOO_MANY_FROM_NETWORK);
            }
            byAddress.merge(address, 1, Integer::sum);
            byNetwork.merge(network, 1, Integer::sum);
        }
        commands.put(session, new AtomicInteger());
        return SessionAcceptance.success();
    }

    @Override
    public void onSessionEnd(Session session) {
        commands.remove(session);
        InetAddress address = session.getSocket().getInetAddress();
        String network = network(address);
        synchronized (this) {
            byAddress.computeIfPresent(address, (key, count) -> count <= 1 ? null : count - 1);
            byNetwork.computeIfPresent(network, (key, count) -> count <= 1 ? null : count - 1);
        }
    }

    /** Every command of the handler counted against the session's budget. */
    void budget(CommandHandler handler) {
        for (String verb : handler.getVerbs()) {
            handler.addCommand(new Counted(handler.getCommand(verb)));
        }
    }

    /** An IPv4 address's /24, an IPv6 address's /64. */
    static String network(InetAddress address) {
        byte[] bytes = address.getAddress();
        int prefix = address instanceof Inet4Address ? 3 : 8;
        StringBuilder network = new StringBuilder(address instanceof Inet4Address ? "v4:" : "v6:");
        for (int i = 0; i < Math.min(prefix, bytes.length); i++) {
            network.append(bytes[i] & 0xff).append('.');
        }
        return network.toString();
    }

    private final class Counted implements Command {

        private final Command command;

        Counted(Command command) {
            this.command = command;
        }

        @Override
        public void execute(String line, Session session) throws IOException, DropConnectionException {
            AtomicInteger count = commands.get(session);
            if (count != null && count.incrementAndGet() > maxCommands) {
                throw new DropConnectionException(SmtpReplies.UNAVAILABLE, SmtpReplies.tooManyCommands(maxCommands));
            }
            command.execute(line, session);
        }

        @Override
        public HelpMessage getHelp() throws CommandException {
            return command.getHelp();
        }

        @Override
        public String getName() {
            return command.getName();
        }
    }
}
