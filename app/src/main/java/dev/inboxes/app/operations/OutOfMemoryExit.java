package dev.inboxes.app.operations;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.quarkus.runtime.ImageMode;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.jboss.logging.Logger;

/**
 * An {@link OutOfMemoryError} ends the process, so that Kubernetes (or whoever runs it) restarts it: a JVM that
 * throws them on its event loops stays alive but answers nothing, liveness probe included. The run commands give the
 * JVM {@code -XX:+ExitOnOutOfMemoryError}, which exits at the first one, wherever it is thrown and whoever catches
 * it; the native executable takes the same option ({@code ./application -XX:+ExitOnOutOfMemoryError}, as the
 * container image runs it). Started without it, the process says so and exits on the errors that reach it: a thread
 * that dies of one, or one Vert.x reports from a handler (Netty keeps others to itself, which only the flag covers).
 */
@ApplicationScoped
public class OutOfMemoryExit {

    private static final Logger LOG = Logger.getLogger(OutOfMemoryExit.class);
    static final String JVM_FLAG = "ExitOnOutOfMemoryError";
    /** As the JVM flag exits: at once, without shutdown hooks that would need memory. */
    private static final int EXIT_CODE = 3;

    void guard(@Observes StartupEvent started, Vertx vertx) {
        if (jvmExitsOnOutOfMemory()) {
            return;
        }
        LOG.warnf("Started without -XX:+%s: an OutOfMemoryError could leave the process alive but unable to serve. "
                + "Add it to the command (java -XX:+%1$s -jar …, or the native executable's own -XX:+%1$s; the container "
                + "images and the documented commands have it).", JVM_FLAG);
        Thread.UncaughtExceptionHandler threads = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
            haltOnOutOfMemory(failure);
            if (threads != null) {
                threads.uncaughtException(thread, failure);
            }
        });
        Handler<Throwable> handlers = vertx.exceptionHandler();
        vertx.exceptionHandler(failure -> {
            haltOnOutOfMemory(failure);
            if (handlers != null) {
                handlers.handle(failure);
            }
        });
    }

    static boolean jvmExitsOnOutOfMemory() {
        if (ImageMode.current() == ImageMode.NATIVE_RUN) {
            // The native executable's runtime options are not readable as a VM option: its command line tells.
            return ProcessHandle.current().info().arguments().stream().flatMap(Arrays::stream)
                    .anyMatch(("-XX:+" + JVM_FLAG)::equals);
        }
        try {
            return Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption(JVM_FLAG).getValue());
        } catch (RuntimeException | LinkageError notHotSpot) {
            return false; // a native executable, or another JVM
        }
    }

    private static void haltOnOutOfMemory(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof OutOfMemoryError) {
                System.err.println("OutOfMemoryError: exiting so that the process is restarted");
                Runtime.getRuntime().halt(EXIT_CODE);
            }
        }
    }
}
