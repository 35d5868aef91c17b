package dev.inboxes.domain.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class CursorCodecTest {

    private static final String SECRET_A = "cursor-secret-A-6f1c2b9e4d7a8c3f5e0b1d2a";
    private static final String SECRET_B = "cursor-secret-B-9a8b7c6d5e4f3a2b1c0d9e8f";
    private static final String SECRET_C = "cursor-secret-C-0e1d2c3b4a5f6e7d8c9b0a1f";

    private static final String BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    private static final QueryScope SCOPE =
            new QueryScope("inboxes", "acc_A1b2C3d4E5f6G7h8I9j0", "q=\u0000after=\u0000before=");

    /** A realistic position: a 24-character inbox id gives a 61-byte payload, an 82-character token. */
    private static final Keyset POSITION =
            new Keyset(Instant.parse("2026-11-29T21:48:33.123456Z"), "inb_7fQ2xYz0123456789Abc");

    private final CursorCodec codec = codecWith(SECRET_A);

    private static CursorCodec codecWith(String activeSecret, String... retiredSecrets) {
        return new CursorCodec(CursorKeys.of(activeSecret, List.of(retiredSecrets)));
    }

    private static InvalidCursorException invalidCursor(CursorCodec codec, String token, QueryScope scope) {
        InvalidCursorException e = catchThrowableOfType(InvalidCursorException.class, () -> codec.decode(token, scope));
        assertThat(e).as("decoding %s must be refused as an invalid cursor", token).isNotNull();
        assertThat(e.argument()).isEqualTo("cursor");
        return e;
    }

    @Nested
    class RoundTrip {

        static Stream<Keyset> positions() {
            return Stream.of(
                    POSITION,
                    new Keyset(Instant.parse("2026-11-29T21:48:33Z"), "inb_00000000000000000000"),
                    new Keyset(Instant.parse("2026-11-29T21:48:33.000001Z"), "inb_zzzzzzzzzzzzzzzzzzzz"),
                    new Keyset(Instant.parse("2026-11-29T21:48:33.999999Z"), "inb_x"),
                    new Keyset(Instant.EPOCH, "epoch"),
                    new Keyset(Instant.parse("1969-12-31T23:59:59.999999Z"), "one-micro-before-epoch"),
                    new Keyset(Instant.parse("1900-01-01T00:00:00.000001Z"), "pre-1970"),
                    new Keyset(Instant.parse("0001-01-01T00:00:00Z"), "year-one"),
                    new Keyset(Instant.parse("9999-12-31T23:59:59.999999Z"), "far-future"),
                    // the extremes of a signed 64-bit count of microseconds since the epoch
                    new Keyset(CursorCodec.fromEpochMicros(Long.MAX_VALUE), "max-micros"),
                    new Keyset(CursorCodec.fromEpochMicros(Long.MIN_VALUE + 1_000_000), "min-micros-plus-one-second"),
                    new Keyset(POSITION.at(), "a"),
                    new Keyset(POSITION.at(), "with spaces and\ttab"),
                    new Keyset(POSITION.at(), "slash/plus+equals=percent%25"),
                    new Keyset(POSITION.at(), "ünïcödé-ß-日本語"),
                    new Keyset(POSITION.at(), "emoji-\uD83D\uDCEC-outside-the-BMP"),
                    new Keyset(POSITION.at(), "nul\u0000inside"),
                    new Keyset(POSITION.at(), "-_-_-_"),
                    new Keyset(POSITION.at(), "x".repeat(300)));
        }

        @ParameterizedTest
        @MethodSource("positions")
        void decodingAnEncodedCursorReturnsExactlyTheSameKeyset(Keyset position) {
            String token = codec.encode(position, SCOPE);

            assertThat(codec.decode(token, SCOPE)).isEqualTo(position);
        }

        @ParameterizedTest
        @MethodSource("positions")
        void tokensUseOnlyUrlSafeCharactersWithoutPadding(Keyset position) {
            assertThat(codec.encode(position, SCOPE)).matches("[A-Za-z0-9_-]+");
        }

        @Test
        void anotherCodecWithTheSameSecretDecodesTheCursorSoAnyReplicaCanContinueIt() {
            String token = codec.encode(POSITION, SCOPE);

            assertThat(codecWith(SECRET_A).decode(token, SCOPE)).isEqualTo(POSITION);
        }

        @Test
        void anEqualButSeparatelyBuiltScopeAcceptsTheCursor() {
            String token = codec.encode(POSITION, SCOPE);
            QueryScope sameScope = new QueryScope(new String("inboxes"), new String(SCOPE.accountId()),
                    new String(SCOPE.filters()));

            assertThat(codec.decode(token, sameScope)).isEqualTo(POSITION);
        }

        @Test
        void subMicrosecondDigitsAreDroppedTowardsThePast() {
            Keyset withNanos = new Keyset(Instant.parse("2026-11-29T21:48:33.123456789Z"), "inb_1");

            Keyset decoded = codec.decode(codec.encode(withNanos, SCOPE), SCOPE);

            assertThat(decoded).isEqualTo(new Keyset(Instant.parse("2026-11-29T21:48:33.123456Z"), "inb_1"));
        }

        @Test
        void subMicrosecondDigitsBeforeTheEpochAreAlsoDroppedTowardsThePast() {
            Keyset withNanos = new Keyset(Instant.parse("1969-12-31T23:59:59.999999999Z"), "inb_1");

            Keyset decoded = codec.decode(codec.encode(withNanos, SCOPE), SCOPE);

            assertThat(decoded.at()).isEqualTo(Instant.parse("1969-12-31T23:59:59.999999Z"));
        }

        @Test
        void anInstantBeyondTheMicrosecondRangeFailsLoudlyInsteadOfWrappingAround() {
            Keyset tooFar = new Keyset(CursorCodec.fromEpochMicros(Long.MAX_VALUE).plusSeconds(1), "inb_1");

            assertThatThrownBy(() -> codec.encode(tooFar, SCOPE)).isInstanceOf(ArithmeticException.class);
        }

        @Test
        void aGenuineTokenOfExactlyTheMaximumLengthIsAccepted() {
            // 21 header bytes + 347 id bytes + 16 mac bytes = 384 bytes = exactly 512 base64 characters
            Keyset longest = new Keyset(POSITION.at(), "i".repeat(347));
            String token = codec.encode(longest, SCOPE);

            assertThat(token).hasSize(512);
            assertThat(codec.decode(token, SCOPE)).isEqualTo(longest);
        }
    }

    @Nested
    class Tampering {

        private final String token = codec.encode(POSITION, SCOPE);

        /** Unpadded base64 leaves unused low bits in the last character when the length is not a multiple of 4. */
        private int unusedLowBitsOfLastCharacter(String token) {
            return switch (token.length() % 4) {
                case 2 -> 4;
                case 3 -> 2;
                default -> 0;
            };
        }

        private String withCharacterAt(String token, int index, char c) {
            return token.substring(0, index) + c + token.substring(index + 1);
        }

        @Test
        void changingAnyCharacterToAnyOtherBase64CharacterThatChangesTheEncodedBytesIsRefused() {
            int last = token.length() - 1;
            int unused = unusedLowBitsOfLastCharacter(token);
            int checked = 0;
            for (int i = 0; i < token.length(); i++) {
                int original = BASE64URL.indexOf(token.charAt(i));
                for (char c : BASE64URL.toCharArray()) {
                    int replacement = BASE64URL.indexOf(c);
                    boolean sameBytes = i == last ? (replacement >> unused) == (original >> unused) : replacement == original;
                    if (!sameBytes) {
                        invalidCursor(codec, withCharacterAt(token, i, c), SCOPE);
                        checked++;
                    }
                }
            }
            assertThat(checked).as("substitutions checked").isGreaterThan(token.length() * 60);
        }

        @Test
        void changingOnlyTheUnusedLowBitsOfTheLastCharacterIsRefused() {
            // Known problem, see report: java.util.Base64 ignores the unused trailing bits, so these altered tokens
            // decode to the genuine bytes and are accepted; the same cursor has several spellings.
            int last = token.length() - 1;
            int unused = unusedLowBitsOfLastCharacter(token);
            assertThat(unused).as("the fixture token must end in a partial base64 group").isPositive();
            int original = BASE64URL.indexOf(token.charAt(last));
            for (int low = 0; low < (1 << unused); low++) {
                int replacement = (original >> unused << unused) | low;
                if (replacement != original) {
                    String altered = withCharacterAt(token, last, BASE64URL.charAt(replacement));
                    assertThat(catchThrowable(() -> codec.decode(altered, SCOPE)))
                            .as("BUG: the token %s differs from the genuine %s only in its last character, yet it "
                                    + "is accepted because the base64 decoder ignores the unused low bits; "
                                    + "an altered token must be refused", altered, token)
                            .isInstanceOf(InvalidCursorException.class);
                }
            }
        }

        @Test
        void replacingAnyCharacterWithACharacterOutsideBase64UrlIsRefusedAsNotBase64() {
            for (int i = 0; i < token.length(); i++) {
                for (char c : "+/.~ %=\u00e9".toCharArray()) {
                    String altered = withCharacterAt(token, i, c);
                    assertThat(invalidCursor(codec, altered, SCOPE)).as("%s", altered).hasMessageContaining("base64");
                }
            }
        }

        @Test
        void everyTruncationIsRefused() {
            for (int length = 0; length < token.length(); length++) {
                invalidCursor(codec, token.substring(0, length), SCOPE);
            }
        }

        @Test
        void removingAnySingleCharacterIsRefused() {
            for (int i = 0; i < token.length(); i++) {
                invalidCursor(codec, token.substring(0, i) + token.substring(i + 1), SCOPE);
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {"A", "AA", "AAA", "AAAA", "Q", "_", "-w", "AAAAAAAA"})
        void appendingCharactersIsRefused(String suffix) {
            invalidCursor(codec, token + suffix, SCOPE);
        }

        @Test
        void prependingCharactersIsRefused() {
            invalidCursor(codec, "AAAA" + token, SCOPE);
        }

        @Test
        void theTokenRepeatedTwiceIsRefused() {
            invalidCursor(codec, token + token, SCOPE);
        }

        @Test
        void appendingBase64PaddingIsRefused() {
            // Known problem, see report: java.util.Base64's URL decoder accepts optional '=' padding.
            String padded = token + "=".repeat((4 - token.length() % 4) % 4);
            assertThat(padded).isNotEqualTo(token);

            assertThat(catchThrowable(() -> codec.decode(padded, SCOPE)))
                    .as("BUG: the genuine token with '=' padding appended (%s) is accepted as the same cursor; "
                            + "an extended token must be refused", padded)
                    .isInstanceOf(InvalidCursorException.class);
        }

        @Test
        void aTokenWithAnotherSecretsSignatureSplicedOntoThisKeysHeaderIsRefusedAsAltered() {
            byte[] genuine = Base64.getUrlDecoder().decode(token);
            byte[] foreign = Base64.getUrlDecoder().decode(codecWith(SECRET_C).encode(POSITION, SCOPE));
            byte[] forged = genuine.clone();
            System.arraycopy(foreign, foreign.length - 16, forged, forged.length - 16, 16);
            String forgedToken = Base64.getUrlEncoder().withoutPadding().encodeToString(forged);

            assertThat(invalidCursor(codec, forgedToken, SCOPE)).hasMessageContaining("altered");
        }

        @Test
        void aTokenWhoseScopeFingerprintWasAlteredIsRefusedAsAlteredRatherThanAsAMismatch() {
            byte[] bytes = Base64.getUrlDecoder().decode(token);
            bytes[1 + 4] ^= 0x01; // first byte of the scope fingerprint
            String altered = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);

            assertThat(invalidCursor(codec, altered, SCOPE)).isExactlyInstanceOf(InvalidCursorException.class);
        }

        @Test
        void aTokenWithAnotherFormatVersionIsRefusedAsUnknownFormat() {
            byte[] bytes = Base64.getUrlDecoder().decode(token);
            bytes[0] = 3; // 1 is a keyset, 2 a sequence position
            String altered = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);

            assertThat(invalidCursor(codec, altered, SCOPE)).hasMessageContaining("unknown format");
        }
    }

    @Nested
    class SequencePositions {

        private final SequenceCursor position = new SequenceCursor((byte) 2, 41, 1_234_567, "thr_7fQ2xYz0123456789Abc");

        @Test
        void decodingAnEncodedSequencePositionReturnsExactlyTheSamePosition() {
            for (SequenceCursor each : List.of(position, new SequenceCursor((byte) 0, 0, 0, "inb_1"),
                    new SequenceCursor((byte) 1, Long.MAX_VALUE, Long.MAX_VALUE, "ünïcödé-\uD83D\uDCEC"))) {
                String token = codec.encode(each, SCOPE);
                assertThat(token).matches("[A-Za-z0-9_-]+");
                assertThat(codec.decodeSequence(token, SCOPE)).isEqualTo(each);
                assertThat(codecWith(SECRET_B, SECRET_A).decodeSequence(token, SCOPE)).as("after a rotation")
                        .isEqualTo(each);
            }
        }

        @Test
        void aGenuineCursorOfTheOtherFormatIsACursorOfAnotherList() {
            String sequence = codec.encode(position, SCOPE);
            String keyset = codec.encode(POSITION, SCOPE);

            assertThat(catchThrowable(() -> codec.decode(sequence, SCOPE))).isExactlyInstanceOf(CursorMismatchException.class);
            assertThat(catchThrowable(() -> codec.decodeSequence(keyset, SCOPE)))
                    .isExactlyInstanceOf(CursorMismatchException.class);
            assertThat(catchThrowable(() -> codec.decodeSequence(sequence, new QueryScope("threads:inb_2",
                    SCOPE.accountId(), SCOPE.filters())))).isExactlyInstanceOf(CursorMismatchException.class);
        }

        @Test
        void everyAlteredByteOfASequencePositionIsRefused() {
            byte[] bytes = Base64.getUrlDecoder().decode(codec.encode(position, SCOPE));
            for (int i = 0; i < bytes.length; i++) {
                byte[] altered = bytes.clone();
                altered[i] ^= 0x01;
                String token = Base64.getUrlEncoder().withoutPadding().encodeToString(altered);
                assertThat(catchThrowable(() -> codec.decodeSequence(token, SCOPE))).as("byte %d", i)
                        .isInstanceOf(InvalidCursorException.class);
            }
        }
    }

    @Nested
    class Garbage {

        @ParameterizedTest
        @ValueSource(strings = {"garbage", "null", "0", "abcd", "eyJpZCI6ImluYl8xIn0", "AQAAAAAAAAAAAAAAAAAA",
                "________________________________________________________________",
                "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})
        void arbitraryTextIsRefused(String garbage) {
            invalidCursor(codec, garbage, SCOPE);
        }

        @Test
        void randomBytesOfPlausibleLengthAreRefused() {
            Random random = new Random(20261129);
            for (int i = 0; i < 2_000; i++) {
                byte[] bytes = new byte[38 + random.nextInt(80)];
                random.nextBytes(bytes);
                if (i % 2 == 0) {
                    bytes[0] = 1; // get past the version check
                }
                invalidCursor(codec, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), SCOPE);
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "AA", "AAA", "AAAA", "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})
        void aTokenTooShortToHoldAHeaderAndASignatureIsRefusedAsTooShort(String shortToken) {
            assertThat(invalidCursor(codec, shortToken, SCOPE)).hasMessageContaining("too short");
        }

        @ParameterizedTest
        @ValueSource(strings = {"abc$def", "abc def", "abc+def/", "abc.def", "ab=cd", "caf\u00e9", "AAAA\n"})
        void textThatIsNotBase64UrlIsRefusedAsNotBase64(String notBase64) {
            assertThat(invalidCursor(codec, notBase64, SCOPE)).hasMessageContaining("not base64url");
        }

        @Test
        void aTokenLongerThan512CharactersIsRefusedAsTooLong() {
            assertThat(invalidCursor(codec, "A".repeat(513), SCOPE)).hasMessageContaining("too long");
        }

        @Test
        void aGenuineTokenLongerThan512CharactersIsRefusedAsTooLong() {
            String token = codec.encode(new Keyset(POSITION.at(), "i".repeat(348)), SCOPE);
            assertThat(token.length()).isGreaterThan(512);

            assertThat(invalidCursor(codec, token, SCOPE)).hasMessageContaining("too long");
        }

        @Test
        void theMessageTellsTheCallerWhatToDo() {
            assertThat(invalidCursor(codec, "garbage", SCOPE))
                    .hasMessageContaining("Pass the cursor exactly as the previous page returned it")
                    .hasMessageContaining("without cursor");
        }
    }

    @Nested
    class OtherScope {

        private final String token = codec.encode(POSITION, SCOPE);

        private void assertMismatch(QueryScope other) {
            CursorMismatchException e =
                    catchThrowableOfType(CursorMismatchException.class, () -> codec.decode(token, other));
            assertThat(e).as("decoding under %s", other).isNotNull();
            assertThat(e.argument()).isEqualTo("cursor");
            assertThat(e).hasMessageContaining("different query");
        }

        @Test
        void aCursorOfAnotherListIsAMismatch() {
            assertMismatch(new QueryScope("messages:inb_7fQ2xYz0123456789Abc", SCOPE.accountId(), SCOPE.filters()));
        }

        @Test
        void aCursorOfAnotherAccountIsAMismatch() {
            assertMismatch(new QueryScope(SCOPE.list(), "acc_Zz9Yy8Xx7Ww6Vv5Uu4Tt", SCOPE.filters()));
        }

        @Test
        void aCursorOfOtherFiltersIsAMismatch() {
            assertMismatch(new QueryScope(SCOPE.list(), SCOPE.accountId(), "q=shop\u0000after=\u0000before="));
        }

        @Test
        void aMismatchIsNotReportedAsAnInvalidCursor() {
            QueryScope other = new QueryScope(SCOPE.list(), "acc_other", SCOPE.filters());

            assertThatThrownBy(() -> codec.decode(token, other)).isExactlyInstanceOf(CursorMismatchException.class);
        }
    }

    @Nested
    class Rotation {

        private final String signedWithA = codec.encode(POSITION, SCOPE);

        @Test
        void aCursorSignedWithTheRetiredSecretStillDecodes() {
            CursorCodec rotated = codecWith(SECRET_B, SECRET_A);

            assertThat(rotated.decode(signedWithA, SCOPE)).isEqualTo(POSITION);
        }

        @Test
        void aCursorSignedWithASecretThatIsNoLongerConfiguredIsRefusedSayingTheKeyIsNoLongerAccepted() {
            CursorCodec rotatedAndDropped = codecWith(SECRET_B);

            assertThat(invalidCursor(rotatedAndDropped, signedWithA, SCOPE))
                    .hasMessageContaining("no longer accepts")
                    .hasMessageContaining("rotated");
        }

        @Test
        void newCursorsAfterRotationAreSignedWithTheNewSecret() {
            String signedAfterRotation = codecWith(SECRET_B, SECRET_A).encode(POSITION, SCOPE);

            assertThat(codecWith(SECRET_B).decode(signedAfterRotation, SCOPE)).isEqualTo(POSITION);
            assertThat(invalidCursor(codecWith(SECRET_A), signedAfterRotation, SCOPE))
                    .hasMessageContaining("no longer accepts");
        }

        @Test
        void aRetiredSecretCanBeReinstatedAsTheActiveOne() {
            String signedWithB = codecWith(SECRET_B, SECRET_A).encode(POSITION, SCOPE);

            assertThat(codecWith(SECRET_A, SECRET_B).decode(signedWithB, SCOPE)).isEqualTo(POSITION);
        }

        @Test
        void aRetiredSecretStillDetectsAScopeMismatch() {
            QueryScope other = new QueryScope(SCOPE.list(), "acc_other", SCOPE.filters());

            assertThatThrownBy(() -> codecWith(SECRET_B, SECRET_A).decode(signedWithA, other))
                    .isExactlyInstanceOf(CursorMismatchException.class);
        }
    }
}
