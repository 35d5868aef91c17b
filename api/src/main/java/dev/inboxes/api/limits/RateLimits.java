package dev.inboxes.api.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.inboxes.api.problem.KnownRoutes;
import dev.inboxes.api.problem.ProblemType;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.quarkus.vertx.http.runtime.security.SecurityHandlerPriorities;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * Rate limits on the API and {@code /mcp} (health, metrics and the spec are never limited), per client address and
 * per account, each a token bucket (bucket4j) held in this process: limits are per replica. The address limit
 * runs before authentication, so floods and key guessing are refused without a database lookup; the account limit
 * right after it. A refused request gets a 429 problem with {@code Retry-After} and is not processed at all, so it
 * is always safe to retry.
 *
 * <p>Caffeine loads the classes of a cache it builds by name, from its configuration: the cache ({@code SSMSA}:
 * strong keys and values, maximum size, expiry after access) and its entries ({@code PSAMS}). Quarkus registers
 * only those of the caches it builds itself, so a native executable needs them registered here
 * ({@code NativeReflectionIT} builds {@link #bucketCache} and checks that the classes it loads are registered).
 */
@ApplicationScoped
@RegisterForReflection(classNames = {"com.github.benmanes.caffeine.cache.SSMSA",
        "com.github.benmanes.caffeine.cache.PSAMS"})
public class RateLimits {

    /** Before authentication: an address is counted even when its key is wrong. */
    static final int ADDRESS_PRIORITY = SecurityHandlerPriorities.AUTHENTICATION + 10;
    /** After authentication, before authorization: the account is known. */
    static final int ACCOUNT_PRIORITY = SecurityHandlerPriorities.AUTHENTICATION - 10;
    private static final long MAX_TRACKED_CLIENTS = 200_000;
    private static final String SIGN_UP_PATH = "/v1/accounts";

    private final RateLimitSettings settings;
    private final KnownRoutes routes;
    private final Cache<String, Bucket> buckets;

    @Inject
    RateLimits(RateLimitSettings settings, KnownRoutes routes) {
        this.settings = settings;
        this.routes = routes;
        // A bucket left alone for a whole period is full again: forgetting it then changes nothing.
        Duration longest = Stream.of(settings.perAccount(), settings.perAddress(), settings.signUp())
                .map(RateLimitSettings.Limit::period).max(Duration::compareTo).orElseThrow();
        this.buckets = bucketCache(longest).build();
    }

    /**
     * The configuration of the buckets' cache, forgetting a client left alone for {@code idle}: public so that the
     * native build's check can build the same cache and see which classes Caffeine loads for it.
     */
    public static Caffeine<Object, Object> bucketCache(Duration idle) {
        return Caffeine.newBuilder().maximumSize(MAX_TRACKED_CLIENTS).expireAfterAccess(idle);
    }

    void register(@Observes Filters filters) {
        if (!settings.enabled()) {
            return;
        }
        filters.register(this::limitAddress, ADDRESS_PRIORITY);
        filters.register(this::limitAccount, ACCOUNT_PRIORITY);
    }

    private void limitAddress(RoutingContext context) {
        if (!isLimited(context)) {
            context.next();
            return;
        }
        String address = clientAddress(context);
        if (isSignUp(context) && refused(context, "signup:" + address, settings.signUp(),
                "Too many sign-ups from this address")) {
            return;
        }
        if (!refused(context, "address:" + address, settings.perAddress(), "Too many requests from this address")) {
            context.next();
        }
    }

    private void limitAccount(RoutingContext context) {
        String accountId = isLimited(context) ? accountOf(context) : null;
        if (accountId == null
                || !refused(context, "account:" + accountId, settings.perAccount(), "Too many requests for this account")) {
            context.next();
        }
    }

    /** Takes a token from the client's bucket; when there is none, answers 429 and returns true. */
    private boolean refused(RoutingContext context, String client, RateLimitSettings.Limit limit, String what) {
        Bucket bucket = buckets.get(client, key -> Bucket.builder()
                .addLimit(bandwidth -> bandwidth.capacity(limit.requests()).refillGreedy(limit.requests(), limit.period()))
                .build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return false;
        }
        long retryAfter = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
        context.response().putHeader(HttpHeaders.RETRY_AFTER, String.valueOf(retryAfter));
        ProblemType.RATE_LIMITED.end(context.response(), what + ": at most " + limit.describe() + ". Retry after "
                + retryAfter + (retryAfter == 1 ? " second" : " seconds") + " (the Retry-After header); the request "
                + "was not processed, so it is safe to send again.");
        return true;
    }

    /** By the path as routes match it: {@code /v1;x/inboxes} is limited like {@code /v1/inboxes}. */
    private static boolean isLimited(RoutingContext context) {
        String path = KnownRoutes.canonicalPath(context.normalizedPath());
        return path.startsWith("/v1/") || path.equals("/mcp") || path.startsWith("/mcp/");
    }

    /** By the route the request is matched to, not its raw path ({@code /v1/accounts/}, {@code /v1/accounts;x=1}). */
    private boolean isSignUp(RoutingContext context) {
        return context.request().method() == HttpMethod.POST
                && routes.templateOf(context.normalizedPath()).filter(SIGN_UP_PATH::equals).isPresent();
    }

    /** The peer's address (the original client's when Quarkus is told to trust a proxy's forwarding headers). */
    private static String clientAddress(RoutingContext context) {
        SocketAddress remote = context.request().remoteAddress();
        return remote == null || remote.host() == null ? "unknown" : remote.host();
    }

    private static String accountOf(RoutingContext context) {
        if (context.user() instanceof QuarkusHttpUser user) {
            SecurityIdentity identity = user.getSecurityIdentity();
            return identity == null || identity.isAnonymous() ? null : identity.getPrincipal().getName();
        }
        return null;
    }
}
