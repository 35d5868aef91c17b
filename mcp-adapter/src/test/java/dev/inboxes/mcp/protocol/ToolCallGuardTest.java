package dev.inboxes.mcp.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.stream.Stream;

/** Integral numbers in any JSON form hosts send; everything else as sent. (End to end: app's ToolCallGuardTest.) */
class ToolCallGuardTest {

    static Stream<Arguments> integral() {
        return Stream.of(
                Arguments.of(50, 50),
                Arguments.of(50L, 50L),
                Arguments.of(50.0, 50L),
                Arguments.of(1e2, 100L),
                Arguments.of(new BigDecimal("1E+2"), 100L),
                Arguments.of(new BigDecimal("100.000"), 100L),
                Arguments.of("50", 50L),
                Arguments.of(" 7 ", 7L),
                Arguments.of("1e2", 100L),
                Arguments.of("50.0", 50L),
                Arguments.of("-0", 0L),
                Arguments.of(-3.0f, -3L),
                Arguments.of(new BigInteger("9999999999999999999"), "9999999999999999999"),
                Arguments.of("9999999999999999999", "9999999999999999999"));
    }

    @ParameterizedTest
    @MethodSource
    void integral(Object given, Object normalized) {
        assertThat(ToolCallGuard.integral(given)).isEqualTo(normalized);
    }

    static Stream<Object> notIntegral() {
        return Stream.of(2.5, "2.5", "abc", "", "1e400", "0x10", "+5", " ", "5 apples", true, Double.NaN,
                Double.POSITIVE_INFINITY, new BigDecimal("1E+400"), 1e300, 1e19, new BigInteger("12345678901234567890"),
                "1".repeat(60), "1e30999999999999999999999", "-1e-99999999999");
    }

    @ParameterizedTest
    @MethodSource
    void notIntegral(Object given) {
        assertThat(ToolCallGuard.integral(given)).isSameAs(given);
    }
}
