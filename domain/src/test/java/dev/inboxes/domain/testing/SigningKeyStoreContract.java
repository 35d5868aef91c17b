package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.SigningKey;
import dev.inboxes.domain.outbound.SigningKeyStore;
import dev.inboxes.domain.shared.RandomIds;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every {@link SigningKeyStore} does, run against the in-memory store and the PostgreSQL store alike. */
public abstract class SigningKeyStoreContract extends StoreContract {

    private static final Instant T0 = Instant.parse("2026-12-02T19:04:00.123456Z");

    private static String newDomain() {
        return "d" + RandomIds.lowercaseAlphanumeric(12) + ".test";
    }

    /** Not real RSA keys: the store keeps bytes, and never looks inside them. */
    private static SigningKey key(String domain, String selector, Instant createdAt) {
        return new SigningKey(domain, selector, ("private " + selector).getBytes(StandardCharsets.US_ASCII),
                ("public " + selector).getBytes(StandardCharsets.US_ASCII), createdAt);
    }

    private static void assertSameKey(SigningKey actual, SigningKey expected) {
        assertThat(actual.domain()).isEqualTo(expected.domain());
        assertThat(actual.selector()).isEqualTo(expected.selector());
        assertThat(actual.privateKeyPkcs8()).isEqualTo(expected.privateKeyPkcs8());
        assertThat(actual.publicKeyX509()).isEqualTo(expected.publicKeyX509());
        assertThat(actual.createdAt()).isEqualTo(expected.createdAt());
    }

    @Test
    void aDomainWithoutKeysHasNoCurrentKey() {
        assertThat(signingKeys().current(newDomain())).isEmpty();
    }

    @Test
    void theFirstKeyAddedIfNoneIsKeptAndALaterOneIsNot() {
        String domain = newDomain();
        SigningKey first = key(domain, "s202612021904", T0);

        assertSameKey(signingKeys().addIfNone(first), first);
        assertSameKey(signingKeys().addIfNone(key(domain, "s202612021905", T0.plusSeconds(60))), first);
        assertSameKey(signingKeys().current(domain).orElseThrow(), first);
        assertThat(signingKeys().current(newDomain())).as("per domain").isEmpty();
    }

    @Test
    void anAddedKeyIsTheNewestAndSoTheCurrentOne() {
        String domain = newDomain();
        signingKeys().addIfNone(key(domain, "s202612021904", T0));
        SigningKey rotated = key(domain, "s202612031200", T0.plusSeconds(86_400));

        signingKeys().add(rotated);

        assertSameKey(signingKeys().current(domain).orElseThrow(), rotated);
        assertSameKey(signingKeys().addIfNone(key(domain, "s202612041200", T0.plusSeconds(2 * 86_400))), rotated);
    }

    @Test
    void replicasThatAllFindNoKeyAgreeOnOne() throws Exception {
        String domain = newDomain();
        CountDownLatch start = new CountDownLatch(1);
        List<CompletableFuture<SigningKey>> racers = IntStream.range(0, 4)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                    return signingKeys().addIfNone(key(domain, "s20261202190" + i, T0.plusSeconds(i)));
                }))
                .toList();

        start.countDown();

        List<String> selectors = racers.stream().map(CompletableFuture::join).map(SigningKey::selector).toList();
        assertThat(selectors).containsOnly(signingKeys().current(domain).orElseThrow().selector());
    }
}
