package dev.loomlab.measure;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** This machine's memory as Linux reports it in {@code /proc/meminfo}: all of it, and what new work can have now. */
public final class MachineMemory {

    private MachineMemory() {}

    /** RAM (MemTotal), or the JVM's view of it off Linux; NaN if neither is known. */
    public static double total() {
        double kib = meminfo("MemTotal");
        if (kib > 0) {
            return kib * 1024;
        }
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : Double.NaN;
    }

    /** Memory available for new work now (MemAvailable), NaN off Linux. */
    public static double available() {
        double kib = meminfo("MemAvailable");
        return kib > 0 ? kib * 1024 : Double.NaN;
    }

    private static double meminfo(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith(field + ":")) {
                    return Double.parseDouble(line.substring(field.length() + 1).replace("kB", "").trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
