package dev.inboxes.mcp.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.mcp.respond.AgentText;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A time copied from a text goes back into a time argument; anything else reaches the domain as sent. */
class ArgumentTypesTest {

    @ParameterizedTest
    @CsvSource({
        "20261202T181143Z, 2026-12-02T18:11:43Z",
        "' 20261202T181143Z ', 2026-12-02T18:11:43Z",
        "20261202T181143.5Z, 2026-12-02T18:11:43.5Z",
        "20261302T181143Z, 2026-13-02T18:11:43Z"})
    void aBasicTimeIsWrittenInRfc3339(String basic, String extended) {
        assertThat(ArgumentTypes.extendedTime(basic)).isEqualTo(extended);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-12-02T18:11:43Z", "yesterday", "20261202", "20261202T1811Z", "2026120T181143Z",
        "20261202T181143+01", "msg_20261202T181143Z", ""})
    void anythingElseIsLeftAsSent(String value) {
        assertThat(ArgumentTypes.extendedTime(value)).isSameAs(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-12-02T18:11:43.817815Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z"})
    void whatTheTextsShowReadsBackToTheSameSecond(String time) {
        Instant stored = Instant.parse(time);
        String shown = AgentText.TEXT_TIME.format(stored);
        assertThat(Instant.parse((String) ArgumentTypes.extendedTime(shown)))
                .isEqualTo(stored.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }
}
