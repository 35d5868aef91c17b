package dev.inboxes.smtp.out;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.subethamail.smtp.MessageHandler;
import org.subethamail.smtp.RejectException;
import org.subethamail.smtp.server.SMTPServer;

/** A real SMTP server on loopback that keeps what it receives, and can refuse at RCPT or after DATA. */
final class RelaySink implements AutoCloseable {

    record Received(String sender, List<String> recipients, byte[] data) {
    }

    final List<Received> received = new CopyOnWriteArrayList<>();
    volatile RejectException refuseRecipient;
    volatile RejectException refuseData;
    private final SMTPServer server;

    RelaySink(Consumer<SMTPServer.Builder> customizer) {
        SMTPServer.Builder builder = SMTPServer.port(0).bindAddress(InetAddress.getLoopbackAddress())
                .hostName("relay.test").insertReceivedHeaders(false) // so the bytes can be compared whole
                .messageHandlerFactory(context -> new Transaction());
        customizer.accept(builder);
        server = builder.build();
        server.start();
    }

    int port() {
        return server.getPortAllocated();
    }

    @Override
    public void close() {
        server.stop();
    }

    private final class Transaction implements MessageHandler {

        private String sender;
        private final List<String> recipients = new CopyOnWriteArrayList<>();

        @Override
        public void from(String from) {
            sender = from;
        }

        @Override
        public void recipient(String recipient) throws RejectException {
            if (refuseRecipient != null) {
                throw refuseRecipient;
            }
            recipients.add(recipient);
        }

        @Override
        public String data(InputStream data) throws RejectException, IOException {
            byte[] bytes = data.readAllBytes();
            if (refuseData != null) {
                throw refuseData;
            }
            received.add(new Received(sender, List.copyOf(recipients), bytes));
            return null;
        }

        @Override
        public void done() {
        }
    }
}
