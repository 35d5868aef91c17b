package dev.inboxes.persistence.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamedParametersTest {

    @Test
    void namesBecomePlaceholdersInTheOrderTheyStand() {
        NamedParameters bound = NamedParameters.of(
                "select e.id from inboxes e where e.account_id = :accountId and e.address like :q0 escape '\\' "
                        + "and (e.created_at, e.id) < (:afterAt, :afterId) limit :fetchSize");

        assertThat(bound.sql()).isEqualTo("select e.id from inboxes e where e.account_id = ? and e.address like ? "
                + "escape '\\' and (e.created_at, e.id) < (?, ?) limit ?");
        assertThat(bound.names()).containsExactly("accountId", "q0", "afterAt", "afterId", "fetchSize");
    }

    @Test
    void aNameUsedTwiceIsBoundTwice() {
        assertThat(NamedParameters.of("(select count(*) from t c where c.a = :a) and e.a = :a").names())
                .containsExactly("a", "a");
    }

    @Test
    void castsAndQuotedTextAreLeftAsTheyAre() {
        NamedParameters bound = NamedParameters.of("select 'at :noon'::text, x::bigint from t where y = :y and z = ':'");

        assertThat(bound.sql()).isEqualTo("select 'at :noon'::text, x::bigint from t where y = ? and z = ':'");
        assertThat(bound.names()).isEqualTo(List.of("y"));
    }

    @Test
    void aNameWithoutAValueIsRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> NamedParameters.of("select 1 where a = :a").bind(null, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(":a");
    }
}
