package dev.inboxes.domain.message;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a reader of a message looks for first, found by heuristics in its subject and text: one-time codes (the
 * digits or short code beside "code", "verification", "OTP", "passcode"… in a dozen languages, with order numbers,
 * phone numbers, dates, prices and years set aside) and links with their text. Guesses, marked as such wherever
 * they are shown: the text itself stays the truth.
 *
 * @param codes the likeliest first, at most {@value #MAX_CODES}
 * @param links in the order of the text, each address once, at most {@value #MAX_LINKS} (links that look like
 *              actions, such as verify, confirm or sign in, are kept first when there are more)
 */
public record MessageExtracts(List<OneTimeCode> codes, List<MessageLink> links) {

    public static final int MAX_CODES = 5;
    public static final int MAX_LINKS = 20;
    public static final int CONTEXT_LENGTH = 100;
    public static final int LINK_TEXT_LENGTH = 80;
    /** Longer addresses are tracking payloads more than links; they stay in the text only. */
    static final int MAX_URL_LENGTH = 2_048;

    public static final MessageExtracts NONE = new MessageExtracts(List.of(), List.of());

    public MessageExtracts {
        codes = List.copyOf(codes);
        links = List.copyOf(links);
    }

    /**
     * Codes and links are looked for in this many first characters of the subject and of the text. Every step of
     * the search is linear in what is scanned (no pattern backtracks over unbounded input, no per-candidate scan of
     * a line or of all candidates), and it runs once, when a message is stored.
     */
    public static final int SCANNED_LENGTH = 200_000;

    public static MessageExtracts of(String subject, String text) {
        String scanned = text.length() > SCANNED_LENGTH ? cut(text, 0, SCANNED_LENGTH) : text;
        String scannedSubject = subject.length() > SCANNED_LENGTH ? cut(subject, 0, SCANNED_LENGTH) : subject;
        return new MessageExtracts(Codes.find(scannedSubject, scanned), Links.find(scanned));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Codes

    /** The one-time code heuristic. */
    static final class Codes {

        /** Words that announce a code, whole words in scripts with spaces; any occurrence in CJK text. */
        static final WordPattern KEYWORD = new WordPattern(List.of(
                // English
                "codes?", "passcodes?", "pass code", "one[- ]time(?: pass(?:word|code))?", "otp", "pin", "2fa", "mfa",
                "two[- ]factor", "verification", "verify", "verifying", "authentication", "authenticator",
                "security code", "temporary password",
                // German, Dutch, Scandinavian
                "bestätigungscode", "sicherheitscode", "verifizierungscode", "anmeldecode", "einmalcode", "zugangscode",
                "bestätigungs-code", "einmalpasswort", "verifizierung", "bestätigung",
                "verificatiecode", "beveiligingscode", "bevestigingscode", "inlogcode", "verificatie",
                "kod", "kode", "koden", "verifieringskod", "bekräftelsekod", "engångskod", "sikkerhetskode",
                "bekræftelseskode",
                // Romance
                "código", "codigo", "codice", "vérification", "verificación", "verificação", "verificacao", "verifica",
                "confirmación", "mot de passe à usage unique", "usage unique", "contraseña temporal", "senha",
                // Slavic, Turkish
                "kodu", "doğrulama", "dogrulama", "weryfikacyjny", "weryfikacji", "jednorazowy", "код", "кода",
                "подтверждения", "проверочный"),
                // CJK and Korean: no word boundaries
                List.of("認証コード", "確認コード", "認証番号", "確認番号", "ワンタイム", "パスコード", "コード",
                        "验证码", "驗證碼", "校验码", "校驗碼", "动态码", "認證碼", "认证码", "确认码", "確認碼", "인증번호",
                        "인증 번호", "인증코드", "인증 코드", "확인 코드", "보안 코드"));

        /**
         * Words that announce a number that is not a code: an order, an invoice, a phone, an account… A number
         * right after one of these (with no other number between) is set aside.
         */
        static final WordPattern DECOY = new WordPattern(List.of(
                "order(?: number| no\\.?)?", "orders", "bestellung", "bestellnummer", "commande", "pedido", "ordine",
                "invoice", "rechnung", "facture", "factura", "fattura", "receipt", "quittung", "ticket", "case", "ref",
                "reference", "referenz", "référence", "referencia", "tracking", "sendung", "sendungsnummer",
                "shipment", "account", "konto", "compte", "cuenta", "conto", "card", "karte", "carte", "tarjeta",
                "ending in", "ends in", "endet auf", "phone", "telefon", "téléphone", "teléfono", "tel", "fax", "call",
                "mobile", "handy", "zip", "postal", "postcode", "plz", "booking", "buchung", "réservation", "reserva",
                "customer", "kunde", "kundennummer", "client", "cliente", "member", "membership", "id", "no\\.",
                "nr\\.", "n°", "nº", "item", "artikel", "sku", "model", "version", "build", "room", "flight", "gate",
                "seat", "suite", "apt", "floor", "street", "st\\.", "ave", "road", "strasse", "straße", "rue", "calle",
                "box", "total", "amount", "betrag", "montant", "importe", "price", "preis", "prix", "precio", "balance",
                "guthaben", "saldo", "vat", "tax"),
                List.of("[#№]"));

        /** Digits: 4 to 8, or two groups of 3–4 joined by one space or dash (123 456, 123-456), or G-123456. */
        private static final Pattern DIGITS = Pattern.compile(
                "(?<![\\p{L}\\p{N}_#/.,:+$€£¥\\\\-]|\\d[ -])(?:\\p{Lu}{1,3}-)?(\\d{3,4}[ -]\\d{3,4}|\\d{4,8})"
                + "(?![\\p{L}\\p{N}_/%]|[.,:-]\\d|[ -]\\d)");

        /**
         * How far after its start a {@link #DIGITS} match has its first digit: a prefix of up to three letters (each
         * maybe two chars) and a dash.
         */
        private static final int DIGIT_START = 7;

        /** Short upper-case codes with at least one digit and one letter: 4 to 10 characters, one dash allowed. */
        private static final Pattern ALPHANUMERIC = Pattern.compile(
                "(?<![\\p{L}\\p{N}_#/.@-])([A-Z0-9]{2,8}(?:-[A-Z0-9]{2,8})?)(?![\\p{L}\\p{N}_/@]|[.-][A-Z0-9])");

        /** Upper-case words that are not codes even with a digit in them. */
        private static final Pattern NOT_A_CODE = Pattern.compile(
                "(?:COVID|MP[34]|H26[45]|A[0-9]|B[0-9]|ISO[0-9]*|UTF-?8|USB[0-9-]*|HTTP[0-9]*|IPV[46]|4K|5G|[0-9]+(?:ST|ND|RD|TH|GB|MB|KB|TB|PX|MS|AM|PM)|[A-Z]+-19)");

        /** Units and currencies right after a number: not a code. */
        private static final Pattern UNIT_AFTER = Pattern.compile(
                "(?iu)^ ?(?:€|\\$|£|¥|%|usd|eur|gbp|chf|jpy|sek|nok|dkk|pln|kr|zł|руб|円|元|px|kb|mb|gb|ms|km|kg|mi|lbs?|min|minutes?|hours?|days?|sec|seconds?|h\\b)");

        /** Phone numbers: a +, parentheses or at least three groups, and 8 digits or more. */
        private static final Pattern PHONE = Pattern.compile(
                "(?:\\+\\d{1,3}[ .-]?)?(?:\\(\\d{1,4}\\)[ .-]?)?\\d{1,4}(?:[ .-]\\d{2,4}){1,4}");

        /** Dates and times, in the usual orders. */
        private static final Pattern DATE_OR_TIME = Pattern.compile(
                "\\d{4}-\\d{1,2}-\\d{1,2}|\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}|\\d{1,2}:\\d{2}(?::\\d{2})?");

        /** Links; addresses ({@code \\S+@\\S+}, quadratic as a pattern) are found by {@link #addresses}. */
        private static final Pattern URL = Pattern.compile("(?i)https?://\\S++|www\\.\\S++");

        /** How far before a code its keyword may be ("Your verification code for Acme is: 123456"). */
        private static final int BEFORE = 60;
        /** How far after ("123456 is your code"). */
        private static final int AFTER = 40;
        /** Alphanumeric codes must be closer to their keyword: more upper-case words are not codes. */
        private static final int ALPHANUMERIC_BEFORE = 30;
        private static final int ALPHANUMERIC_AFTER = 20;
        /** How far before a number a decoy word sets it aside ("Order no. 123456"). */
        private static final int DECOY_BEFORE = 25;
        /** A standalone line is short: the code alone, maybe with a label. */
        private static final int STANDALONE_LINE = 24;

        private Codes() {
        }

        static List<OneTimeCode> find(String subject, String text) {
            List<int[]> subjectKeywords = KEYWORD.spans(subject);
            List<int[]> textKeywords = KEYWORD.spans(text);
            boolean announced = !subjectKeywords.isEmpty() || !textKeywords.isEmpty();
            List<Candidate> candidates = new ArrayList<>();
            collect(subject, subjectKeywords, OneTimeCode.SUBJECT, false, candidates);
            collect(text, textKeywords, OneTimeCode.TEXT, announced, candidates);
            Map<String, Candidate> best = new LinkedHashMap<>();
            candidates.stream().sorted(Comparator.comparingInt(Candidate::score).reversed())
                    .forEach(candidate -> best.putIfAbsent(candidate.code.code(), candidate));
            return best.values().stream().limit(MAX_CODES).map(Candidate::code).toList();
        }

        private record Candidate(OneTimeCode code, int score) {
        }

        private static void collect(String source, List<int[]> keywords, String name, boolean announced,
                List<Candidate> into) {
            boolean[] excluded = excludedSpans(source);
            Lines lines = new Lines(source);
            List<int[]> decoys = DECOY.spans(source);
            Search search = digits(source);
            Matcher digits = search.matcher();
            while (search.next()) {
                String written = digits.group(1);
                String code = written.replace(" ", "").replace("-", "");
                if (code.length() > 8 || isExcluded(excluded, digits.start(1), digits.end(1))
                        || UNIT_AFTER.matcher(source).region(digits.end(1), source.length()).lookingAt()) {
                    continue;
                }
                int score = score(source, lines, digits.start(), digits.end(), keywords, decoys, BEFORE, AFTER,
                        announced);
                if (score > 0 && isYear(code) && !keywordRightBefore(digits.start(), keywords)) {
                    score = 0; // © 2026, "in 2025": a year unless the keyword announces it
                }
                if (score > 0) {
                    into.add(new Candidate(new OneTimeCode(code, name, context(source, lines, digits.start(1),
                            digits.end(1))), score + (code.length() >= 6 ? 2 : 0)));
                }
            }
            Search alphanumericSearch = alphanumerics(source);
            Matcher alphanumeric = alphanumericSearch.matcher();
            while (alphanumericSearch.next()) {
                String code = alphanumeric.group(1);
                String bare = code.replace("-", "");
                if (bare.length() < 4 || bare.length() > 10 || bare.chars().noneMatch(Character::isDigit)
                        || bare.chars().noneMatch(Character::isLetter) || NOT_A_CODE.matcher(code).matches()
                        || isExcluded(excluded, alphanumeric.start(1), alphanumeric.end(1))) {
                    continue;
                }
                int score = score(source, lines, alphanumeric.start(), alphanumeric.end(), keywords, decoys,
                        ALPHANUMERIC_BEFORE, ALPHANUMERIC_AFTER, announced && lines.isAlone(alphanumeric.start(1),
                                alphanumeric.end(1)));
                if (score > 0) {
                    into.add(new Candidate(new OneTimeCode(code, name, context(source, lines, alphanumeric.start(1),
                            alphanumeric.end(1))), score - 1));
                }
            }
        }

        /**
         * How likely a code: the closer its keyword the higher; 0 when no keyword is near, or when the word right
         * before it announces something else (an order, a phone…). A code alone on its line counts when the message
         * announces a code anywhere ({@code announced}).
         */
        private static int score(String source, Lines lines, int start, int end, List<int[]> keywords,
                List<int[]> decoys, int before, int after, boolean announced) {
            int nearestBefore = Integer.MAX_VALUE;
            int nearestAfter = Integer.MAX_VALUE;
            // Spans are in text order and do not overlap: their starts and their ends both ascend.
            int last = lastEndingBy(keywords, start);
            if (last >= 0 && start - keywords.get(last)[1] <= before) {
                nearestBefore = start - keywords.get(last)[1];
            }
            int next = last + 1;
            while (next < keywords.size() && keywords.get(next)[0] < end) {
                next++;
            }
            if (next < keywords.size() && keywords.get(next)[0] - end <= after) {
                nearestAfter = keywords.get(next)[0] - end;
            }
            if (isDecoy(source, start, decoys, nearestBefore)) {
                return 0;
            }
            if (nearestBefore != Integer.MAX_VALUE || nearestAfter != Integer.MAX_VALUE) {
                return 100 - Math.min(nearestBefore, nearestAfter * 3 / 2);
            }
            return announced && lines.isStandalone(start, end) ? 20 : 0;
        }

        /** The index of the last span that ends at or before {@code position}, or -1. */
        private static int lastEndingBy(List<int[]> spans, int position) {
            int low = 0;
            int high = spans.size() - 1;
            int found = -1;
            while (low <= high) {
                int middle = (low + high) >>> 1;
                if (spans.get(middle)[1] <= position) {
                    found = middle;
                    low = middle + 1;
                } else {
                    high = middle - 1;
                }
            }
            return found;
        }

        /** A decoy word on the same line, nearer than the nearest keyword, with no digit between it and the number. */
        private static boolean isDecoy(String source, int start, List<int[]> decoys, int keywordDistance) {
            for (int i = lastEndingBy(decoys, start); i >= 0 && start - decoys.get(i)[1] <= DECOY_BEFORE; i--) {
                int[] decoy = decoys.get(i);
                if (start - decoy[1] < keywordDistance
                        && source.substring(decoy[1], start).chars().noneMatch(c -> Character.isDigit(c) || c == '\n')) {
                    return true;
                }
            }
            return false;
        }

        private static boolean keywordRightBefore(int start, List<int[]> keywords) {
            int last = lastEndingBy(keywords, start);
            return last >= 0 && start - keywords.get(last)[1] <= 15;
        }

        private static boolean isYear(String code) {
            if (code.length() != 4) {
                return false;
            }
            int value = Integer.parseInt(code);
            return value >= 1900 && value <= 2099;
        }

        /** Where no code is looked for: addresses and links, phone numbers, dates and times. */
        private static boolean[] excludedSpans(String source) {
            boolean[] excluded = new boolean[source.length() + 1];
            addresses(source, excluded);
            for (Search search : List.of(urls(source), datesAndTimes(source))) {
                for (int[] span : search.spans()) {
                    java.util.Arrays.fill(excluded, span[0], span[1], true);
                }
            }
            for (int[] span : phones(source).spans()) {
                String phone = source.substring(span[0], span[1]);
                long digits = phone.chars().filter(Character::isDigit).count();
                long groups = phone.split("[ .()-]+").length;
                if (digits >= 8 && (phone.startsWith("+") || phone.contains("(") || groups >= 3)) {
                    java.util.Arrays.fill(excluded, span[0], span[1], true);
                }
            }
            return excluded;
        }

        /**
         * Marks what {@code \\S+@\\S+} matches, in one pass: each run of non-space characters with an {@code @}
         * that has a character on both sides within the run.
         */
        private static void addresses(String source, boolean[] excluded) {
            int length = source.length();
            int run = 0;
            while (run < length) {
                while (run < length && isSpace(source.charAt(run))) {
                    run++;
                }
                int end = run;
                boolean address = false;
                while (end < length && !isSpace(source.charAt(end))) {
                    address |= source.charAt(end) == '@' && end > run && end + 1 < length
                            && !isSpace(source.charAt(end + 1));
                    end++;
                }
                if (address) {
                    java.util.Arrays.fill(excluded, run, end, true);
                }
                run = end;
            }
        }

        /** {@code \\s} of a pattern without UNICODE_CHARACTER_CLASS. */
        private static boolean isSpace(char c) {
            return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
        }

        private static boolean isExcluded(boolean[] excluded, int start, int end) {
            for (int i = start; i < end; i++) {
                if (excluded[i]) {
                    return true;
                }
            }
            return false;
        }

        // Each search tried only where its pattern can begin a match.

        static Search digits(String source) {
            java.util.function.IntPredicate nearDigit = Search.nearDigit(source, DIGIT_START);
            return new Search(DIGITS, source, at -> digitsMayStart(source, at, nearDigit));
        }

        /**
         * Where a {@link #DIGITS} match can begin: at an ASCII digit that follows none (its look-behind refuses a
         * digit before), or at an upper-case letter with a digit near enough (the prefix of {@code G-123456}). Most
         * positions of a text full of numbers are neither: trying the pattern within reach of every digit was the
         * largest part of a received message's CPU.
         */
        private static boolean digitsMayStart(String source, int at, java.util.function.IntPredicate nearDigit) {
            char c = source.charAt(at);
            if (isAsciiDigit(c)) {
                return at == 0 || !isAsciiDigit(source.charAt(at - 1));
            }
            return Character.isUpperCase(source.codePointAt(at)) && nearDigit.test(at);
        }

        static Search alphanumerics(String source) {
            return new Search(ALPHANUMERIC, source, at -> isCodeStart(source, at));
        }

        static Search urls(String source) {
            return new Search(URL, source, at -> "hHwW".indexOf(source.charAt(at)) >= 0);
        }

        static Search datesAndTimes(String source) {
            return new Search(DATE_OR_TIME, source, at -> isAsciiDigit(source.charAt(at)));
        }

        static Search phones(String source) {
            return new Search(PHONE, source, at -> "+(".indexOf(source.charAt(at)) >= 0 || isAsciiDigit(source.charAt(at)));
        }

        /**
         * Where an {@link #ALPHANUMERIC} code can begin: an upper-case letter or digit with no ASCII letter or digit
         * before it (the pattern's own look-behind decides the rest).
         */
        private static boolean isCodeStart(String source, int at) {
            char c = source.charAt(at);
            if (!(c >= 'A' && c <= 'Z' || isAsciiDigit(c))) {
                return false;
            }
            if (at == 0) {
                return true;
            }
            char before = source.charAt(at - 1);
            return !(before >= 'A' && before <= 'Z' || before >= 'a' && before <= 'z' || isAsciiDigit(before));
        }

        /** {@code \\d} of a pattern without UNICODE_CHARACTER_CLASS. */
        static boolean isAsciiDigit(char c) {
            return c >= '0' && c <= '9';
        }

        /** The line around {@code [start, end)}, cut to {@value #CONTEXT_LENGTH} characters centred on it. */
        private static String context(String source, Lines lines, int start, int end) {
            int line = lines.of(start);
            int lineStart = lines.start(line);
            int lineEnd = lines.end(line);
            int room = Math.max(0, CONTEXT_LENGTH - (end - start)) / 2;
            int from = Math.max(lineStart, start - room);
            int to = Math.min(lineEnd, end + room);
            return cut(source, from, to).replaceAll("\\s+", " ").strip();
        }
    }

    /**
     * A case-insensitive alternation of whole words (no letter before or after) and of fragments that may stand
     * anywhere, searched as {@link Matcher#find()} would, but tried only where a match can start (at a character
     * that begins one of the alternatives, not right after a letter for a word), and there with only the
     * alternatives that begin with that character, in their order. A plain search tried the whole alternation at
     * every character of the text: most of the CPU a received message cost.
     */
    static final class WordPattern {

        private final Pattern pattern;
        private final List<String> words;
        private final List<String> fragments;
        /** For each ASCII character, the alternatives that can begin with it (null: none), as patterns of their own. */
        private final Pattern[] asciiWords = new Pattern[128];
        private final Pattern[] asciiFragments = new Pattern[128];

        WordPattern(List<String> words, List<String> fragments) {
            this.words = List.copyOf(words);
            this.fragments = List.copyOf(fragments);
            pattern = compile(words, fragments);
            for (char c = 0; c < 128; c++) {
                char first = c;
                List<String> wordsHere = words.stream().filter(word -> mayBegin(word, first)).toList();
                List<String> fragmentsHere = fragments.stream().filter(fragment -> mayBegin(fragment, first)).toList();
                asciiWords[c] = wordsHere.isEmpty() ? null : compile(wordsHere, List.of());
                asciiFragments[c] = fragmentsHere.isEmpty() ? null : compile(List.of(), fragmentsHere);
            }
        }

        private static Pattern compile(List<String> words, List<String> fragments) {
            String wordPart = words.isEmpty() ? "" : "(?<![\\p{L}])(?:" + String.join("|", words) + ")(?![\\p{L}])";
            String separator = words.isEmpty() || fragments.isEmpty() ? "" : "|";
            return Pattern.compile("(?iu)" + wordPart + separator + String.join("|", fragments));
        }

        /**
         * Whether {@code alternative} can match beginning with {@code c}: its first character is a literal, or a
         * class of literals in brackets, compared without regard to case (any of the ways Java folds it).
         */
        private static boolean mayBegin(String alternative, char c) {
            String firsts = alternative.startsWith("[") ? alternative.substring(1, alternative.indexOf(']'))
                    : alternative.substring(0, 1);
            if ("\\()|.*+?^$".indexOf(firsts.charAt(0)) >= 0 || firsts.contains("-") || firsts.contains("\\")) {
                throw new IllegalArgumentException("an alternative must start with a literal character or a class "
                        + "of them: " + alternative);
            }
            for (char first : firsts.toCharArray()) {
                if (c == first || Character.toLowerCase(c) == Character.toLowerCase(first)
                        || Character.toUpperCase(c) == Character.toUpperCase(first)
                        || Character.toLowerCase(Character.toUpperCase(c))
                                == Character.toLowerCase(Character.toUpperCase(first))) {
                    return true;
                }
            }
            return false;
        }

        /** The whole alternation: what a plain {@code find()} would search with. */
        Pattern pattern() {
            return pattern;
        }

        /** The spans {@code find()} would return, in order. */
        List<int[]> spans(String source) {
            List<int[]> spans = new ArrayList<>();
            java.util.Map<Pattern, Matcher> matchers = new java.util.HashMap<>();
            int length = source.length();
            int at = 0;
            while (at < length) {
                int end = matchAt(source, at, matchers);
                if (end > at) {
                    spans.add(new int[] {at, end});
                    at = end;
                } else {
                    at++;
                }
            }
            return spans;
        }

        /** The end of the match that begins at {@code at}, or -1. */
        private int matchAt(String source, int at, java.util.Map<Pattern, Matcher> matchers) {
            char c = source.charAt(at);
            boolean wordMayBegin = at == 0 || !Character.isLetter(source.charAt(at - 1));
            if (c >= 128) { // rare in most mail: the whole alternation, where any alternative may begin
                boolean may = wordMayBegin && words.stream().anyMatch(word -> mayBegin(word, c))
                        || fragments.stream().anyMatch(fragment -> mayBegin(fragment, c));
                return may ? lookingAt(pattern, source, at, matchers) : -1;
            }
            int end = wordMayBegin && asciiWords[c] != null ? lookingAt(asciiWords[c], source, at, matchers) : -1;
            if (end < 0 && asciiFragments[c] != null) {
                end = lookingAt(asciiFragments[c], source, at, matchers);
            }
            return end;
        }

        private static int lookingAt(Pattern pattern, String source, int at, java.util.Map<Pattern, Matcher> matchers) {
            // Transparent bounds: the look-behind sees the character before the region tried.
            Matcher matcher = matchers.computeIfAbsent(pattern,
                    key -> key.matcher(source).useTransparentBounds(true).useAnchoringBounds(false));
            matcher.region(at, source.length());
            return matcher.lookingAt() ? matcher.end() : -1;
        }
    }

    /**
     * What {@code pattern.matcher(source).find()} finds, one match after the other, but with the pattern tried only at
     * the positions where {@code mayStart} says a match can begin (it must hold at least wherever one can). Trying a
     * pattern that opens with a look-behind or an alternation at every character of a text was most of the CPU a
     * received message cost; the predicates are a character test or two.
     */
    static final class Search {

        private final Matcher matcher;
        private final java.util.function.IntPredicate mayStart;
        private final int length;
        private int at;

        Search(Pattern pattern, String source, java.util.function.IntPredicate mayStart) {
            // Transparent bounds: look-behinds and look-aheads see the text around the region tried.
            this.matcher = pattern.matcher(source).useTransparentBounds(true).useAnchoringBounds(false);
            this.mayStart = mayStart;
            this.length = source.length();
        }

        /**
         * Positions with an ASCII digit at most {@code reach} characters ahead, for patterns whose matches have one
         * that near their start.
         */
        static java.util.function.IntPredicate nearDigit(String source, int reach) {
            int[] nextDigit = new int[source.length() + 1];
            nextDigit[source.length()] = Integer.MAX_VALUE;
            for (int i = source.length() - 1; i >= 0; i--) {
                nextDigit[i] = Codes.isAsciiDigit(source.charAt(i)) ? i : nextDigit[i + 1];
            }
            return at -> nextDigit[at] != Integer.MAX_VALUE && nextDigit[at] - at <= reach;
        }

        /** Moves to the next match, which {@link #matcher()} then holds; false when there is none. */
        boolean next() {
            while (at < length) {
                if (mayStart.test(at)) {
                    matcher.region(at, length);
                    if (matcher.lookingAt()) {
                        at = Math.max(matcher.end(), at + 1);
                        return true;
                    }
                }
                at++;
            }
            return false;
        }

        Matcher matcher() {
            return matcher;
        }

        /** Every match's {start, end}, in order. */
        List<int[]> spans() {
            List<int[]> spans = new ArrayList<>();
            while (next()) {
                spans.add(new int[] {matcher.start(), matcher.end()});
            }
            return spans;
        }
    }

    /** The lines of a text, found once: where each starts and ends, with and without its surrounding blanks. */
    static final class Lines {

        private final int[] starts;
        private final int[] ends;
        private final int[] strippedStarts;
        private final int[] strippedEnds;

        Lines(String source) {
            int count = 1;
            for (int i = 0; i < source.length(); i++) {
                if (source.charAt(i) == '\n') {
                    count++;
                }
            }
            starts = new int[count];
            ends = new int[count];
            strippedStarts = new int[count];
            strippedEnds = new int[count];
            int line = 0;
            for (int i = 0; i <= source.length(); i++) {
                if (i == source.length() || source.charAt(i) == '\n') {
                    ends[line] = i;
                    int from = starts[line];
                    int to = i;
                    while (from < to && Character.isWhitespace(source.charAt(from))) {
                        from++;
                    }
                    while (to > from && Character.isWhitespace(source.charAt(to - 1))) {
                        to--;
                    }
                    strippedStarts[line] = from;
                    strippedEnds[line] = to;
                    if (++line < count) {
                        starts[line] = i + 1;
                    }
                }
            }
        }

        /** The line that holds {@code position}. */
        int of(int position) {
            int found = java.util.Arrays.binarySearch(starts, position);
            return found >= 0 ? found : -found - 2;
        }

        int start(int line) {
            return starts[line];
        }

        int end(int line) {
            return ends[line];
        }

        /** Whether {@code [start, end)} is all its line holds, blanks aside. */
        boolean isAlone(int start, int end) {
            int line = of(start);
            return strippedStarts[line] == start && strippedEnds[line] == end;
        }

        /** Whether the line of {@code start} is short, blanks aside: a code alone, maybe with a label. */
        boolean isStandalone(int start, int end) {
            int line = of(start);
            return strippedEnds[line] - strippedStarts[line] <= Codes.STANDALONE_LINE;
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Links

    /** The link heuristic. */
    static final class Links {

        /**
         * {@code [text](url)} (or {@code [text](<url>)}), as text derived from HTML writes links, its text's brackets
         * escaped (so an attempt at one ends at the next unescaped bracket: the search stays linear); {@code <url>};
         * or a bare address. Quantifiers are possessive: nothing after them could match what they gave back.
         */
        private static final Pattern LINK = Pattern.compile("\\[((?:\\\\.|[^\\\\\\[\\]\\n]){1,200}+)]\\("
                + "(?:<(https?://[^<>\\n]++)>|(https?://[^\\s()<>]++(?:\\([^\\s()<>]*+\\)[^\\s()<>]*+)*+))\\)"
                + "|<(https?://[^\\s<>]++)>|(https?://[^\\s<>\"'\\[\\]]++)", Pattern.CASE_INSENSITIVE);
        private static final Pattern ESCAPED = Pattern.compile("\\\\(.)");
        /** Punctuation that ends a sentence rather than the address it follows. */
        private static final String TRAILING = ".,;:!?'\")]}";
        /** Links with these words are what mail asks its reader to do: kept first when there are many. */
        private static final Pattern ACTION = Pattern.compile("(?iu)verif|confirm|activat|reset|sign[ -]?in|log[ -]?in"
                + "|magic|password|passwort|invite|invitation|accept|approve|join|unsubscribe|abmelden|désinscri"
                + "|bestätig|anmeld|download|track|view|open|continue|get started|set up|setup");

        private Links() {
        }

        /** The link search, tried only where a link can begin: a bracket or an {@code h} of {@code http}. */
        static Search search(String text) {
            return new Search(LINK, text, at -> "[<hH".indexOf(text.charAt(at)) >= 0);
        }

        static List<MessageLink> find(String text) {
            Map<String, Found> byUrl = new LinkedHashMap<>();
            Search search = search(text);
            Matcher matcher = search.matcher();
            int previousEnd = 0;
            while (search.next()) {
                String url;
                String label;
                if (matcher.group(1) != null) {
                    url = matcher.group(2) != null ? matcher.group(2) : matcher.group(3);
                    label = ESCAPED.matcher(matcher.group(1)).replaceAll("$1");
                } else {
                    url = matcher.group(4) != null ? matcher.group(4) : trimTrailing(matcher.group(5));
                    label = before(text, matcher.start(), previousEnd);
                }
                previousEnd = matcher.end();
                if (url.length() > MAX_URL_LENGTH || url.length() <= "https://".length()) {
                    continue;
                }
                String clean = label(label);
                Found known = byUrl.get(url);
                if (known == null) {
                    byUrl.put(url, new Found(byUrl.size(), new MessageLink(clean, url)));
                } else if (known.link.text().isEmpty() && !clean.isEmpty()) {
                    byUrl.put(url, new Found(known.position, new MessageLink(clean, url)));
                }
            }
            List<Found> found = new ArrayList<>(byUrl.values());
            if (found.size() > MAX_LINKS) {
                found.sort(Comparator.comparing((Found link) -> !isAction(link.link)).thenComparingInt(Found::position));
                found = new ArrayList<>(found.subList(0, MAX_LINKS));
                found.sort(Comparator.comparingInt(Found::position));
            }
            return found.stream().map(Found::link).toList();
        }

        private record Found(int position, MessageLink link) {
        }

        private static boolean isAction(MessageLink link) {
            return ACTION.matcher(link.text()).find() || ACTION.matcher(link.url()).find();
        }

        /**
         * The words before the link on its line, after the previous link; else the line above when short. Only the
         * text since the previous link is read, so all links together read the text once.
         */
        private static String before(String text, int start, int previousEnd) {
            int from = Math.min(previousEnd, start);
            int lineStart = lineStartAfter(text, start, from);
            String same = text.substring(Math.max(lineStart, from), start);
            if (!label(same).isEmpty()) {
                return same;
            }
            if (lineStart < 2 || lineStart <= previousEnd) {
                return "";
            }
            int previousLineStart = lineStartAfter(text, lineStart - 1, from);
            String above = text.substring(Math.max(previousLineStart, previousEnd), lineStart - 1);
            return above.strip().length() <= LINK_TEXT_LENGTH ? above : "";
        }

        /** A label on one line, without the punctuation that introduces a link, at most {@value #LINK_TEXT_LENGTH}. */
        private static String label(String raw) {
            String label = raw.replaceAll("\\s+", " ").strip();
            label = label.replaceAll("[\\s:：\\-–—>»→(]+$", "").strip();
            if (label.length() > LINK_TEXT_LENGTH) {
                int from = label.length() - LINK_TEXT_LENGTH;
                int space = label.indexOf(' ', from);
                label = cut(label, space > 0 && space < label.length() - 1 ? space + 1 : from, label.length()).strip();
            }
            return label;
        }

        /** Where the line of {@code position} starts, looked for back to {@code limit} only ({@code limit} if not found). */
        private static int lineStartAfter(String text, int position, int limit) {
            for (int i = position - 1; i >= limit; i--) {
                if (text.charAt(i) == '\n') {
                    return i + 1;
                }
            }
            return limit;
        }

        private static String trimTrailing(String url) {
            int end = url.length();
            while (end > 0 && TRAILING.indexOf(url.charAt(end - 1)) >= 0) {
                char last = url.charAt(end - 1);
                // A closing bracket that the address itself opened stays: https://en.wikipedia.org/wiki/Foo_(bar)
                if (last == ')' && url.lastIndexOf('(', end - 1) > url.indexOf("://")) {
                    break;
                }
                end--;
            }
            return url.substring(0, end);
        }
    }

    /** {@code source[from, to)} moved inwards rather than split a surrogate pair. */
    static String cut(String source, int from, int to) {
        if (from > 0 && from < source.length() && Character.isLowSurrogate(source.charAt(from))) {
            from++;
        }
        if (to > from && to < source.length() && Character.isLowSurrogate(source.charAt(to))) {
            to--;
        }
        return source.substring(from, Math.max(from, to));
    }
}
