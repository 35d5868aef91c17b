package dev.inboxes.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.account.LastApiKeyException;
import dev.inboxes.domain.account.TooManyApiKeysException;
import dev.inboxes.domain.inbox.AddressTakenException;
import dev.inboxes.domain.shared.DomainException;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import org.junit.jupiter.api.Test;

class DomainProblemMappersTest {

    @Test
    void eachDomainFailureHasItsProblemType() {
        assertThat(DomainProblemMappers.typeOf(new InvalidArgumentException("limit", "Too large.")))
                .isEqualTo(ProblemType.INVALID_REQUEST);
        assertThat(DomainProblemMappers.typeOf(new NotFoundException("inbox", "inb_x", "List the inboxes.")))
                .isEqualTo(ProblemType.NOT_FOUND);
        assertThat(DomainProblemMappers.typeOf(new AddressTakenException("a@inboxes.test")))
                .isEqualTo(ProblemType.ADDRESS_TAKEN);
        assertThat(DomainProblemMappers.typeOf(new LastApiKeyException())).isEqualTo(ProblemType.LAST_API_KEY);
        assertThat(DomainProblemMappers.typeOf(new TooManyApiKeysException())).isEqualTo(ProblemType.TOO_MANY_API_KEYS);
    }

    @Test
    void aDomainFailureWithoutAProblemTypeIsAnInternalError() {
        DomainException unmapped = new DomainException("Not mapped.") {
        };

        assertThat(DomainProblemMappers.typeOf(unmapped)).isEqualTo(ProblemType.INTERNAL_ERROR);
    }
}
