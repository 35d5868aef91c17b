package dev.inboxes.app.inbox;

import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The seed's walk again, against the packaged application ({@code java -jar}). */
@QuarkusIntegrationTest
@WithTestResource(PostgresResource.class)
class InboxListingIT extends InboxListingTest {
}
