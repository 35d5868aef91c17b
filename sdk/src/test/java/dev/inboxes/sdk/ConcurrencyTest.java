package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One client shared by many threads: each walk keeps its own cursor state. */
@Timeout(60) // a hang fails; a loaded machine does not
class ConcurrencyTest {

    @Test
    void concurrentWalksOnASharedClientEachSeeEveryItem() throws Exception {
        RecordingListener listener = new RecordingListener();
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(10, 3))) {
            InboxesClient shared = stub.clientBuilder().requestListener(listener).build();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<List<Inbox>>> walks = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    walks.add(pool.submit(() -> shared.listInboxes()));
                }
                for (Future<List<Inbox>> walk : walks) {
                    assertThat(walk.get()).extracting(Inbox::id).hasSize(10).doesNotHaveDuplicates()
                            .startsWith("inb_0").endsWith("inb_9");
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(stub.requests()).hasSize(8 * 4);
            assertThat(listener.attempts()).hasSize(8 * 4);
        }
    }
}
