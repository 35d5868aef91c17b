package dev.inboxes.smtp.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.message.Authentication;
import dev.inboxes.smtp.out.LoopbackDnsServer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The checks at receipt against a real DNS server on loopback: each case of the test matrix, from a message that
 * is signed and SPF-authorized to DNS that never answers.
 */
class MessageAuthenticatorTest {

    private static final String GITHUB_NET = "192.0.2.10";
    private static final String ATTACKER = "203.0.113.5";
    private static final String FORWARDER = "198.51.100.7";

    private static LoopbackDnsServer dns;
    private static TestSigner github;
    private static TestSigner nodmarc;
    private static MessageAuthenticator authenticator;

    @BeforeAll
    static void zone() throws Exception {
        github = new TestSigner("github.test", "s1", 2048);
        nodmarc = new TestSigner("nodmarc.test", "k1", 1024);
        dns = new LoopbackDnsServer()
                .txt("github.test", "v=spf1 ip4:192.0.2.0/24 -all")
                .txt("_dmarc.github.test", "v=DMARC1; p=reject; rua=mailto:dmarc@github.test")
                .txtSplit(github.dnsName(), github.dnsRecord())
                .txt("attacker.test", "v=spf1 ip4:" + ATTACKER + " -all")
                .txt("nodmarc.test", "v=spf1 a -all").a("nodmarc.test", GITHUB_NET)
                .txtSplit(nodmarc.dnsName(), nodmarc.dnsRecord())
                .txt("loop.test", "v=spf1 include:loop2.test -all")
                .txt("loop2.test", "v=spf1 include:loop.test -all")
                .txt("voids.test", "v=spf1 a:n1.voids.test a:n2.voids.test a:n3.voids.test ip4:" + GITHUB_NET + " -all")
                .txt("many.test", "v=spf1 " + "include:softfail.test ".repeat(11) + "-all")
                .txt("two.test", "v=spf1 -all", "").txt("two.test", "v=spf1 +all")
                .txt("mx.test", "v=spf1 mx/24 -all").mx("mx.test", 10, "mail.mx.test").a("mail.mx.test", "192.0.2.200")
                .txt("macro.test", "v=spf1 exists:%{i}._spf.%{d} -all").a(GITHUB_NET + "._spf.macro.test", "127.0.0.2")
                .txt("softfail.test", "v=spf1 ~all")
                .txt("bad.test", "v=spf1 ip4:999.1.1.1 -all")
                .txt("wrongkey._domainkey.github.test", "hello, I am no key")
                .txtSplit("huge.test", "v=spf1 " + "ip4:10.0.0.1 ".repeat(300) + "-all");
        authenticator = new MessageAuthenticator(new AuthDns(List.of(dns.address()), Duration.ofMillis(1500)),
                Duration.ofMillis(1500), "mx.inboxes.test");
    }

    @AfterAll
    static void stop() {
        dns.close();
    }

    private static MessageAuthenticator.Checked check(byte[] raw, String ip, String mailFrom) throws Exception {
        return authenticator.check(raw, InetAddress.getByName(ip), "mail.example.test", mailFrom);
    }

    @Test
    void signedAndSpfAuthorizedMailPassesAll() throws Exception {
        byte[] raw = github.sign(TestSigner.message("GitHub <noreply@github.test>", "Reset your password", "Code 123456"));
        MessageAuthenticator.Checked checked = check(raw, GITHUB_NET, "bounces@github.test");

        Authentication auth = checked.authentication();
        assertThat(auth.spf()).isEqualTo(new Authentication.Spf("pass", "github.test"));
        assertThat(auth.dkim()).containsExactly(new Authentication.Dkim("pass", "github.test", "s1"));
        assertThat(auth.dmarc()).isEqualTo(new Authentication.Dmarc("pass", "reject", "github.test"));
        assertThat(auth.verdict()).isEqualTo("pass");
        assertThat(auth.senderVerified()).isTrue();
        assertThat(checked.header()).isEqualTo("Authentication-Results: mx.inboxes.test;\r\n"
                + "\tspf=pass smtp.mailfrom=github.test;\r\n\tdkim=pass header.d=github.test header.s=s1;\r\n"
                + "\tdmarc=pass (p=reject) header.from=github.test\r\n");
    }

    @Test
    void aSpoofedFromFailsDmarcWithTheDomainsRejectPolicy() throws Exception {
        byte[] raw = TestSigner.message("GitHub <noreply@github.test>", "Reset your password", "Click here");
        Authentication auth = check(raw, ATTACKER, "evil@attacker.test").authentication();

        assertThat(auth.spf()).isEqualTo(new Authentication.Spf("pass", "attacker.test")); // not aligned
        assertThat(auth.dkim()).isEmpty();
        assertThat(auth.dmarc()).isEqualTo(new Authentication.Dmarc("fail", "reject", "github.test"));
        assertThat(auth.verdict()).isEqualTo("fail");
    }

    @Test
    void aSignatureByAnotherDomainDoesNotVouchForTheFromDomain() throws Exception {
        byte[] raw = nodmarc.sign(TestSigner.message("noreply@github.test", "Hi", "Hello"));
        Authentication auth = check(raw, ATTACKER, "evil@attacker.test").authentication();

        assertThat(auth.dkim()).containsExactly(new Authentication.Dkim("pass", "nodmarc.test", "k1"));
        assertThat(auth.dmarc().result()).isEqualTo("fail");
        assertThat(auth.verdict()).isEqualTo("fail");
    }

    @Test
    void forwardedMailBreaksSpfButKeepsDkimSoDmarcPasses() throws Exception {
        byte[] raw = github.sign(TestSigner.message("noreply@github.test", "Your invoice", "Attached"));
        Authentication auth = check(raw, FORWARDER, "noreply@github.test").authentication();

        assertThat(auth.spf()).isEqualTo(new Authentication.Spf("fail", "github.test"));
        assertThat(auth.dkim()).containsExactly(new Authentication.Dkim("pass", "github.test", "s1"));
        assertThat(auth.dmarc().result()).isEqualTo("pass");
        assertThat(auth.verdict()).isEqualTo("pass");
    }

    @Test
    void severalAuthorsOrFromFieldsAreNeverVerified() throws Exception {
        // The attacker's own domain passes, but the list shows the first author, GitHub.
        for (String from : List.of("GitHub <noreply@github.test>, Me <me@nodmarc.test>",
                "\"a, b\" <noreply@github.test>, me@nodmarc.test")) {
            byte[] raw = nodmarc.sign(TestSigner.message(from, "Two authors", "x"));
            Authentication auth = check(raw, GITHUB_NET, "me@nodmarc.test").authentication();
            assertThat(auth.dkim()).extracting(Authentication.Dkim::result).containsExactly("pass");
            assertThat(auth.dmarc()).isEqualTo(new Authentication.Dmarc("permerror", null, "github.test"));
            assertThat(auth.verdict()).isEqualTo("none");
        }
        byte[] twoFields = nodmarc.sign(("From: me@nodmarc.test\r\n" + new String(TestSigner.message(
                "noreply@github.test", "Two fields", "x"), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
        assertThat(check(twoFields, GITHUB_NET, "me@nodmarc.test").authentication().verdict()).isEqualTo("none");
        // Two addresses of one domain are one author domain.
        byte[] sameDomain = github.sign(TestSigner.message("a@github.test, b@github.test", "Same", "x"));
        assertThat(check(sameDomain, GITHUB_NET, "a@github.test").authentication().verdict()).isEqualTo("pass");
    }

    @Test
    void aSignatureWithABodyLengthIsIgnored() throws Exception {
        byte[] raw = github.sign(TestSigner.message("noreply@github.test", "Partial", "Signed part\r\nappended"),
                "l=5; ");
        Authentication auth = check(raw, FORWARDER, "noreply@github.test").authentication();

        assertThat(auth.dkim()).containsExactly(new Authentication.Dkim("neutral", "github.test", "s1"));
        assertThat(auth.dmarc().result()).isEqualTo("fail");
        assertThat(auth.verdict()).isEqualTo("fail");
    }

    @Test
    void aChangedBodyFailsTheSignature() throws Exception {
        String signed = new String(github.sign(TestSigner.message("noreply@github.test", "Pay", "Pay 10 EUR")),
                StandardCharsets.UTF_8);
        byte[] changed = signed.replace("Pay 10 EUR", "Pay 9000 EUR").getBytes(StandardCharsets.UTF_8);
        Authentication auth = check(changed, FORWARDER, "noreply@github.test").authentication();

        assertThat(auth.dkim()).extracting(Authentication.Dkim::result).containsExactly("fail");
        assertThat(auth.verdict()).isEqualTo("fail");
    }

    @Test
    void withoutADmarcRecordAnAlignedPassStillVouches() throws Exception {
        byte[] raw = nodmarc.sign(TestSigner.message("news@nodmarc.test", "News", "Hello"));
        Authentication auth = check(raw, GITHUB_NET, "news@nodmarc.test").authentication();

        assertThat(auth.spf().result()).isEqualTo("pass");
        assertThat(auth.dmarc()).isEqualTo(new Authentication.Dmarc("none", null, "nodmarc.test"));
        assertThat(auth.verdict()).isEqualTo("pass");

        Authentication unsigned = check(TestSigner.message("news@nodmarc.test", "News", "Hello"), ATTACKER,
                "news@nodmarc.test").authentication();
        assertThat(unsigned.spf().result()).isEqualTo("fail");
        assertThat(unsigned.verdict()).isEqualTo("none");
    }

    @Test
    void aSubdomainAlignsRelaxedWithItsOrganization() throws Exception {
        byte[] raw = github.sign(TestSigner.message("alerts@notifications.github.test", "Alert", "Hello"));
        Authentication auth = check(raw, ATTACKER, "evil@attacker.test").authentication();

        assertThat(auth.dmarc()).isEqualTo(new Authentication.Dmarc("pass", "reject", "notifications.github.test"));
        assertThat(auth.verdict()).isEqualTo("pass");
    }

    @Test
    void spfLimitsEndInPermerror() throws Exception {
        byte[] raw = TestSigner.message("a@loop.test", "Loop", "x");
        assertThat(check(raw, GITHUB_NET, "a@loop.test").authentication().spf().result()).isEqualTo("permerror");
        assertThat(check(raw, GITHUB_NET, "a@voids.test").authentication().spf().result()).isEqualTo("permerror");
        assertThat(check(raw, GITHUB_NET, "a@many.test").authentication().spf().result()).isEqualTo("permerror");
        assertThat(check(raw, GITHUB_NET, "a@two.test").authentication().spf().result()).isEqualTo("permerror");
        assertThat(check(raw, GITHUB_NET, "a@bad.test").authentication().spf().result()).isEqualTo("permerror");
    }

    @Test
    void spfMechanismsAndMacros() throws Exception {
        byte[] raw = TestSigner.message("a@x.test", "M", "x");
        assertThat(check(raw, "192.0.2.77", "a@mx.test").authentication().spf().result()).isEqualTo("pass");
        assertThat(check(raw, "192.0.3.77", "a@mx.test").authentication().spf().result()).isEqualTo("fail");
        assertThat(check(raw, GITHUB_NET, "a@macro.test").authentication().spf().result()).isEqualTo("pass");
        assertThat(check(raw, ATTACKER, "a@macro.test").authentication().spf().result()).isEqualTo("fail");
        assertThat(check(raw, ATTACKER, "a@softfail.test").authentication().spf().result()).isEqualTo("softfail");
        assertThat(check(raw, ATTACKER, "a@nowhere.test").authentication().spf().result()).isEqualTo("none");
    }

    @Test
    void aNullSenderIsCheckedByItsHeloName() throws Exception {
        byte[] raw = TestSigner.message("MAILER-DAEMON@github.test", "Bounce", "x");
        Authentication auth = authenticator.check(raw, InetAddress.getByName(GITHUB_NET), "github.test", "")
                .authentication();
        assertThat(auth.spf()).isEqualTo(new Authentication.Spf("pass", "github.test"));
    }

    @Test
    void wrongOrUnusableKeysArePermerrors() throws Exception {
        byte[] wrongKey = new TestSigner("github.test", "wrongkey", 1024)
                .sign(TestSigner.message("noreply@github.test", "K", "x"));
        byte[] noKey = new TestSigner("github.test", "absent", 1024)
                .sign(TestSigner.message("noreply@github.test", "K", "x"));
        byte[] malformed = ("DKIM-Signature: v=1; a=rsa-sha256; d=github.test; s=s1; b===; bh=;;; h\r\n"
                + new String(TestSigner.message("noreply@github.test", "K", "x"), StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
        byte[] ed25519 = ("DKIM-Signature: v=1; a=ed25519-sha256; c=relaxed/relaxed; d=github.test; s=s1;"
                + " h=From; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA\r\n"
                + new String(TestSigner.message("noreply@github.test", "K", "x"), StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
        for (byte[] raw : List.of(wrongKey, noKey, malformed, ed25519)) {
            Authentication auth = check(raw, FORWARDER, "noreply@github.test").authentication();
            assertThat(auth.dkim()).hasSize(1);
            assertThat(auth.dkim().get(0).result()).isEqualTo("permerror");
            assertThat(auth.verdict()).isEqualTo("fail");
        }
    }

    @Test
    void ed25519SignaturesAreVerified() throws Exception {
        java.security.KeyPair keys = java.security.KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        byte[] encoded = keys.getPublic().getEncoded();
        byte[] raw32 = java.util.Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length);
        dns.txt("ed._domainkey.github.test", "v=DKIM1; k=ed25519; p=" + java.util.Base64.getEncoder()
                .encodeToString(raw32));
        byte[] message = TestSigner.message("noreply@github.test", "Ed25519", "Signed with Ed25519");
        ReceivedHeaders headers = ReceivedHeaders.of(message);
        String unsigned = " v=1; a=ed25519-sha256; c=relaxed/relaxed; d=github.test; s=ed; h=From:To:Subject:Date; bh=;"
                + " b=;";
        String template = unsigned.replace("bh=;", "bh=" + Ed25519Dkim.bodyHash(unsigned, message, headers.bodyStart)
                + ";");
        String field = "DKIM-Signature:" + Ed25519Dkim.sign(headers, template, keys.getPrivate()) + "\r\n";
        byte[] signed = (field + new String(message, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);

        Authentication auth = check(signed, FORWARDER, "noreply@github.test").authentication();
        assertThat(auth.dkim()).containsExactly(new Authentication.Dkim("pass", "github.test", "ed"));
        assertThat(auth.verdict()).isEqualTo("pass");

        byte[] changed = new String(signed, StandardCharsets.UTF_8).replace("Subject: Ed25519", "Subject: Ed25518")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(check(changed, FORWARDER, "noreply@github.test").authentication().dkim())
                .containsExactly(new Authentication.Dkim("fail", "github.test", "ed"));
        byte[] otherBody = new String(signed, StandardCharsets.UTF_8).replace("Signed with", "Forged with")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(check(otherBody, FORWARDER, "noreply@github.test").authentication().dkim())
                .containsExactly(new Authentication.Dkim("fail", "github.test", "ed"));
    }

    @Test
    void aKeyOverTheSizeLimitIsRefused() throws Exception {
        TestSigner large = new TestSigner("large.test", "big", 4096 + 512);
        dns.txtSplit(large.dnsName(), large.dnsRecord());
        byte[] raw = large.sign(TestSigner.message("a@large.test", "Big", "x"));
        assertThat(check(raw, FORWARDER, "a@large.test").authentication().dkim())
                .containsExactly(new Authentication.Dkim("permerror", "large.test", "big"));
    }

    @Test
    void hundredsOfSignaturesAreCheckedTenAtMost() throws Exception {
        byte[] raw = TestSigner.message("noreply@github.test", "Many", "x");
        for (int i = 0; i < 300; i++) {
            raw = github.sign(raw);
        }
        long start = System.nanoTime();
        Authentication auth = check(raw, FORWARDER, "noreply@github.test").authentication();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
        assertThat(auth.dkim()).hasSize(Authentication.MAX_SIGNATURES);
        assertThat(auth.verdict()).isEqualTo("pass");
    }

    @Test
    void aHugeAnswerEndsWithinTheBudget() throws Exception {
        long start = System.nanoTime();
        String result = check(TestSigner.message("a@huge.test", "H", "x"), GITHUB_NET, "a@huge.test")
                .authentication().spf().result();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1900));
        assertThat(result).isIn("permerror", "temperror", "fail");
    }

    @Test
    void ourOwnIdClaimedFromOutsideIsRemovedAndOthersAreKept() throws Exception {
        byte[] raw = ("Authentication-Results: mx.inboxes.test; dmarc=pass header.from=github.test\r\n"
                + "Authentication-Results: (forged) MX.Inboxes.Test;\r\n\tspf=pass\r\n"
                + "Authentication-Results: other.example; spf=pass\r\n"
                + new String(TestSigner.message("noreply@github.test", "Forged", "x"), StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
        MessageAuthenticator.Checked checked = check(raw, ATTACKER, "evil@attacker.test");
        String kept = new String(checked.raw(), StandardCharsets.UTF_8);

        assertThat(kept).doesNotContainIgnoringCase("mx.inboxes.test").contains("Authentication-Results: other.example");
        assertThat(checked.authentication().verdict()).isEqualTo("fail");
    }

    @Test
    void dnsThatNeverAnswersIsATemperrorWithinTheBudget() throws Exception {
        try (LoopbackDnsServer silent = new LoopbackDnsServer()) {
            silent.silent(true);
            MessageAuthenticator slow = new MessageAuthenticator(new AuthDns(List.of(silent.address()),
                    Duration.ofMillis(1500)), Duration.ofMillis(1500), "mx.inboxes.test");
            byte[] raw = github.sign(TestSigner.message("noreply@github.test", "Timeout", "x"));
            long start = System.nanoTime();
            Authentication auth = slow.check(raw, InetAddress.getByName(GITHUB_NET), "h.test", "a@github.test")
                    .authentication();
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(took).isLessThan(Duration.ofMillis(1700));
            assertThat(auth.spf().result()).isEqualTo("temperror");
            assertThat(auth.dkim()).extracting(Authentication.Dkim::result).containsExactly("temperror");
            assertThat(auth.dmarc().result()).isEqualTo("temperror");
            assertThat(auth.verdict()).isEqualTo("unknown");
        }
    }

    @Test
    void slowDnsEndsInTemperrorWhenTheBudgetRunsOutMidway() throws Exception {
        try (LoopbackDnsServer slow = new LoopbackDnsServer()) {
            slow.txt("chain.test", "v=spf1 include:a.chain.test -all")
                    .txt("a.chain.test", "v=spf1 include:b.chain.test -all")
                    .txt("b.chain.test", "v=spf1 include:c.chain.test -all")
                    .txt("c.chain.test", "v=spf1 ip4:" + GITHUB_NET + " -all");
            slow.delayMillis = 600; // each answer alone is in time; four of them are not
            MessageAuthenticator patient = new MessageAuthenticator(new AuthDns(List.of(slow.address()),
                    Duration.ofMillis(1500)), Duration.ofMillis(1500), "mx.inboxes.test");
            long start = System.nanoTime();
            Authentication auth = patient.check(TestSigner.message("a@chain.test", "Slow", "x"),
                    InetAddress.getByName(GITHUB_NET), "h.test", "a@chain.test").authentication();
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(took).isLessThan(Duration.ofMillis(1700));
            assertThat(auth.spf().result()).isEqualTo("temperror");
            assertThat(auth.verdict()).isEqualTo("unknown");
        }
    }

    @Test
    void aMessageWithoutHeaderOrAddressStillGetsResults() throws Exception {
        for (String text : List.of("", "\r\n", "no header at all", "From:\r\n\r\n", "From: <@>\r\n\r\nx")) {
            Authentication auth = check(text.getBytes(StandardCharsets.UTF_8), ATTACKER, "").authentication();
            assertThat(auth.dmarc().result()).isEqualTo("none");
            assertThat(auth.verdict()).isIn("none");
        }
    }
}
