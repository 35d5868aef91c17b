package dev.inboxes.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the app spends CPU while serving cursor pages: JFR execution samples from the measurement window,
 * each attributed to the first frame (from the top of the stack) that belongs to a known layer.
 */
final class JfrProfile {

    private static final List<String[]> LAYERS = List.of(
            new String[] {"org.postgresql.", "JDBC driver (PostgreSQL protocol, result sets)"},
            new String[] {"com.fasterxml.jackson.", "JSON serialization (Jackson)"},
            new String[] {"org.hibernate.", "Hibernate ORM (query, hydration, session)"},
            new String[] {"io.agroal.", "connection pool and transactions"},
            new String[] {"com.arjuna.", "connection pool and transactions"},
            new String[] {"io.quarkus.narayana.", "connection pool and transactions"},
            new String[] {"javax.crypto.", "HMAC and hashing (cursor, API key)"},
            new String[] {"com.sun.crypto.", "HMAC and hashing (cursor, API key)"},
            new String[] {"sun.security.", "HMAC and hashing (cursor, API key)"},
            new String[] {"dev.inboxes.domain.paging.CursorCodec", "HMAC and hashing (cursor, API key)"},
            new String[] {"io.quarkus.security.", "authentication"},
            new String[] {"io.quarkus.vertx.http.runtime.security.", "authentication"},
            new String[] {"dev.inboxes.api.security.", "authentication"},
            new String[] {"org.jboss.resteasy.reactive.", "REST framework (routing, parameters, writers)"},
            new String[] {"io.quarkus.resteasy.reactive.", "REST framework (routing, parameters, writers)"},
            new String[] {"io.netty.", "HTTP server (Vert.x, Netty)"},
            new String[] {"io.vertx.", "HTTP server (Vert.x, Netty)"},
            new String[] {"io.quarkus.arc.", "CDI (ArC)"},
            new String[] {"dev.inboxes.", "application code"});

    private JfrProfile() {
    }

    /** Share of samples per layer (percent, descending), and the sample count under the key "samples". */
    static Map<String, Double> shares(Path recording, Instant from, Instant to) throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        long total = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!event.getEventType().getName().equals("jdk.ExecutionSample") || event.getStackTrace() == null
                        || event.getStartTime().isBefore(from) || event.getStartTime().isAfter(to)) {
                    continue;
                }
                counts.merge(layerOf(event.getStackTrace().getFrames()), 1L, Long::sum);
                total++;
            }
        }
        Map<String, Double> shares = new LinkedHashMap<>();
        long samples = total;
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(entry -> shares.put(entry.getKey(), 100.0 * entry.getValue() / samples));
        shares.put("samples", (double) samples);
        return shares;
    }

    private static String layerOf(List<RecordedFrame> frames) {
        for (RecordedFrame frame : frames) {
            if (frame.getMethod() == null || frame.getMethod().getType() == null) {
                continue;
            }
            String type = frame.getMethod().getType().getName();
            for (String[] layer : LAYERS) {
                if (type.startsWith(layer[0])) {
                    return layer[1];
                }
            }
        }
        return "JVM and other libraries";
    }
}
