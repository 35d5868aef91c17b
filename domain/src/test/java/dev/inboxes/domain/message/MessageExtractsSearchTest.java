package dev.inboxes.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The searches of the code heuristic try their patterns only where a match can begin; they must find exactly what a
 * plain {@code find()} over every character finds, on any text.
 */
class MessageExtractsSearchTest {

    /** Pieces texts are made of: keywords and decoys in any case, numbers, codes, links, letters of other scripts. */
    private static final List<String> PIECES = List.of("code", "CODE", "Code", "codes", "passcode", "one-time password",
            "OTP", "pin", "2fa", "verification", "Verify", "Bestätigungscode", "código", "kod", "код", "Код", "コード",
            "验证码", "인증 번호", "order", "Order no.", "no.", "nr.", "n°", "#", "№", "invoice", "ID", "id", "tel",
            "st.", "123456", "12 345", "123-456", "G-123456", "2026", "1999", "AB12CD", "X9-Y8", "A1", "+1 (555) 123-4567",
            "030 1234 5678", "2026-12-03", "03.12.2026", "12:30", "12:30:45", "https://example.com/a?b=1", "www.x.org",
            "mail@example.com", "[Verify](https://x.io/v)", "[a\\]b](<https://x.io/(y)>)", "<https://x.io/z>", "[", "]",
            "<", ">", "HTTPS://A.B/C", "é", "ß", "ſ", "K", "ı", "İ", "𝐀", "𝟙", "Ω", "ﬀ", " ", " ", "\n", "\r\n", "\t", ".", ",",
            ":", "-", "/", "_", "@", "$", "€", "%", "(", ")", "a", "Z", "0", "9", "x", "sales", "Weekly report");

    @Test
    void wordSearchesFindWhatAPlainFindFinds() {
        for (MessageExtracts.WordPattern words : List.of(MessageExtracts.Codes.KEYWORD, MessageExtracts.Codes.DECOY)) {
            assertSameAsPlainFind(text -> words.spans(text), words.pattern());
        }
    }

    @Test
    void searchesFromTheirStartsFindWhatAPlainFindFinds() {
        List<Function<String, MessageExtracts.Search>> searches = List.of(MessageExtracts.Codes::digits,
                MessageExtracts.Codes::alphanumerics, MessageExtracts.Codes::urls,
                MessageExtracts.Codes::datesAndTimes, MessageExtracts.Codes::phones, MessageExtracts.Links::search);
        for (Function<String, MessageExtracts.Search> search : searches) {
            Pattern pattern = search.apply("").matcher().pattern();
            assertSameAsPlainFind(text -> search.apply(text).spans(), pattern);
        }
    }

    private static void assertSameAsPlainFind(Function<String, List<int[]>> search, Pattern pattern) {
        Random random = new Random(20261203L);
        int matched = 0;
        for (int i = 0; i < 3_000; i++) {
            String text = text(random);
            List<List<Integer>> expected = new ArrayList<>();
            Matcher plain = pattern.matcher(text);
            while (plain.find()) {
                expected.add(List.of(plain.start(), plain.end()));
            }
            List<List<Integer>> found = search.apply(text).stream().map(span -> List.of(span[0], span[1])).toList();
            assertThat(found).as("%s in %s", pattern, text).isEqualTo(expected);
            matched += expected.size();
        }
        assertThat(matched).as("the texts hold matches of %s", pattern).isGreaterThan(100);
    }

    private static String text(Random random) {
        StringBuilder text = new StringBuilder();
        int pieces = 1 + random.nextInt(40);
        for (int i = 0; i < pieces; i++) {
            text.append(PIECES.get(random.nextInt(PIECES.size())));
        }
        return text.toString();
    }
}
