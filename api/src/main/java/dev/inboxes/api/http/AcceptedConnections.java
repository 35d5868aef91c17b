package dev.inboxes.api.http;

import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.problem.ProblemType;
import dev.inboxes.domain.shared.Text;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.quarkus.vertx.http.HttpServer;
import io.quarkus.vertx.http.HttpServerStart;
import io.vertx.core.Vertx;
import io.vertx.core.http.impl.HttpServerImpl;
import io.vertx.core.impl.VertxInternal;
import io.vertx.core.json.Json;
import io.vertx.core.net.impl.TCPServerBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.Field;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * Connections to the API port, counted from the TCP accept: per client address (at most
 * {@link HttpLimitsConfig#connectionsPerAddress()}) and in total (for readiness), and each given
 * {@link HttpLimitsConfig#headDeadline()} to complete a request head.
 * <p>
 * Vert.x and Quarkus offer neither: Quarkus caps connections only in total ({@code quarkus.http.limits.max-connections},
 * also counted at accept), and a route sees a connection only once a request's headers are complete, so a client
 * that opens thousands of connections and never finishes its headers took them all while a route-level count saw
 * none. Nor does the HTTP server bound the time a head may take: the idle timeout (which must outlast a wait) is
 * reset by every byte. So a handler is put on the listening channel of the API server, where each accepted connection
 * passes before Vert.x sets it up: one over its address's share is answered {@code 429} at once and closed, the
 * others get a watch on their request heads. The listening channel is not public Vert.x API (a field of
 * {@link TCPServerBase}): the start fails if it cannot be reached, so an upgrade that moves it cannot silently drop
 * these limits. The management interface (health, metrics) is a server of its own and is not concerned.
 */
@ApplicationScoped
@RegisterForReflection(targets = TCPServerBase.class)
public class AcceptedConnections {

    private static final Logger LOG = Logger.getLogger(AcceptedConnections.class);
    private static final String RETRY_AFTER_SECONDS = "1";

    private final int cap;
    private final long headDeadlineMillis;
    private final OptionalInt maxConnections;
    private final Map<String, Integer> perAddress = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private final Acceptor acceptor = new Acceptor();
    private final Instance<HttpServer> httpServer;
    private volatile Channel listening;

    AcceptedConnections(HttpLimitsConfig config, Instance<HttpServer> httpServer) {
        this.httpServer = httpServer;
        this.cap = config.connectionsPerAddress();
        this.headDeadlineMillis = config.headDeadline().toMillis();
        this.maxConnections = ConfigProvider.getConfig().getOptionalValue("quarkus.http.limits.max-connections",
                Integer.class).map(OptionalInt::of).orElse(OptionalInt.empty());
    }

    /** Connections open on the API port now, counted from their accept. */
    public int open() {
        return open.get();
    }

    /** The server's total bound on connections ({@code quarkus.http.limits.max-connections}), if any. */
    public OptionalInt maxConnections() {
        return maxConnections;
    }

    /** The most connections one client address holds now. */
    public int mostFromOneAddress() {
        return perAddress.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /** Whether connections are counted yet: from just after the API server's start (readiness waits for it). */
    public boolean counting() {
        return listening != null;
    }

    /** Quarkus announces the start asynchronously; a start that cannot be watched is ended, not served unguarded. */
    void onStart(@ObservesAsync HttpServerStart started, Vertx vertx) {
        try {
            install(started, vertx);
        } catch (RuntimeException unguarded) {
            LOG.error("Stopping: connections to the API port cannot be counted", unguarded);
            Quarkus.asyncExit(1);
        }
    }

    private synchronized void install(HttpServerStart started, Vertx vertx) {
        if (listening != null) {
            return;
        }
        int port = apiPort(started);
        for (HttpServerImpl server : ((VertxInternal) vertx).sharedHttpServers().values()) {
            if (server.actualPort() == port) {
                listening = listeningChannel(server);
                listening.pipeline().addFirst("inboxes-accepted-connections", acceptor);
                LOG.debugf("Connections to port %d counted from their accept", port);
                return;
            }
        }
        throw new IllegalStateException("No HTTP server listens on port " + port + ": connections cannot be counted");
    }

    /**
     * The API port: the one configured or, when it is {@code 0} (a random port, as the packaged-app tests ask), the one
     * the server was given, which Quarkus publishes as {@link HttpServer#getPort()}.
     */
    private int apiPort(HttpServerStart started) {
        int configured = started.options().getPort();
        if (configured > 0) {
            return configured;
        }
        if (httpServer.isResolvable() && httpServer.get().getPort() > 0) {
            return httpServer.get().getPort();
        }
        if (LaunchMode.current() == LaunchMode.TEST) {
            String picked = System.getProperty("quarkus.http.test-port");
            if (picked != null && !"0".equals(picked)) {
                return Integer.parseInt(picked);
            }
        }
        return configured;
    }

    private static Channel listeningChannel(HttpServerImpl server) {
        try {
            Field bound = TCPServerBase.class.getDeclaredField("bindFuture");
            bound.setAccessible(true);
            io.vertx.core.Future<?> future = (io.vertx.core.Future<?>) bound.get(server);
            if (future != null && future.result() instanceof Channel channel) {
                return channel;
            }
            throw new IllegalStateException("the HTTP server on port " + server.actualPort() + " has no bound channel");
        } catch (ReflectiveOperationException | RuntimeException unreachable) {
            throw new IllegalStateException("The HTTP server's listening channel cannot be reached (Vert.x changed?): "
                    + "connections cannot be counted from their accept", unreachable);
        }
    }

    private static String addressOf(Channel channel) {
        return channel.remoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
                ? address.getAddress().getHostAddress() : "unknown";
    }

    /** On the listening channel: sees every accepted connection before Vert.x sets it up. */
    @ChannelHandler.Sharable
    private final class Acceptor extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof Channel accepted) {
                String address = addressOf(accepted);
                int connections = perAddress.merge(address, 1, Integer::sum);
                open.incrementAndGet();
                accepted.closeFuture().addListener(closed -> release(address));
                accepted.pipeline().addFirst("inboxes-request-head", connections <= cap
                        ? new HeadWatch() : new Refusal());
            }
            context.fireChannelRead(message);
        }
    }

    private void release(String address) {
        open.decrementAndGet();
        perAddress.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1);
    }

    /** A connection over its address's share: told why, then closed; nothing it sends reaches the server. */
    private final class Refusal extends ChannelInboundHandlerAdapter {

        @Override
        public void channelActive(ChannelHandlerContext context) {
            ProblemType type = ProblemType.TOO_MANY_CONNECTIONS;
            answerAndClose(context, type, "Retry-After: " + RETRY_AFTER_SECONDS + "\r\n", "This client address "
                    + "already has " + cap + " connections open, the most allowed. Reuse open connections "
                    + "(keep-alive) or close idle ones, then retry.");
        }

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            ReferenceCountUtil.release(message);
        }
    }

    /**
     * Bounds the time from a request head's first byte (for the first request: from the accept) to its end. It sits
     * first in the connection's pipeline to see bytes arrive, and right after the HTTP decoder to see heads complete.
     */
    private final class HeadWatch extends ChannelDuplexHandler {

        private ScheduledFuture<?> deadline;
        private boolean inRequest;
        private boolean watchingHeads;

        @Override
        public void channelActive(ChannelHandlerContext context) throws Exception {
            watchHeads(context);
            startDeadline(context); // the first head is due from the accept
            super.channelActive(context);
        }

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) throws Exception {
            watchHeads(context);
            if (!inRequest && deadline == null) {
                startDeadline(context);
            }
            super.channelRead(context, message);
        }

        @Override
        public void channelInactive(ChannelHandlerContext context) throws Exception {
            cancelDeadline();
            super.channelInactive(context);
        }

        /** Once Vert.x has set up the connection's HTTP decoder (an upgrade to HTTP/2 removes it: heads go unwatched). */
        private void watchHeads(ChannelHandlerContext context) {
            if (!watchingHeads && context.pipeline().get("httpDecoder") != null) {
                context.pipeline().addAfter("httpDecoder", "inboxes-request-head-end", new HeadEnd(this));
                watchingHeads = true;
            }
        }

        private void startDeadline(ChannelHandlerContext context) {
            deadline = context.executor().schedule(() -> {
                deadline = null;
                if (!inRequest && context.channel().isActive()) {
                    answerAndClose(context, ProblemType.REQUEST_TIMEOUT, "", "The request head (request line and "
                            + "headers) did not arrive within " + headDeadlineMillis / 1000.0 + " seconds. Send the "
                            + "whole head at once, then retry.");
                }
            }, headDeadlineMillis, TimeUnit.MILLISECONDS);
        }

        private void cancelDeadline() {
            if (deadline != null) {
                deadline.cancel(false);
                deadline = null;
            }
        }

        void headComplete() {
            inRequest = true;
            cancelDeadline();
        }

        void requestComplete() {
            inRequest = false; // the next head is due from its first byte
        }
    }

    /**
     * After the HTTP decoder: a decoded head ends the wait for it, the request's last content ends the request. It
     * also refuses, with a {@code 400} problem and the connection's close (RFC 9112), what the decoder lets through
     * or reports only as a failed message: a {@code Transfer-Encoding} whose last coding is not {@code chunked}
     * ({@code xchunked}, which would be read by its {@code Content-Length}), both {@code Transfer-Encoding} and
     * {@code Content-Length}, more than one {@code Host}, and a malformed body chunk (a bad chunk size), which the
     * HTTP server would only report as an exception. Nothing after a refusal reaches the server.
     */
    private static final class HeadEnd extends ChannelInboundHandlerAdapter {

        private final HeadWatch watch;
        private boolean refused;

        HeadEnd(HeadWatch watch) {
            this.watch = watch;
        }

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (refused) {
                ReferenceCountUtil.release(message);
                return;
            }
            String malformed = malformed(message);
            if (malformed != null) {
                refused = true;
                ReferenceCountUtil.release(message);
                answerAndClose(context, ProblemType.INVALID_REQUEST, "", malformed);
                return;
            }
            if (message instanceof HttpRequest) {
                watch.headComplete();
            }
            if (message instanceof LastHttpContent) {
                watch.requestComplete();
            }
            context.fireChannelRead(message);
        }

        /** What is wrong with the message's framing, or null; a head the decoder refused is the server's to answer. */
        private static String malformed(Object message) {
            if (message instanceof HttpRequest request) {
                if (request.decoderResult().isFailure()) {
                    return null;
                }
                HttpHeaders headers = request.headers();
                List<String> codings = headers.getAll(HttpHeaderNames.TRANSFER_ENCODING);
                if (!codings.isEmpty()) {
                    String joined = String.join(",", codings);
                    String last = joined.substring(joined.lastIndexOf(',') + 1).trim();
                    if (!last.equalsIgnoreCase("chunked")) {
                        return "Transfer-Encoding " + Text.quote(joined) + " does not end with chunked, the only "
                                + "transfer coding this server reads. Send the body with Content-Length, or chunked.";
                    }
                    if (headers.contains(HttpHeaderNames.CONTENT_LENGTH)) {
                        return "The request has both Transfer-Encoding and Content-Length. Send one of them.";
                    }
                }
                if (headers.getAll(HttpHeaderNames.HOST).size() > 1) {
                    return "The request has more than one Host header. Send exactly one.";
                }
                return null;
            }
            if (message instanceof HttpContent content && content.decoderResult().isFailure()) {
                return "The request body is malformed (" + Text.quote(String.valueOf(content.decoderResult().cause()
                        .getMessage())) + "): a chunked body is chunks of a hexadecimal size line, the bytes, CRLF, "
                        + "and a last chunk of size 0. Send a well-formed body, or use Content-Length.";
            }
            return null;
        }
    }

    /** A response written on the raw connection, before (or instead of) the HTTP server's: then the close. */
    private static void answerAndClose(ChannelHandlerContext context, ProblemType type, String headers, String detail) {
        byte[] body = Json.encode(new Problem(type.uri(), type.problem(detail).title(), type.status(), detail))
                .getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + type.status() + " " + type.problem(detail).title() + "\r\nContent-Type: "
                + ProblemType.MEDIA_TYPE + "\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n" + headers
                + "\r\n";
        ByteBuf response = Unpooled.wrappedBuffer(head.getBytes(StandardCharsets.US_ASCII), body);
        // From this handler's place, first in the pipeline: straight to the socket, past Vert.x's encoder.
        context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
}
