package dev.inboxes.domain.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.inboxes.domain.shared.InvalidArgumentException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CreateInboxTest {

    private static InvalidArgumentException refused(String argument, Executable call) {
        InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class, call::execute);
        assertThat(e).as("%s must be refused", argument).isNotNull();
        assertThat(e.argument()).isEqualTo(argument);
        return e;
    }

    @Nested
    class Username {

        @ParameterizedTest
        @ValueSource(strings = {"a", "0", "9lives", "john", "john.doe", "john_doe", "john-doe", "a.b.c", "a-", "a_",
                "a--b", "a__b", "a._-b", "x0123456789"})
        void validUsernamesAreAcceptedAsTheyAre(String username) {
            assertThat(CreateInbox.of(username, null).username()).isEqualTo(username);
        }

        @Test
        void aUsernameOf64CharactersIsAccepted() {
            assertThat(CreateInbox.of("u".repeat(64), null).username()).hasSize(64);
        }

        @Test
        void usernamesAreLowerCased() {
            assertThat(CreateInbox.of("John.DOE_42", null).username()).isEqualTo("john.doe_42");
        }

        @Test
        void withoutAUsernameTheAddressIsRandom() {
            assertThat(CreateInbox.of(null, "Support").username()).isNull();
        }

        @ParameterizedTest
        @ValueSource(strings = {"", ".john", "john.", "jo..hn", "john..", ".", "_john", "-john", "jo hn", " john",
                "john ", "john@example.com", "@", "john+tag", "john/x", "josé", "ñ", "用户", "пользователь",
                "jo\u0000hn", "john\n", "\u0130stanbul", "ｊｏｈｎ"})
        void invalidUsernamesAreRefused(String username) {
            refused("username", () -> CreateInbox.of(username, null));
        }

        @Test
        void aUsernameOf65CharactersIsRefused() {
            refused("username", () -> CreateInbox.of("u".repeat(65), null));
        }

        @Test
        void aNonAsciiLetterThatLowerCasesToAsciiIsRefused() {
            // KELVIN SIGN (U+212A) lower-cases to the ASCII letter 'k' under Locale.ROOT.
            String kelvin = "\u212Aelvin";

            assertThat(catchThrowable(() -> CreateInbox.of(kelvin, null)))
                    .as("BUG: the non-ASCII username \"\\u212Aelvin\" (KELVIN SIGN + 'elvin') is accepted as 'kelvin', "
                            + "because the ASCII pattern is checked after lower-casing, not on what the caller sent")
                    .isInstanceOf(InvalidArgumentException.class);
        }

        @Test
        void theMessageExplainsTheRulesAndHowToGetARandomAddress() {
            assertThat(refused("username", () -> CreateInbox.of("jo..hn", null)))
                    .hasMessageContaining("1 to 64 characters")
                    .hasMessageContaining("consecutive or trailing dots")
                    .hasMessageContaining("(got 'jo..hn')")
                    .hasMessageContaining("Omit it to get a random address");
        }
    }

    @Nested
    class DisplayName {

        @Test
        void isOptional() {
            assertThat(CreateInbox.of("john", null).displayName()).isNull();
        }

        @Test
        void isKeptAsSent() {
            assertThat(CreateInbox.of("john", "  Jöhn's Ïnbox 📬 ").displayName()).isEqualTo("  Jöhn's Ïnbox 📬 ");
        }

        @ParameterizedTest
        @ValueSource(strings = {"", " ", "   ", "\u2003"})
        void aBlankDisplayNameIsRefused(String blank) {
            assertThat(refused("display_name", () -> CreateInbox.of("john", blank)))
                    .hasMessageContaining("must not be blank");
        }

        @Test
        void aDisplayNameOf256CharactersIsAccepted() {
            assertThat(CreateInbox.of("john", "d".repeat(256)).displayName()).hasSize(256);
        }

        @Test
        void aDisplayNameOf257CharactersIsRefused() {
            assertThat(refused("display_name", () -> CreateInbox.of("john", "d".repeat(257))))
                    .hasMessageContaining("at most 256");
        }

        @ParameterizedTest
        @ValueSource(strings = {"line\nbreak", "tab\there", "nul\u0000", "\u001b[1mbold", "del\u007f"})
        void aDisplayNameWithControlCharactersIsRefused(String displayName) {
            assertThat(refused("display_name", () -> CreateInbox.of("john", displayName)))
                    .hasMessageContaining("control characters");
        }

        @Test
        void aBlankDisplayNameIsRefusedEvenWithARandomUsername() {
            refused("display_name", () -> CreateInbox.of(null, " "));
        }
    }

    @Nested
    class Fingerprint {

        @Test
        void theSameContentHasTheSameFingerprint() {
            assertThat(CreateInbox.of("john", "John").fingerprint()).isEqualTo(CreateInbox.of("john", "John").fingerprint());
        }

        @Test
        void usernamesDifferingOnlyInCaseHaveTheSameFingerprint() {
            assertThat(CreateInbox.of("John", null).fingerprint()).isEqualTo(CreateInbox.of("john", null).fingerprint());
        }

        @Test
        void aDifferentUsernameHasAnotherFingerprint() {
            assertThat(CreateInbox.of("john", "John").fingerprint())
                    .isNotEqualTo(CreateInbox.of("jane", "John").fingerprint());
        }

        @Test
        void aDifferentDisplayNameHasAnotherFingerprint() {
            assertThat(CreateInbox.of("john", "John").fingerprint())
                    .isNotEqualTo(CreateInbox.of("john", "Johnny").fingerprint());
        }

        @Test
        void aRandomUsernameAndAChosenOneHaveDifferentFingerprints() {
            assertThat(CreateInbox.of(null, "John").fingerprint())
                    .isNotEqualTo(CreateInbox.of("john", "John").fingerprint());
        }

        @Test
        void withAndWithoutDisplayNameHaveDifferentFingerprints() {
            assertThat(CreateInbox.of("john", null).fingerprint())
                    .isNotEqualTo(CreateInbox.of("john", "John").fingerprint());
        }

        @Test
        void movingTextBetweenTheFieldsChangesTheFingerprint() {
            assertThat(CreateInbox.of("ab", "c").fingerprint()).isNotEqualTo(CreateInbox.of("a", "bc").fingerprint());
        }

        @Test
        void theUsernameNullAndNoUsernameHaveDifferentFingerprints() {
            assertThat(CreateInbox.of("null", "Support").fingerprint())
                    .as("BUG: {username: \"null\"} and a request without username (random address) fingerprint "
                            + "equally, because a missing username is rendered as the text 'null'; one "
                            + "Idempotency-Key reused across both replays the first inbox instead of a conflict")
                    .isNotEqualTo(CreateInbox.of(null, "Support").fingerprint());
        }

        @Test
        void theDisplayNameNullAndNoDisplayNameHaveDifferentFingerprints() {
            assertThat(CreateInbox.of("john", "null").fingerprint())
                    .as("BUG: {display_name: \"null\"} and a request without display_name fingerprint equally, "
                            + "because a missing display name is rendered as the text 'null'; one Idempotency-Key "
                            + "reused across both replays the first inbox instead of a conflict")
                    .isNotEqualTo(CreateInbox.of("john", null).fingerprint());
        }
    }
}
