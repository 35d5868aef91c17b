package dev.inboxes.app.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** Threads that each repeat a task until stopped: the load a test keeps up while a fault happens to the app. */
public final class Workers {

    /** One round of a worker's task. */
    @FunctionalInterface
    public interface Round {

        /**
         * @param worker which worker, from 0
         * @param round  how many rounds this worker ran before, from 0
         */
        void run(int worker, int round);
    }

    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();

    private Workers() {
    }

    /** Starts {@code count} threads, named {@code name-0} and so on, each repeating {@code round} until stopped. */
    public static Workers start(int count, String name, Round round) {
        Workers workers = new Workers();
        for (int i = 0; i < count; i++) {
            int worker = i;
            Thread thread = new Thread(() -> {
                for (int n = 0; workers.running.get(); n++) {
                    round.run(worker, n);
                }
            }, name + "-" + i);
            workers.threads.add(thread);
            thread.start();
        }
        return workers;
    }

    /** Lets each worker finish the round it is in, and waits for all of them. */
    public void stop() throws InterruptedException {
        running.set(false);
        for (Thread thread : threads) {
            thread.join();
        }
    }
}
