package dev.loomlab.experiment;

import dev.loomlab.measure.ProcStatus;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The million-tasks benchmark's Java program, run as the whole of a fresh JVM so that its peak
 * memory is the peak of a JVM doing nothing else: N tasks that each sleep, then {@code join()} on
 * each. Kind {@code virtual} is the benchmark's code as published
 * ({@code Thread.startVirtualThread(() -> Thread.sleep(...))}, kept in a list, joined in order);
 * {@code platform} is the 2023 original's thread version; {@code process} is the toolkit's
 * processes, each in {@code receive(sleep)}.
 *
 * <p>It reads its own peak resident set ({@code VmHWM} of {@code /proc/self/status}, the kernel's
 * high-water mark, what {@code /usr/bin/time} reports as maximum resident set size) after the
 * last join, just before it exits, and writes {@code key=value} lines to the result file. It loads
 * nothing else of the toolkit (no JSON library), so the JVM stays as small as the benchmark's.
 * Started by {@link TasksExperiment}; not by hand.
 */
public final class TasksProgram {

    private TasksProgram() {}

    /** Arguments: KIND N SLEEP_MILLIS RESULT_FILE GC(true|false) [nmt]. */
    public static void main(String[] args) throws Exception {
        if (args.length != 5 && args.length != 6) {
            System.err.println("usage: TasksProgram virtual|platform|process N SLEEP_MILLIS RESULT_FILE GC (started by loomlab)");
            System.exit(2);
        }
        String kind = args[0];
        int numTasks = Integer.parseInt(args[1]);
        Duration sleep = Duration.ofMillis(Long.parseLong(args[2]));
        Path resultFile = Path.of(args[3]);
        boolean gc = Boolean.parseBoolean(args[4]);

        long start = System.nanoTime();
        List<Thread> threads = new ArrayList<>(kind.equals("process") ? 0 : numTasks);
        Pid[] pids = kind.equals("process") ? new Pid[numTasks] : null;
        switch (kind) {
            case "virtual" -> {
                for (int i = 0; i < numTasks; i++) {
                    Thread thread = Thread.startVirtualThread(() -> sleep(sleep));
                    threads.add(thread);
                }
            }
            case "platform" -> {
                for (int i = 0; i < numTasks; i++) {
                    Thread thread = new Thread(() -> sleep(sleep));
                    thread.start();
                    threads.add(thread);
                }
            }
            case "process" -> {
                for (int i = 0; i < numTasks; i++) {
                    pids[i] = Processes.spawn(self -> self.receive(sleep));
                }
            }
            default -> throw new IllegalArgumentException("unknown kind " + kind);
        }
        long spawnNanos = System.nanoTime() - start;
        boolean firstStillAsleep = pids != null ? pids[0].isAlive() : threads.get(0).isAlive();
        long hwmBeforeGc = ProcStatus.kib("VmHWM");
        long rssAsleep = ProcStatus.kib("VmRSS");
        long heapAfterGc = -1;
        if (gc) {
            System.gc();
            Runtime rt = Runtime.getRuntime();
            heapAfterGc = rt.totalMemory() - rt.freeMemory();
        }
        System.err.printf("tasks: %,d %s started in %,d ms, all asleep at once: %s%n", numTasks, kind,
                spawnNanos / 1_000_000, firstStillAsleep ? "yes" : "no");

        if (pids != null) {
            for (Pid pid : pids) {
                pid.awaitExit(sleep.plusMinutes(5));
            }
        } else {
            for (Thread thread : threads) {
                thread.join();
            }
        }
        long elapsed = System.nanoTime() - start;
        long hwm = ProcStatus.kib("VmHWM");
        String nmt = args.length == 6 && args[5].equals("nmt") ? nmtLines() : "";

        String result = "peakRssKib=" + hwm + "\n"
                + "peakRssBeforeGcKib=" + hwmBeforeGc + "\n"
                + "rssAsleepKib=" + rssAsleep + "\n"
                + "heapAfterGcBytes=" + heapAfterGc + "\n"
                + "spawnNanos=" + spawnNanos + "\n"
                + "elapsedNanos=" + elapsed + "\n"
                + "allAsleepAtOnce=" + (firstStillAsleep ? 1 : 0) + "\n" + nmt;
        Path tmp = resultFile.resolveSibling(resultFile.getFileName() + ".tmp");
        Files.writeString(tmp, result);
        Files.move(tmp, resultFile);
        System.exit(0);
    }

    /**
     * Native Memory Tracking's summary, one {@code nmt.Category=committedKiB} line per category;
     * read only on request, after the peak was read (it loads the management classes).
     */
    private static String nmtLines() {
        try {
            var name = new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand");
            Object out = java.lang.management.ManagementFactory.getPlatformMBeanServer().invoke(name, "vmNativeMemory",
                    new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
            var m = java.util.regex.Pattern.compile("-\\s+([A-Za-z][A-Za-z ]*?) \\(reserved=(\\d+)KB, committed=(\\d+)KB")
                    .matcher(String.valueOf(out));
            StringBuilder lines = new StringBuilder();
            while (m.find()) {
                lines.append("nmt.").append(m.group(1).trim().replace(' ', '_')).append('=').append(m.group(3)).append('\n');
            }
            return lines.toString();
        } catch (Exception e) {
            return "";
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
