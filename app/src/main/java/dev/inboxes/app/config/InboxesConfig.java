package dev.inboxes.app.config;

import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.mcp.respond.AgentSettings;
import dev.inboxes.mcp.text.TextFormat;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The service's own settings, under {@code inboxes.*} (environment: {@code INBOXES_*}). */
@ConfigMapping(prefix = "inboxes")
public interface InboxesConfig {

    /** Domain of every inbox address: {@code username@mail-domain}. */
    @WithDefault("inboxes.test")
    String mailDomain();

    /**
     * Directory for local state: the embedded PostgreSQL's data (when no JDBC URL is set) and the generated
     * cursor secret (when none is configured). Relative paths resolve against the working directory.
     */
    @WithDefault(".inboxes-data")
    String dataDir();

    /** Signing of page cursors. */
    Cursor cursor();

    /**
     * How many matches a filtered list's {@code total} counts at most. Below it the total is exact; above it the
     * total is this number and the page says {@code "total_exact": false}. Counting stops there, so a first page
     * costs about what any page costs however many rows match. Unfiltered totals are always exact (counters).
     */
    @WithDefault("" + PageLimits.TOTAL_EXACT_UP_TO)
    long totalExactUpTo();

    /**
     * How many matches the {@code total} of a search by words ({@code q}) counts at most, when lower than
     * {@link #totalExactUpTo()}. Matching words costs more per row than any other filter, so its count stops sooner.
     */
    @WithDefault("" + PageLimits.TOTAL_EXACT_UP_TO_WITH_Q)
    long totalExactUpToWithQ();

    /** Rate limits of the API and {@code /mcp}, counted by each replica on its own. */
    RateLimit rateLimit();
    /** The MCP tools' results, as agents read them. */
    Mcp mcp();

    /** Waits for a message ({@code wait_for_message}, {@code GET …/messages/wait}). */
    Waits waits();

    /** Mail out: the outbox and the workers that deliver it. */
    Outbound outbound();

    /** The checks at receipt of mail received over SMTP: SPF, DKIM and DMARC. */
    Auth auth();

    /**
     * The DNS servers the checks at receipt ask (SPF, DKIM keys, DMARC), comma-separated {@code host} or
     * {@code host:port} ({@code [ipv6]:port}); the system's resolvers when absent.
     */
    Optional<List<String>> dnsServers();

    /** The event log and its stream. */
    Events events();

    /** Webhook endpoints and their deliveries. */
    Webhooks webhooks();

    interface Events {

        /**
         * How long events are kept ({@code GET /v1/events}, resuming a stream); older ones are deleted in the
         * background, in small batches, with their webhook deliveries.
         */
        @WithDefault("30D")
        Duration retention();

        /** Event streams ({@code GET /v1/events/stream}) one account may hold open on one replica; more get {@code 429}. */
        @WithDefault("5")
        int streamsPerAccount();

        /** Event streams one replica holds open at most, all accounts together; more get {@code 429}. */
        @WithDefault("1000")
        int streamsPerReplica();

        /** How often a stream gets a keep-alive comment (the contract: at least every 15 s). */
        @WithDefault("15S")
        Duration streamKeepAlive();
    }

    interface Webhooks {

        /** Whether endpoint URLs may be plain {@code http} (for development); {@code https} only otherwise. */
        @WithDefault("false")
        boolean allowHttp();

        /**
         * Whether endpoints may resolve to loopback, private, link-local or unique-local addresses (for development
         * and tests); refused otherwise, on every attempt, after DNS resolution.
         */
        @WithDefault("false")
        boolean allowPrivate();

        /** Endpoints one account may have; one more is answered {@code 409} {@code too-many-webhooks}. */
        @WithDefault("20")
        int maxPerAccount();

        /** How long one attempt waits for the endpoint's status (connect included); then it failed. */
        @WithDefault("15S")
        Duration timeout();

        /**
         * The waits between attempts of a delivery that fails (the contract's schedule); after the last one the
         * delivery has failed. Shortened only in tests.
         */
        @WithDefault("5S,5M,30M,2H,5H,10H,10H")
        List<Duration> retryDelays();

        /**
         * How long a worker's claim on a delivery holds; a replica that dies mid-attempt leaves its claims to expire,
         * then another replica attempts them again. At least twice the timeout.
         */
        @WithDefault("2M")
        Duration lease();

        /** How often each replica looks for due deliveries (retries, expired claims) when none is in hand. */
        @WithDefault("1S")
        Duration pollEvery();

        /** Deliveries one replica attempts at once, each on its own worker thread. */
        @WithDefault("8")
        int workers();

        /** Deliveries one worker claims at a time; it claims again at once while it finds a full batch. */
        @WithDefault("10")
        int batch();

        /**
         * PEM files of the certificates (a private CA's, or an endpoint's own self-signed one) that {@code https}
         * endpoints are checked against instead of the JVM's default CAs. To trust the public CAs as well, list the
         * system's bundle too. Unset: the JVM's default CAs. The host name is checked either way.
         */
        Optional<List<String>> trustCertificates();
    }

    interface Auth {

        /** Whether mail received over SMTP is checked at all; off, its {@code authentication} is {@code null}. */
        @WithDefault("true")
        boolean enabled();

        /**
         * The longest all the DNS lookups of one message may take together. A lookup that cannot finish within it
         * is a {@code temperror} (verdict {@code unknown}); the message is stored and answered {@code 250} either way.
         */
        @WithDefault("1.5S")
        Duration dnsBudget();
    }

    interface Cursor {

        /**
         * HMAC secret that signs new cursors, at least 32 characters. Every replica needs the same one. When
         * absent, a secret is generated once and kept in {@code data-dir/cursor-secret}.
         */
        Optional<String> secret();

        /**
         * Earlier secrets, still accepted when verifying cursors: after a rotation, walks in flight continue.
         * Remove one once its cursors no longer matter (they carry no expiry, so after a grace period).
         */
        Optional<List<String>> retiredSecrets();
    }

    interface RateLimit {

        /** Whether requests are rate limited at all; {@code false} only behind a gateway that limits them. */
        @WithDefault("true")
        boolean enabled();

        /** Requests of one account, whichever of its keys signs them. */
        AccountRate account();

        /** Requests from one client address, signed or not (before the API key is checked). */
        AddressRate address();

        /** Sign-ups ({@code POST /v1/accounts}) from one client address: the strictest, since accounts are free. */
        SignUpRate signUp();
    }

    interface AccountRate {

        /** Requests per period, in bursts of up to as many: about 100 per second. */
        @WithDefault("200")
        long requests();

        /** The period over which {@code requests} are refilled. */
        @WithDefault("2S")
        Duration period();
    }

    interface AddressRate {

        /** Requests per period, in bursts of up to as many: about 200 per second, for several accounts behind one NAT. */
        @WithDefault("400")
        long requests();

        /** The period over which {@code requests} are refilled. */
        @WithDefault("2S")
        Duration period();
    }

    interface SignUpRate {

        /** Sign-ups per period, in bursts of up to as many. */
        @WithDefault("20")
        long requests();

        /** The period over which {@code requests} are refilled. */
        @WithDefault("1H")
        Duration period();
    }

    interface Mcp {

        /**
         * The text block of every tool result: {@code toon} (lists as tables, the fewest tokens) or {@code json}
         * (the structured content as JSON, for hosts that parse the text). {@code structuredContent} is JSON either way.
         */
        @WithDefault("toon")
        TextFormat textFormat();

        /**
         * The most tokens (o200k) a tool result's text may hold, besides at most 16,000 characters; at least
         * {@value AgentSettings#MIN_TOKEN_BUDGET}. Pages of large rows hold fewer rows, and say so.
         */
        @WithDefault("" + AgentSettings.DEFAULT_TOKEN_BUDGET)
        int tokenBudget();

        /**
         * How long {@code delete_inboxes} waits for the user's answer when the client asks them itself (MCP
         * elicitation); without an answer in time nothing is deleted. At least a second, and below
         * {@code quarkus.http.idle-timeout} (the start fails otherwise): the call's response is silent meanwhile.
         */
        @WithDefault("60S")
        Duration confirmationTimeout();
    }

    interface Waits {

        /**
         * The most waits one account may have in progress on one replica; one more is refused ({@code 429}, a tool
         * error) until one of them returns.
         */
        @WithDefault("100")
        int maxPerAccount();

        /**
         * The most waits one replica holds, all accounts together. Each REST wait holds a connection: it must stay
         * below {@code quarkus.http.limits.max-connections} (the start fails otherwise), leaving the rest to other
         * requests.
         */
        @WithDefault("2500")
        int maxTotal();
    }

    interface Outbound {

        /**
         * How mail for other domains leaves: {@code relay} (through {@code inboxes.smtp.relay.*}; none is sent when no
         * relay host is set) or {@code mx} (straight to each recipient domain's MX hosts, {@code inboxes.smtp.mx.*}).
         * Mail for the service's own domain is delivered into its inboxes either way.
         */
        @WithDefault("relay")
        Mode mode();

        /** How mail for other domains leaves. */
        enum Mode {
            RELAY, MX
        }

        /**
         * How long a delivery that meets temporary failures (a 4xx, a connection that fails) is retried, counted from
         * when its message was accepted; then it is {@code failed}. Retries come after about 1 min, 5 min, 30 min,
         * 2 h, then every 4 h.
         */
        @WithDefault("48H")
        Duration retryFor();

        /**
         * The most deliveries one account may have waiting (queued, sending or deferred); a send beyond it is
         * answered {@code 429} {@code outbox-full} until some have gone out.
         */
        @WithDefault("10000")
        long maxPendingPerAccount();

        /**
         * Recipients one account may send to in any hour (To, Cc and Bcc of its sends, replies and forwards, counted
         * when accepted, all replicas together); a send beyond it is answered {@code 429} {@code rate-limited} with
         * {@code Retry-After}.
         */
        @WithDefault("1000")
        long sendsPerAccountPerHour();

        /** Recipients one inbox may send to in any hour, within its account's. */
        @WithDefault("200")
        long sendsPerInboxPerHour();

        /** How often each replica looks for due deliveries when it has none in hand. */
        @WithDefault("1S")
        Duration pollEvery();

        /** Deliveries one replica attempts at once, each on its own worker thread. */
        @WithDefault("4")
        int workers();

        /** Deliveries one worker claims at a time; it claims again at once while it finds a full batch. */
        @WithDefault("10")
        int batch();

        /**
         * How long a worker's claim on a delivery holds. A replica that dies mid-attempt leaves its claims to
         * expire, then another replica attempts them again; it must outlast one attempt (the relay's connect and
         * read timeouts), or a slow attempt is duplicated.
         */
        @WithDefault("10M")
        Duration lease();
    }
}
