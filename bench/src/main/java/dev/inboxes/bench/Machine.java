package dev.inboxes.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the numbers were measured on. */
final class Machine {

    private Machine() {
    }

    static String describe() {
        long memoryGiB = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize() >> 30;
        return String.format("%s, %d cores, %d GiB RAM; %s %s; Java %s (%s)", cpuModel(),
                Runtime.getRuntime().availableProcessors(), memoryGiB, System.getProperty("os.name"),
                System.getProperty("os.version"), System.getProperty("java.version"), System.getProperty("java.vm.name"));
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(line -> line.startsWith("model name"))
                    .map(line -> line.substring(line.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown CPU");
        } catch (IOException e) {
            return "unknown CPU";
        }
    }

    /** The load averages over 1, 5 and 15 minutes: how busy the machine was besides the benchmark. */
    static String loadAverage() throws java.io.IOException {
        String[] fields = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }
}
