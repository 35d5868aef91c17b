package dev.inboxes.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The code and link heuristics over mail as typical senders write it, in several languages, with the numbers that
 * are not codes beside the ones that are. Each case is the subject and the text a message is stored with (for HTML
 * mail, the text derived from it, links as {@code [text](url)}).
 */
class MessageExtractsTest {

    private static List<String> codes(String subject, String text) {
        return MessageExtracts.of(subject, text).codes().stream().map(OneTimeCode::code).toList();
    }

    @Test
    void aDeviceVerificationMailGivesItsCodeAndNotTheLinksNumbers() {
        String text = """
                Hey octocat!

                A sign in attempt requires further verification because we did not recognize your device. To \
                complete the sign in, enter the verification code on the unrecognized device.

                Device: Chrome on macOS 14
                Verification code: 482913

                If you did not attempt to sign in to your account, your password may be compromised. Visit \
                https://github.com/settings/security?ref=2026 to create a new, strong password.

                Thanks,
                The GitHub Team""";
        MessageExtracts found = MessageExtracts.of("[GitHub] Please verify your device", text);
        assertThat(found.codes()).extracting(OneTimeCode::code).containsExactly("482913");
        assertThat(found.codes().get(0).source()).isEqualTo(OneTimeCode.TEXT);
        assertThat(found.codes().get(0).context()).isEqualTo("Verification code: 482913");
        assertThat(found.links()).containsExactly(new MessageLink(
                "If you did not attempt to sign in to your account, your password may be compromised. Visit"
                        .substring(11), "https://github.com/settings/security?ref=2026"));
    }

    @Test
    void aCodeAloneOnItsLineUnderAnHtmlHeadingIsFoundAndTheFooterIsNot() {
        String text = """
                Google

                Verify your email

                Google received a request to use sam@example.com as a recovery email for Google Account \
                sam.k@gmail.com.

                Use this code to finish setting up this recovery email:

                719204

                This code will expire in 24 hours.

                You received this email to let you know about important changes to your Google Account and services.
                © 2026 Google LLC, 1600 Amphitheatre Parkway, Mountain View, CA 94043, USA""";
        assertThat(codes("Verify your recovery email", text)).containsExactly("719204");
    }

    @Test
    void aCodeInTheSubjectIsFoundThereToo() {
        assertThat(codes("G-482913 is your Google verification code",
                "Your verification code is G-482913. Don't share it.")).containsExactly("482913");
        assertThat(MessageExtracts.of("Your Discord verification code is 551928", "Welcome back! Here is your code.")
                .codes()).extracting(OneTimeCode::code, OneTimeCode::source)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("551928", OneTimeCode.SUBJECT));
    }

    @Test
    void shortAlphanumericCodesAreFoundBesideTheirKeyword() {
        assertThat(codes("Slack confirmation code: VKQ-7M2", """
                Your confirmation code is below — enter it in your open browser window and we'll help you get \
                signed in.

                VKQ-7M2

                If you didn't request this email, there's nothing to worry about.""")).containsExactly("VKQ-7M2");
        assertThat(codes("Your Steam account: Access from new web or mobile device", """
                Here is the Steam Guard code you need to login to account sam_k:

                F7K2Q

                This email was generated because of a login attempt from a web or mobile device located at \
                Lyon, FR.""")).containsExactly("F7K2Q");
    }

    @Test
    void orderNumbersPhonesPricesDatesAndYearsAreSetAside() {
        assertThat(codes("Your Amazon verification code", """
                To verify your identity, please use the following code: 558201

                Your order #113-4567890-1234567 will ship soon. Order 4417 was delivered.""")).containsExactly("558201");
        assertThat(codes("Your one-time passcode", """
                Your One-Time Passcode (OTP) is 902155. It expires in 10 minutes. Never share it.
                Questions? Call us at +1 (800) 555-0199 or 1-800-555-0199, or call 555-0132.
                Payment of $1,250.00 to ACME scheduled for 12/05/2026 at 09:30.""")).containsExactly("902155");
        assertThat(codes("Your order has shipped", """
                Your order #48213 has shipped.
                Tracking number: 1Z999AA10123456784
                Delivery on 2026-12-03 between 10:00 and 14:00.
                Questions? Call +44 20 7946 0958.
                Total: €1.234,56 — Invoice 2026-0042
                Room 1204, Floor 12, 221 Baker Street, London NW1 6XE
                © 2026 Parcel Co.""")).isEmpty();
    }

    @Test
    void codesAreFoundInSeveralLanguages() {
        assertThat(codes("Ihr Bestätigungscode", """
                Hallo,

                Ihr Bestätigungscode lautet: 381 904

                Der Code ist 15 Minuten gültig. Bestellnummer: 30291847
                Kundennummer 44821""")).containsExactly("381904");
        assertThat(codes("Code de vérification", "Votre code de vérification est 640 118. Ce code expire dans "
                + "10 minutes.\nCommande n° 558812")).containsExactly("640118");
        assertThat(codes("Código de verificación", "Tu código de verificación es: 771903")).containsExactly("771903");
        assertThat(codes("Codice di verifica", "Il tuo codice di verifica è 118274.")).containsExactly("118274");
        assertThat(codes("Verificatiecode", "Je verificatiecode is 902-331.")).containsExactly("902331");
        assertThat(codes("Kod weryfikacyjny", "Twój kod weryfikacyjny to 557120.")).containsExactly("557120");
        assertThat(codes("Код подтверждения", "Ваш код подтверждения: 430918")).containsExactly("430918");
        assertThat(codes("認証コード", "認証コード: 204815\nこのコードの有効期限は10分です。")).containsExactly("204815");
        assertThat(codes("验证码", "您的验证码是 839201，5分钟内有效。")).containsExactly("839201");
        assertThat(codes("인증번호", "인증번호 [615203]를 입력해 주세요.")).containsExactly("615203");
    }

    @Test
    void theLikeliestCodeComesFirstAndAtMostFiveAreGiven() {
        assertThat(codes("Codes", "Your backup code: 11112222. Other codes: 3333 4444, 5555-6666, 77778888, "
                + "99990000, 12121212, 34343434")).hasSize(MessageExtracts.MAX_CODES).startsWith("11112222");
        assertThat(codes("Sign in", "Use code 660428 to sign in, or code 1234 on older apps."))
                .startsWith("660428");
    }

    @Test
    void mailWithoutACodeKeywordHasNoCodes() {
        assertThat(codes("Weekly digest", IntStream.range(0, 3000).mapToObj(i -> "Post " + (100000 + i) + " has "
                + i + " likes.").reduce("", (a, b) -> a + b + "\n"))).isEmpty();
        assertThat(codes("", "")).isEmpty();
    }

    @Test
    void linksKeepTheirTextFromHtmlFromTheLineOrFromTheLineAbove() {
        String text = """
                Verify your email

                Or click [Verify email address](https://example.com/verify?t=abc&u=1) to finish.
                [Reset \\[your\\] password](https://example.com/reset) · [Wiki](<https://en.wikipedia.org/wiki/A_(b)>)
                Older mail: Confirm my address <https://service.example/confirm?token=q1>

                Confirm your subscription:
                https://news.example.com/confirm/8f3a2c.

                Read the docs at https://docs.example.com/guide, then see \
                https://en.wikipedia.org/wiki/Email_(disambiguation).
                <https://example.com/verify?t=abc&u=1>""";
        assertThat(MessageExtracts.of("Welcome", text).links()).containsExactly(
                new MessageLink("Verify email address", "https://example.com/verify?t=abc&u=1"),
                new MessageLink("Reset [your] password", "https://example.com/reset"),
                new MessageLink("Wiki", "https://en.wikipedia.org/wiki/A_(b)"),
                new MessageLink("Older mail: Confirm my address", "https://service.example/confirm?token=q1"),
                new MessageLink("Confirm your subscription", "https://news.example.com/confirm/8f3a2c"),
                new MessageLink("Read the docs at", "https://docs.example.com/guide"),
                new MessageLink("then see", "https://en.wikipedia.org/wiki/Email_(disambiguation)"));
    }

    @Test
    void manyLinksKeepTheActionsFirstInTextOrder() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            text.append("[Story ").append(i).append("](https://news.example.com/story/").append(i).append(")\n");
        }
        text.append("[Unsubscribe](https://news.example.com/unsubscribe?u=42)\n");
        List<MessageLink> links = MessageExtracts.of("News", text.toString()).links();
        assertThat(links).hasSize(MessageExtracts.MAX_LINKS);
        assertThat(links.get(0).url()).isEqualTo("https://news.example.com/story/0");
        assertThat(links.get(MessageExtracts.MAX_LINKS - 1).text()).isEqualTo("Unsubscribe");
    }

    @Test
    void longLinkTextIsCutAtAWordAndHostileTextStaysBounded() {
        String words = "word ".repeat(100);
        MessageLink link = MessageExtracts.of("", words + "https://example.com/x").links().get(0);
        assertThat(link.text()).hasSizeLessThanOrEqualTo(MessageExtracts.LINK_TEXT_LENGTH).startsWith("word");
        assertThat(MessageExtracts.of("", "https://" + "a".repeat(5000)).links()).isEmpty();
        assertThat(MessageExtracts.of("", "\uD83D\uDE00".repeat(60) + " code 482913 " + "\uD83D\uDE00".repeat(60))
                .codes().get(0).context()).doesNotStartWith("\uDE00").doesNotEndWith("\uD83D");
    }

    /**
     * Ten megabytes of the text that made the search quadratic, for each pattern and each per-candidate scan: each
     * must cost a bounded amount of CPU (the quadratic search took minutes on 200,000 characters; linear, these take
     * milliseconds, so the bound says "linear" on any machine without being a timing test).
     */
    @Test
    void tenMegabytesOfAdversarialTextCostBoundedWork() {
        int size = 10 * 1024 * 1024;
        java.util.Map<String, String> shapes = new java.util.LinkedHashMap<>();
        // codes: the address pattern, the keyword and decoy look-ups, the line of each candidate
        shapes.put("one word without @", "a".repeat(size));
        shapes.put("keywords and codes on one line", "code 482913 order 4829 ".repeat(size / 23));
        // links: an attempt per bracket, the words before each link
        shapes.put("unclosed link brackets", "[".repeat(150).concat("](https://a.example/").repeat(size / 170));
        shapes.put("links on one line", "see https://a.example/x ".repeat(size / 24));
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        MessageExtracts.of("warm up", "code 123456 https://example.com/x");
        for (java.util.Map.Entry<String, String> shape : shapes.entrySet()) {
            long started = cpu.getCurrentThreadCpuTime();
            MessageExtracts.of(shape.getKey(), shape.getValue());
            long millis = (cpu.getCurrentThreadCpuTime() - started) / 1_000_000;
            System.out.printf("extracts of 10 MB, %s: %d ms CPU%n", shape.getKey(), millis);
            assertThat(millis).as(shape.getKey() + ": CPU ms for subject and text of 10 MB").isLessThan(3_000);
        }
    }
}
