package dev.inboxes.smtp.auth;

import dev.inboxes.domain.message.Authentication;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * DMARC (RFC 7489), written here because no maintained Java library does it: the {@code From:} domain's policy
 * record, and whether an SPF or DKIM pass is aligned with that domain. The organizational domain is found by the
 * DNS tree walk of DMARC's successor (no public suffix list): the shortest parent (of two labels or more) that
 * publishes a DMARC record (a record with {@code psd=y} points one label lower); with none found, the domain
 * itself, so relaxed alignment is then exact. At most {@value #MAX_WALK} names are asked per domain.
 * {@code pct}, {@code rua}, {@code ruf} and {@code fo} are read over: nothing is reported and no sample is taken.
 */
public final class Dmarc {

    static final int MAX_WALK = 8;
    static final int MAX_RECORD_LENGTH = 4096;

    /** TXT lookups, as the evaluation needs them. */
    public interface Txt {
        /** The TXT strings at {@code name}: empty when there are none, {@code null} after a temporary failure. */
        List<String> texts(String name);
    }

    /** A parsed policy record. */
    record Policy(String p, String sp, boolean strictDkim, boolean strictSpf, boolean psd) {
    }

    /** What reading one name gave: a record, none, a broken record, or a temporary failure. */
    enum Found { RECORD, NONE, BROKEN, TEMPERROR }

    private record Lookup(Found found, Policy policy) {
    }

    private final Txt dns;
    private final Map<String, Lookup> seen = new LinkedHashMap<>();

    private Dmarc(Txt dns) {
        this.dns = dns;
    }

    /** The outcome: the contract's DMARC result, and whether an aligned SPF or DKIM pass vouches for the domain. */
    public record Outcome(Authentication.Dmarc dmarc, boolean alignedPass) {
    }

    /**
     * Evaluates DMARC for the {@code From:} domain.
     *
     * @param spf  the SPF result and the domain it was for (the envelope sender's domain)
     * @param dkim the DKIM results
     */
    public static Outcome evaluate(String fromDomain, Authentication.Spf spf, List<Authentication.Dkim> dkim, Txt dns) {
        if (fromDomain == null || !SpfCheck.validDomain(fromDomain)) {
            return new Outcome(new Authentication.Dmarc("none", null, fromDomain), false);
        }
        return new Dmarc(dns).evaluate(fromDomain.toLowerCase(Locale.ROOT), spf, dkim);
    }

    private Outcome evaluate(String from, Authentication.Spf spf, List<Authentication.Dkim> dkim) {
        Lookup own = read(from);
        Policy policy = null;
        boolean subdomain = false;
        boolean broken = own.found() == Found.BROKEN;
        boolean temporary = own.found() == Found.TEMPERROR;
        if (own.found() == Found.RECORD && !own.policy().psd()) {
            policy = own.policy();
        } else if (!temporary) {
            OrgDomain org = orgDomain(from);
            temporary = org.temporary();
            if (!org.domain().equals(from)) {
                Lookup parent = read(org.domain());
                if (parent.found() == Found.RECORD) {
                    policy = parent.policy();
                    subdomain = true;
                }
                broken |= parent.found() == Found.BROKEN;
                temporary |= parent.found() == Found.TEMPERROR;
            }
        }
        boolean strictSpf = policy != null && policy.strictSpf();
        boolean strictDkim = policy != null && policy.strictDkim();
        boolean spfAligned = "pass".equals(spf.result()) && aligned(spf.domain(), from, strictSpf);
        boolean dkimAligned = false;
        boolean temporaryAuth = "temperror".equals(spf.result()) && related(spf.domain(), from);
        for (Authentication.Dkim signature : dkim) {
            if ("pass".equals(signature.result()) && aligned(signature.domain(), from, strictDkim)) {
                dkimAligned = true;
            }
            temporaryAuth |= "temperror".equals(signature.result()) && related(signature.domain(), from);
        }
        boolean alignedPass = spfAligned || dkimAligned;
        if (policy == null) {
            String result = temporary ? "temperror" : broken ? "permerror" : "none";
            return new Outcome(new Authentication.Dmarc(result, null, from), alignedPass);
        }
        String asked = subdomain && policy.sp() != null ? policy.sp() : policy.p();
        String result = alignedPass ? "pass" : temporaryAuth || temporary ? "temperror" : "fail";
        return new Outcome(new Authentication.Dmarc(result, asked, from), alignedPass);
    }

    /** Strict: the same domain; relaxed: the same organizational domain. */
    private boolean aligned(String authenticated, String from, boolean strict) {
        if (authenticated == null) {
            return false;
        }
        String domain = authenticated.toLowerCase(Locale.ROOT);
        if (domain.endsWith(".")) {
            domain = domain.substring(0, domain.length() - 1);
        }
        if (domain.equals(from)) {
            return true;
        }
        if (strict || !related(domain, from) || !SpfCheck.validDomain(domain)) {
            return false;
        }
        OrgDomain ours = orgDomain(from);
        OrgDomain theirs = orgDomain(domain);
        return !ours.temporary() && !theirs.temporary() && ours.domain().equals(theirs.domain());
    }

    /** Whether one domain is the other or a parent of it: only then can they share an organizational domain. */
    private static boolean related(String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        return x.equals(y) || x.endsWith("." + y) || y.endsWith("." + x) || commonParent(x, y);
    }

    private static boolean commonParent(String x, String y) {
        int dot = x.indexOf('.');
        while (dot >= 0) {
            String parent = x.substring(dot + 1);
            if (parent.indexOf('.') < 0) {
                return false; // a top-level domain is nobody's organization
            }
            if (y.endsWith("." + parent)) {
                return true;
            }
            dot = x.indexOf('.', dot + 1);
        }
        return false;
    }

    private record OrgDomain(String domain, boolean temporary) {
    }

    /** The tree walk: the shortest parent of two labels or more with a DMARC record (below a {@code psd=y} one). */
    private OrgDomain orgDomain(String domain) {
        String[] labels = domain.split("\\.");
        int first = Math.max(0, labels.length - MAX_WALK - 1);
        for (int start = labels.length - 2; start >= first && start >= 0; start--) {
            String candidate = String.join(".", java.util.Arrays.copyOfRange(labels, start, labels.length));
            Lookup found = read(candidate);
            if (found.found() == Found.TEMPERROR) {
                return new OrgDomain(domain, true);
            }
            if (found.found() == Found.RECORD) {
                if (found.policy().psd()) {
                    if (start == 0) {
                        return new OrgDomain(domain, false);
                    }
                    continue; // a public suffix: the organization is one label lower
                }
                return new OrgDomain(candidate, false);
            }
        }
        return new OrgDomain(domain, false);
    }

    private Lookup read(String domain) {
        return seen.computeIfAbsent(domain, name -> {
            List<String> texts = dns.texts("_dmarc." + name);
            if (texts == null) {
                return new Lookup(Found.TEMPERROR, null);
            }
            List<String> records = new ArrayList<>();
            for (String text : texts) {
                if (text.regionMatches(true, 0, "v=DMARC1", 0, 8)) {
                    records.add(text);
                }
            }
            if (records.isEmpty()) {
                return new Lookup(Found.NONE, null);
            }
            if (records.size() > 1) {
                return new Lookup(Found.BROKEN, null); // RFC 7489 6.6.3: more than one is none to apply
            }
            return parse(records.get(0)).map(policy -> new Lookup(Found.RECORD, policy))
                    .orElse(new Lookup(Found.BROKEN, null));
        });
    }

    /**
     * Reads a DMARC record: {@code v=DMARC1} first, then {@code tag=value} pairs separated by {@code ;}. A record
     * without a valid {@code p} is read as {@code p=none} when it names a report address ({@code rua}, RFC 7489
     * 6.6.3), else it is not valid; unknown tags are ignored.
     */
    static Optional<Policy> parse(String record) {
        if (record == null || record.length() > MAX_RECORD_LENGTH) {
            return Optional.empty();
        }
        String[] parts = record.split(";", -1);
        Map<String, String> tags = new LinkedHashMap<>();
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].strip();
            if (part.isEmpty()) {
                if (i == parts.length - 1) {
                    continue;
                }
                continue;
            }
            int equals = part.indexOf('=');
            if (equals <= 0) {
                return Optional.empty();
            }
            String tag = part.substring(0, equals).strip().toLowerCase(Locale.ROOT);
            String value = part.substring(equals + 1).strip();
            if (i == 0 && !(tag.equals("v") && value.equals("DMARC1"))) {
                return Optional.empty();
            }
            if (!tag.matches("[a-z][a-z0-9_]*") || tags.containsKey(tag)) {
                return Optional.empty();
            }
            tags.put(tag, value);
        }
        if (!"DMARC1".equals(tags.get("v"))) {
            return Optional.empty();
        }
        String p = disposition(tags.get("p"));
        String sp = tags.containsKey("sp") ? disposition(tags.get("sp")) : null;
        if (p == null || (tags.containsKey("sp") && sp == null)) {
            if (tags.getOrDefault("rua", "").contains("mailto:")) {
                p = "none";
                sp = null;
            } else {
                return Optional.empty();
            }
        }
        Boolean strictDkim = alignment(tags.get("adkim"));
        Boolean strictSpf = alignment(tags.get("aspf"));
        if (strictDkim == null || strictSpf == null) {
            return Optional.empty();
        }
        boolean psd = "y".equalsIgnoreCase(tags.getOrDefault("psd", "n"));
        return Optional.of(new Policy(p, sp, strictDkim, strictSpf, psd));
    }

    private static String disposition(String value) {
        if (value == null) {
            return null;
        }
        String lower = value.toLowerCase(Locale.ROOT);
        return lower.equals("none") || lower.equals("quarantine") || lower.equals("reject") ? lower : null;
    }

    /** {@code r} (the default) is relaxed, {@code s} strict; anything else is no valid record. */
    private static Boolean alignment(String value) {
        if (value == null || value.equalsIgnoreCase("r")) {
            return false;
        }
        return value.equalsIgnoreCase("s") ? true : null;
    }
}
