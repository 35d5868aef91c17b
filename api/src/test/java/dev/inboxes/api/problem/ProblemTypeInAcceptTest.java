package dev.inboxes.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProblemTypeInAcceptTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "application/problem+json                     | application/problem+json, */*",
            "application/problem+json;q=0.8               | application/problem+json;q=0.8, */*;q=0.8",
            "text/html, application/problem+json ; q=0.5  | text/html, application/problem+json ; q=0.5, */*; q=0.5",
            "Application/Problem+JSON                     | Application/Problem+JSON, */*",
            "application/json, application/problem+json   | application/json, application/problem+json, */*",
            "message/rfc822, application/problem+json     | message/rfc822, application/problem+json, */*"})
    void eachProblemJsonRangeAlsoAcceptsAnySuccessTypeWithItsParameters(String accept, String widened) {
        assertThat(ProblemTypeInAccept.widen(accept)).isEqualTo(widened);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"text/html", "application/problem+jsonx", "application/problem+xml",
            "*/*", "application/vnd.problem+json"})
    void otherRangesAreLeftAsTheyAre(String accept) {
        assertThat(ProblemTypeInAccept.widen(accept)).isEqualTo(accept);
    }
}
