package dev.inboxes.smtp.auth;

import dev.inboxes.domain.message.Authentication;
import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.security.KeyFactory;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.james.jdkim.DKIMVerifier;
import org.apache.james.jdkim.api.PublicKeyRecordRetriever;
import org.apache.james.jdkim.api.Result;
import org.apache.james.jdkim.exceptions.PermFailException;
import org.apache.james.jdkim.exceptions.TempFailException;
import org.jboss.logging.Logger;
import org.xbill.DNS.Type;

/**
 * The checks at receipt of one message received over SMTP: SPF for the envelope sender (the HELO name for a null
 * sender) and the connecting address, DKIM for each of the first {@value Authentication#MAX_SIGNATURES} signatures
 * (jDKIM for RSA-SHA256, {@link Ed25519Dkim} for Ed25519; a signature with {@code l=}, which covers only part of the
 * body, is not checked and counts for nothing),
 * then DMARC ({@link Dmarc}). Every DNS lookup of the message shares one budget; whatever happens the checks end
 * with a result, never an exception, so the message is stored either way.
 */
public final class MessageAuthenticator {

    private static final Logger LOG = Logger.getLogger(MessageAuthenticator.class);
    /** Larger RSA keys are refused ({@code permerror}): RFC 8301 asks verifiers for 1024 to 4096 bits. */
    static final int MAX_KEY_BITS = 4096;
    static final int MAX_KEY_RECORD_LENGTH = 8192;
    static final String HEADER = "Authentication-Results";
    private static final java.util.Set<String> SUPPORTED_ALGORITHMS = java.util.Set.of("rsa-sha256"); // rsa-sha1 is no longer valid (RFC 8301)

    private final AuthDns dns;
    private final Duration budget;
    private final String authservId;

    /** The outcome: the results, the header to put in front, and the message without others' claims of our id. */
    public record Checked(Authentication authentication, String header, byte[] raw) {
    }

    public MessageAuthenticator(AuthDns dns, Duration budget, String authservId) {
        this.dns = dns;
        this.budget = budget;
        this.authservId = authservId.toLowerCase(Locale.ROOT);
    }

    public String authservId() {
        return authservId;
    }

    /**
     * Checks a message.
     *
     * @param client   the connecting address
     * @param helo     the name given with HELO/EHLO, or {@code null}
     * @param mailFrom the envelope sender; empty for the null sender
     */
    public Checked check(byte[] raw, InetAddress client, String helo, String mailFrom) {
        long deadline = System.nanoTime() + budget.toNanos();
        AuthDns.Lookups lookups = dns.within(deadline);
        ReceivedHeaders headers = ReceivedHeaders.of(raw);
        List<ReceivedHeaders.Field> claims = headers.named(HEADER).stream()
                .filter(field -> ReceivedHeaders.authservId(field.value()).equals(authservId)).toList();
        byte[] kept = ReceivedHeaders.cut(raw, claims);
        headers = headers.without(claims);
        Authentication authentication;
        try {
            authentication = authenticate(kept, headers, lookups, client, helo, mailFrom);
        } catch (RuntimeException unexpected) {
            // Never a reason to refuse or lose the message: it is stored as one nobody vouched for.
            LOG.warn("The checks at receipt failed; the message is stored with permerror results", unexpected);
            authentication = new Authentication(new Authentication.Spf("permerror", null), List.of(),
                    new Authentication.Dmarc("permerror", null, null), "none");
        }
        return new Checked(authentication, header(authentication, mailFrom), kept);
    }

    private Authentication authenticate(byte[] raw, ReceivedHeaders headers, AuthDns.Lookups lookups,
            InetAddress client, String helo, String mailFrom) {
        String senderDomain = mailFrom == null || mailFrom.isEmpty() ? null : ReceivedHeaders.fromDomain(mailFrom);
        String heloName = helo == null ? null : helo.trim().toLowerCase(Locale.ROOT);
        String spfDomain = mailFrom == null || mailFrom.isEmpty() ? heloName : senderDomain;
        String spfSender = mailFrom == null || mailFrom.isEmpty() ? "postmaster@" + heloName : mailFrom;
        String spfResult = client == null ? "none"
                : SpfCheck.check(lookups, client, spfDomain, spfSender, heloName);
        Authentication.Spf spf = new Authentication.Spf(spfResult,
                spfDomain != null && SpfCheck.validDomain(spfDomain) ? spfDomain : null);

        List<Authentication.Dkim> dkim = dkim(raw, headers, lookups);

        List<ReceivedHeaders.Field> from = headers.named("From");
        List<String> fromDomains = from.isEmpty() ? List.of() : ReceivedHeaders.fromDomains(from.get(0).value());
        String fromDomain = fromDomains.isEmpty() ? null : fromDomains.get(0);
        Dmarc.Outcome outcome;
        if (from.size() > 1 || fromDomains.stream().distinct().count() > 1) {
            // Two From fields, or authors of different domains: no one domain can vouch for the message (RFC 7489
            // 6.6.1), and a list showing the first author must not call it verified by the last one's domain.
            outcome = new Dmarc.Outcome(new Authentication.Dmarc("permerror", null, fromDomain), false);
        } else {
            outcome = Dmarc.evaluate(fromDomain, spf, dkim, name -> {
                AuthDns.Answer answer = lookups.lookup(name, Type.TXT);
                return answer.status() == AuthDns.Status.TEMPERROR ? null : lookups.texts(answer);
            });
        }
        boolean temporary = "temperror".equals(spfResult)
                || dkim.stream().anyMatch(signature -> "temperror".equals(signature.result()));
        return new Authentication(spf, dkim, outcome.dmarc(),
                Authentication.verdictOf(outcome.dmarc(), outcome.alignedPass(), temporary));
    }

    /** One result per signature checked, in the message's order. */
    private List<Authentication.Dkim> dkim(byte[] raw, ReceivedHeaders headers, AuthDns.Lookups lookups) {
        List<ReceivedHeaders.Field> signatures = headers.named("DKIM-Signature");
        if (signatures.isEmpty()) {
            return List.of();
        }
        List<ReceivedHeaders.Field> checked = signatures.subList(0, Math.min(signatures.size(),
                Authentication.MAX_SIGNATURES));
        List<ReceivedHeaders.Field> dropped = new ArrayList<>(signatures.subList(checked.size(), signatures.size()));
        List<Authentication.Dkim> partial = new ArrayList<>();
        List<ReceivedHeaders.Field> verified = new ArrayList<>();
        for (ReceivedHeaders.Field signature : checked) {
            Map<String, String> tags = ReceivedHeaders.tags(signature.value());
            if (tags.containsKey("l")) {
                partial.add(new Authentication.Dkim("neutral", domain(tags.get("d")), selector(tags.get("s"))));
                dropped.add(signature);
            } else if (Ed25519Dkim.applies(tags)) {
                // jDKIM 0.5 verifies RSA only: Ed25519 (RFC 8463) here, with jDKIM's canonicalization.
                partial.add(new Authentication.Dkim(Ed25519Dkim.verify(headers, signature.rawValue(), raw,
                        headers.bodyStart, lookups), domain(tags.get("d")), selector(tags.get("s"))));
                dropped.add(signature);
            } else if (!SUPPORTED_ALGORITHMS.contains(tags.getOrDefault("a", "").toLowerCase(Locale.ROOT))) {
                partial.add(new Authentication.Dkim("permerror", domain(tags.get("d")), selector(tags.get("s"))));
                dropped.add(signature);
            } else {
                verified.add(signature);
            }
        }
        List<Authentication.Dkim> results = new ArrayList<>();
        if (!verified.isEmpty()) {
            java.util.Set<String> unusableKeys = new java.util.HashSet<>();
            DKIMVerifier verifier = new DKIMVerifier(keys(lookups, unusableKeys));
            try {
                verifier.verify(headers.without(dropped),
                        new ByteArrayInputStream(raw, headers.bodyStart, raw.length - headers.bodyStart));
            } catch (Exception failed) { // FailException when none verifies; the results say why
                LOG.debugf("DKIM: %s", failed.getMessage());
            }
            List<Result> outcomes = new ArrayList<>(verifier.getResults());
            for (int i = 0; i < verified.size(); i++) {
                Map<String, String> tags = ReceivedHeaders.tags(verified.get(i).value());
                Result outcome = resultFor(verified.get(i), outcomes);
                String result = outcome == null ? "permerror" : word(outcome.getResultType());
                if ("fail".equals(result) && unusableKeys.contains(keyName(tags))) {
                    result = "permerror"; // no key, or none usable: nothing could be verified (RFC 8601 2.7.1)
                }
                results.add(new Authentication.Dkim(result, domain(tags.get("d")), selector(tags.get("s"))));
            }
        }
        // Back in the message's order.
        List<Authentication.Dkim> ordered = new ArrayList<>();
        int v = 0;
        int p = 0;
        for (ReceivedHeaders.Field signature : checked) {
            ordered.add(verified.contains(signature) ? results.get(v++) : partial.get(p++));
        }
        return ordered;
    }

    /** jDKIM's result for a signature field: the one that names the field, else the next one in order. */
    private static Result resultFor(ReceivedHeaders.Field field, List<Result> outcomes) {
        for (Result outcome : outcomes) {
            String rawField = outcome.getDkimRawField();
            if (rawField != null && (rawField.equals(field.text()) || field.text().endsWith(rawField.trim()))) {
                outcomes.remove(outcome);
                return outcome;
            }
        }
        return outcomes.isEmpty() ? null : outcomes.remove(0);
    }

    private static String word(Result.Type type) {
        return switch (type) {
            case PASS -> "pass";
            case FAIL -> "fail";
            case NONE -> "none";
            case POLICY, NEUTRAL -> "neutral";
            case TEMPERROR -> "temperror";
            case PERMERROR -> "permerror";
        };
    }

    private static String domain(String value) {
        if (value == null) {
            return null;
        }
        String domain = value.toLowerCase(Locale.ROOT);
        return SpfCheck.validDomain(domain) ? domain : null;
    }

    private static String selector(String value) {
        return value != null && value.length() <= 63 * 4 && value.matches("[A-Za-z0-9_.-]+") ? value : null;
    }

    /** Keys from DNS within the message's budget; a key that is too large is refused before jDKIM reads it. */
    private static PublicKeyRecordRetriever keys(AuthDns.Lookups lookups, java.util.Set<String> unusable) {
        return (method, selector, token) -> {
            String name = (selector + "._domainkey." + token).toLowerCase(Locale.ROOT);
            if (!"dns/txt".contentEquals(method)) {
                unusable.add(name);
                throw new PermFailException("only dns/txt keys are looked up");
            }
            AuthDns.Answer answer = lookups.lookup(name, Type.TXT);
            switch (answer.status()) {
                case TEMPERROR -> throw new TempFailException("the key's DNS lookup timed out or failed");
                case INVALID_NAME, NO_SUCH_NAME, NO_DATA -> {
                    unusable.add(name);
                    throw new PermFailException("no key for signature");
                }
                default -> {
                }
            }
            List<String> records = lookups.texts(answer);
            try {
                for (String record : records) {
                    checkKey(record);
                }
            } catch (PermFailException e) {
                unusable.add(name);
                throw e;
            }
            return records;
        };
    }

    private static String keyName(Map<String, String> tags) {
        return (tags.getOrDefault("s", "") + "._domainkey." + tags.getOrDefault("d", "")).toLowerCase(Locale.ROOT);
    }

    /** A key record that can verify: an RSA key of at most {@value #MAX_KEY_BITS} bits. */
    private static void checkKey(String record) throws PermFailException {
        if (record.length() > MAX_KEY_RECORD_LENGTH) {
            throw new PermFailException("key record too long");
        }
        Map<String, String> tags = ReceivedHeaders.tags(record);
        String k = tags.getOrDefault("k", "rsa");
        String p = tags.get("p");
        if (!"rsa".equalsIgnoreCase(k) || p == null || p.isEmpty()) {
            throw new PermFailException("no RSA key (a revoked key has an empty p=)");
        }
        try {
            RSAPublicKey key = (RSAPublicKey) KeyFactory.getInstance("RSA")
                    .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(p)));
            if (key.getModulus().bitLength() > MAX_KEY_BITS
                    || key.getPublicExponent().compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
                throw new PermFailException("key larger than " + MAX_KEY_BITS + " bits");
            }
        } catch (PermFailException e) {
            throw e;
        } catch (Exception unreadable) {
            throw new PermFailException("unreadable key");
        }
    }

    /** The {@code Authentication-Results} field (RFC 8601) with its CRLF. */
    String header(Authentication authentication, String mailFrom) {
        StringBuilder header = new StringBuilder(200).append(HEADER).append(": ").append(authservId);
        Authentication.Spf spf = authentication.spf();
        header.append(";\r\n\tspf=").append(spf.result());
        if (spf.domain() != null) {
            header.append(mailFrom == null || mailFrom.isEmpty() ? " smtp.helo=" : " smtp.mailfrom=")
                    .append(spf.domain());
        }
        if (authentication.dkim().isEmpty()) {
            header.append(";\r\n\tdkim=none");
        }
        for (Authentication.Dkim signature : authentication.dkim()) {
            header.append(";\r\n\tdkim=").append(signature.result());
            if (signature.domain() != null) {
                header.append(" header.d=").append(signature.domain());
            }
            if (signature.selector() != null) {
                header.append(" header.s=").append(signature.selector());
            }
        }
        Authentication.Dmarc dmarc = authentication.dmarc();
        header.append(";\r\n\tdmarc=").append(dmarc.result());
        if (dmarc.policy() != null) {
            header.append(" (p=").append(dmarc.policy()).append(')');
        }
        if (dmarc.domain() != null) {
            header.append(" header.from=").append(dmarc.domain());
        }
        return header.append("\r\n").toString();
    }
}
