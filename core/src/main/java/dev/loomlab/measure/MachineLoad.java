package dev.loomlab.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How busy the machine is when a measurement starts: the kernel's 1-minute load average, and the
 * share of the machine's CPU time that other processes used over a short window (all CPUs'
 * busy time from {@code /proc/stat} minus this JVM's from {@code /proc/self/stat}). Linux only;
 * elsewhere both are -1 (JSON has no NaN). A busy machine makes timings slower and noisier: a laptop that is slow
 * and a machine that is busy then tell apart.
 *
 * @param loadAverage   the 1-minute load average (runnable tasks), -1 if unknown
 * @param otherCpuShare 0..1: CPU time used by other processes over the window / all CPU time in it; -1 if unknown
 */
public record MachineLoad(double loadAverage, double otherCpuShare) {

    /** Above this share of the machine's CPU used by others, a result says it was taken on a busy machine. */
    public static final double BUSY_SHARE = 0.25;

    /** Unknown load. */
    public static final MachineLoad UNKNOWN = new MachineLoad(-1, -1);

    /** Samples the machine over {@code window} (the caller sleeps that long). */
    public static MachineLoad sample(Duration window) {
        try {
            long[] before = machineJiffies();
            long selfBefore = selfJiffies();
            Thread.sleep(window);
            long[] after = machineJiffies();
            long selfAfter = selfJiffies();
            long total = after[0] - before[0];
            long busy = after[1] - before[1];
            double others = total <= 0 ? -1 : Math.max(0, busy - (selfAfter - selfBefore)) / (double) total;
            return new MachineLoad(readLoadAverage(), others);
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNKNOWN;
        }
    }

    /** True when other processes used more than {@link #BUSY_SHARE} of the CPU during the window. */
    public boolean busy() {
        return otherCpuShare > BUSY_SHARE;
    }

    /** E.g. "load average 3.2, other processes used 61% of the CPU". */
    public String words() {
        if (otherCpuShare < 0) {
            return "machine load unknown";
        }
        return String.format("load average %.1f, other processes used %.0f%% of the CPU", loadAverage, otherCpuShare * 100);
    }

    private static double readLoadAverage() throws IOException {
        return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0]);
    }

    /** [all jiffies, busy jiffies] from the first line of /proc/stat (busy: all but idle and iowait). */
    private static long[] machineJiffies() throws IOException {
        String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long total = 0;
        for (int i = 1; i < Math.min(f.length, 9); i++) { // user nice system idle iowait irq softirq steal
            total += Long.parseLong(f[i]);
        }
        long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
        return new long[] {total, total - idle};
    }

    /** utime + stime of this process, in jiffies. */
    private static long selfJiffies() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        List<String> f = List.of(stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+"));
        return Long.parseLong(f.get(11)) + Long.parseLong(f.get(12)); // fields 14 and 15, counted after the name
    }
}
