package dev.loomlab.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Tabular;
import dev.loomlab.process.Processes;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The setting of a measurement: printed before any number, carried in every result, as the
 * JMH and JOL samples do.
 *
 * @param jdkVersion          {@code java.runtime.version}
 * @param jdkVendor           {@code java.vendor}
 * @param gc                  the garbage collectors' names
 * @param maxHeapBytes        {@code Runtime.maxMemory()}
 * @param processors          processors this JVM sees ({@code availableProcessors})
 * @param carrierParallelism  virtual-thread carrier threads (the scheduler's parallelism)
 * @param processLimit        the toolkit's process limit in this JVM (BEAM's {@code +P})
 * @param cap                 the pedagogical cap on processes per helper call; 0 when lifted
 * @param os                  operating system and architecture
 * @param nativeMemoryTracking whether NMT is on, so thread stacks can be counted
 * @param loadAverage         the machine's 1-minute load average when this was read (-1 if unknown)
 * @param otherCpuShare       the share of the machine's CPU other processes used over a short window then (0..1, -1 if unknown)
 */
public record Env(String jdkVersion, String jdkVendor, String gc, long maxHeapBytes, int processors,
                  int carrierParallelism, int processLimit, int cap, String os,
                  boolean nativeMemoryTracking, double loadAverage, double otherCpuShare) implements Tabular {

    /** How long {@link #current()} watches the machine's CPU. */
    static final java.time.Duration LOAD_WINDOW = java.time.Duration.ofMillis(200);

    /** Reads the setting of this JVM and the load of the machine (watched for 200 ms). */
    public static Env current() {
        MachineLoad load = MachineLoad.sample(LOAD_WINDOW);
        Runtime rt = Runtime.getRuntime();
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        return new Env(
                System.getProperty("java.runtime.version"),
                System.getProperty("java.vendor"),
                gcs.stream().map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", ")),
                rt.maxMemory(),
                rt.availableProcessors(),
                carrierParallelism(rt.availableProcessors()),
                Processes.limit(),
                Cap.current(),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                NativeMemory.isTracking(),
                load.loadAverage(),
                load.otherCpuShare());
    }

    /** This JVM's virtual-thread carriers, without reading anything else (no load window). */
    public static int carriers() {
        return carrierParallelism(Runtime.getRuntime().availableProcessors());
    }

    private static int carrierParallelism(int processors) {
        String configured = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        if (configured != null) {
            try {
                return Integer.parseInt(configured.trim());
            } catch (NumberFormatException ignored) {
                // the JDK itself rejects it at first use; report its default
            }
        }
        return processors;
    }

    /** True when other processes used much of the CPU as this was read: timings then say so. */
    @JsonIgnore
    public boolean busy() {
        return new MachineLoad(loadAverage, otherCpuShare).busy();
    }

    /** The machine's load in words. */
    @JsonIgnore
    public String loadWords() {
        return new MachineLoad(loadAverage, otherCpuShare).words();
    }

    /** One line, for logs and progress output. */
    @JsonIgnore
    public String oneLine() {
        return "JDK " + jdkVersion + " (" + jdkVendor + "), GC " + gc + ", max heap "
                + Units.bytes(maxHeapBytes) + ", " + processors + " processors, " + carrierParallelism
                + " carriers, process limit " + String.format("%,d", processLimit) + ", cap "
                + (cap == 0 ? "lifted" : String.format("%,d", cap)) + "; " + loadWords() + (busy() ? " (BUSY)" : "");
    }

    @Override
    public Grid grid() {
        GridLines lines = new GridLines("Environment").text("setting").text("value");
        lines.row("JDK", jdkVersion + " (" + jdkVendor + ")");
        lines.row("garbage collector", gc);
        lines.row("max heap", Units.bytes(maxHeapBytes));
        lines.row("processors the JVM sees", String.valueOf(processors));
        lines.row("virtual-thread carriers", String.valueOf(carrierParallelism));
        lines.row("process limit (+P)", String.format("%,d", processLimit));
        lines.row("cap per helper call", cap == 0 ? "lifted" : String.format("%,d", cap));
        lines.row("OS", os);
        lines.row("Native Memory Tracking", nativeMemoryTracking ? "on" : "off");
        lines.row("machine load at start", loadWords() + (busy() ? ": busy, timings will be noisy" : ""));
        for (OtherRuntimeNote note : java.util.ServiceLoader.load(OtherRuntimeNote.class)) {
            lines.row(note.setting(), note.value());
        }
        return lines.build();
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
