package dev.inboxes.smtp.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.message.Authentication;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DMARC's record parser, alignment and policy discovery, over a map of TXT records. */
class DmarcTest {

    private final Map<String, List<String>> zone = new HashMap<>();
    private final List<String> asked = new java.util.ArrayList<>();

    private Dmarc.Outcome evaluate(String from, Authentication.Spf spf, Authentication.Dkim... dkim) {
        return Dmarc.evaluate(from, spf, List.of(dkim), name -> {
            asked.add(name);
            return zone.getOrDefault(name, List.of());
        });
    }

    private static Authentication.Spf spf(String result, String domain) {
        return new Authentication.Spf(result, domain);
    }

    private static Authentication.Dkim dkim(String result, String domain) {
        return new Authentication.Dkim(result, domain, "s");
    }

    @Test
    void parsesRecords() {
        assertThat(Dmarc.parse("v=DMARC1; p=reject")).contains(new Dmarc.Policy("reject", null, false, false, false));
        assertThat(Dmarc.parse("v=DMARC1;p=quarantine;sp=none;adkim=s;aspf=s;pct=50;"))
                .contains(new Dmarc.Policy("quarantine", "none", true, true, false));
        assertThat(Dmarc.parse("v=DMARC1; p=NONE; psd=y")).contains(new Dmarc.Policy("none", null, false, false, true));
        // No valid p, but a report address: read as p=none (RFC 7489 6.6.3).
        assertThat(Dmarc.parse("v=DMARC1; p=bogus; rua=mailto:d@example.test"))
                .contains(new Dmarc.Policy("none", null, false, false, false));
        for (String broken : List.of("", "v=DMARC1", "p=reject; v=DMARC1", "v=dmarc1; p=reject", "v=DMARC1; p=reject; p=none",
                "v=DMARC1; p=reject; adkim=x", "v=DMARC1; p", "v=DMARC1; p=reject; =x", "v=DMARC1; p=reject; sp=bogus",
                "v=DMARC1 p=reject", "v=spf1 -all", "v=DMARC1; p=" + "x".repeat(5000))) {
            assertThat(Dmarc.parse(broken)).as(broken).isEmpty();
        }
    }

    @Test
    void alignedDkimOrSpfPasses() {
        zone.put("_dmarc.example.test", List.of("v=DMARC1; p=reject"));
        assertThat(evaluate("example.test", spf("fail", "example.test"), dkim("pass", "example.test")).dmarc())
                .isEqualTo(new Authentication.Dmarc("pass", "reject", "example.test"));
        assertThat(evaluate("example.test", spf("pass", "example.test")).dmarc().result()).isEqualTo("pass");
        assertThat(evaluate("example.test", spf("pass", "other.test"), dkim("pass", "other.test")).dmarc().result())
                .isEqualTo("fail");
        assertThat(evaluate("example.test", spf("softfail", "example.test"), dkim("fail", "example.test")).dmarc()
                .result()).isEqualTo("fail");
    }

    @Test
    void relaxedAlignsWithinTheOrganizationAndStrictDoesNot() {
        zone.put("_dmarc.example.test", List.of("v=DMARC1; p=quarantine; sp=reject"));
        assertThat(evaluate("mail.example.test", spf("none", null), dkim("pass", "example.test")).dmarc())
                .isEqualTo(new Authentication.Dmarc("pass", "reject", "mail.example.test"));
        assertThat(evaluate("example.test", spf("pass", "bounce.example.test")).dmarc().result()).isEqualTo("pass");
        // A sibling: same organization.
        assertThat(evaluate("a.example.test", spf("pass", "b.example.test")).dmarc().result()).isEqualTo("pass");

        zone.put("_dmarc.strict.test", List.of("v=DMARC1; p=reject; adkim=s; aspf=s"));
        assertThat(evaluate("strict.test", spf("pass", "mail.strict.test"), dkim("pass", "mail.strict.test"))
                .dmarc().result()).isEqualTo("fail");
        assertThat(evaluate("strict.test", spf("pass", "strict.test")).dmarc().result()).isEqualTo("pass");
    }

    @Test
    void aPublicSuffixRecordIsNoOrganization() {
        zone.put("_dmarc.suffix.test", List.of("v=DMARC1; p=reject; psd=y"));
        zone.put("_dmarc.shop.suffix.test", List.of("v=DMARC1; p=none"));
        // Two customers of the same suffix are different organizations.
        assertThat(evaluate("shop.suffix.test", spf("pass", "evil.suffix.test")).dmarc().result()).isEqualTo("fail");
        assertThat(evaluate("news.shop.suffix.test", spf("pass", "shop.suffix.test")).dmarc().result())
                .isEqualTo("pass");
    }

    @Test
    void noRecordIsNoneAndOnlyTheSameDomainAligns() {
        Dmarc.Outcome outcome = evaluate("plain.test", spf("pass", "plain.test"));
        assertThat(outcome.dmarc()).isEqualTo(new Authentication.Dmarc("none", null, "plain.test"));
        assertThat(outcome.alignedPass()).isTrue();
        assertThat(evaluate("plain.test", spf("pass", "sub.plain.test")).alignedPass()).isFalse();
        assertThat(evaluate(null, spf("pass", "x.test")).dmarc()).isEqualTo(new Authentication.Dmarc("none", null, null));
    }

    @Test
    void brokenOrDoubleRecordsArePermerrors() {
        zone.put("_dmarc.two.test", List.of("v=DMARC1; p=reject", "v=DMARC1; p=none"));
        assertThat(evaluate("two.test", spf("fail", "two.test")).dmarc().result()).isEqualTo("permerror");
        zone.put("_dmarc.broken.test", List.of("v=DMARC1; p=reject; adkim=?"));
        assertThat(evaluate("broken.test", spf("fail", "broken.test")).dmarc().result()).isEqualTo("permerror");
    }

    @Test
    void aTemporaryFailureIsTemperror() {
        Dmarc.Outcome outcome = Dmarc.evaluate("example.test", spf("pass", "other.test"), List.of(), name -> null);
        assertThat(outcome.dmarc().result()).isEqualTo("temperror");
        zone.put("_dmarc.example.test", List.of("v=DMARC1; p=reject"));
        assertThat(evaluate("example.test", spf("temperror", "example.test")).dmarc().result()).isEqualTo("temperror");
        assertThat(evaluate("example.test", spf("temperror", "other.test")).dmarc().result()).isEqualTo("fail");
    }

    @Test
    void theTreeWalkIsBounded() {
        String deep = "a.b.c.d.e.f.g.h.i.j.k.l.m.example.test";
        evaluate(deep, spf("pass", "x." + deep));
        assertThat(asked.stream().distinct().count()).isLessThanOrEqualTo(2L * (Dmarc.MAX_WALK + 1));
    }

    @Test
    void verdicts() {
        Authentication.Dmarc none = new Authentication.Dmarc("none", null, "x.test");
        assertThat(Authentication.verdictOf(new Authentication.Dmarc("pass", "reject", "x.test"), true, false))
                .isEqualTo("pass");
        assertThat(Authentication.verdictOf(new Authentication.Dmarc("fail", "reject", "x.test"), false, true))
                .isEqualTo("fail");
        assertThat(Authentication.verdictOf(new Authentication.Dmarc("temperror", null, "x.test"), false, false))
                .isEqualTo("unknown");
        assertThat(Authentication.verdictOf(none, true, false)).isEqualTo("pass");
        assertThat(Authentication.verdictOf(none, false, true)).isEqualTo("unknown");
        assertThat(Authentication.verdictOf(none, false, false)).isEqualTo("none");
    }
}
