package dev.loomlab.limits;

import dev.loomlab.process.ExitReason;
import dev.loomlab.process.ExitSignal;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Child JVM (small heap, no exit on OutOfMemoryError): the article's section 7.5. A heartbeat
 * reports every 50 ms beside a runaway worker that keeps 1 MiB chunks until the heap refuses it;
 * both are linked to a one-for-one supervisor (trapping exits) that restarts the worker at most
 * {@code maxRestarts} times in {@code maxSeconds}, then gives up: it stops the heartbeat and
 * ends the JVM with exit code 1 and the reason {@code reached_max_restart_intensity}.
 * The heap is the JVM's limit, so it is what stops the worker: there is no per-process cap.
 * Args: maxRestarts maxSeconds.
 */
public final class SupervisedRunawayDemo {

    static final String GIVE_UP = "reached_max_restart_intensity";

    private SupervisedRunawayDemo() {}

    public static void main(String[] args) throws Exception {
        int maxRestarts = Integer.parseInt(args[0]);
        long maxNanos = Duration.ofSeconds(Long.parseLong(args[1])).toNanos();
        long t0 = System.nanoTime();
        Pid supervisor = Processes.spawn(self -> {
            self.trapExits(true);
            Pid heartbeat = self.spawnLink(hb -> {
                for (int k = 0; ; k++) {
                    log(t0, "[heartbeat] %d / heap used %s", k, DemoOutput.mb(DemoOutput.heapUsed()));
                    hb.receive(Duration.ofMillis(50));
                }
            });
            Pid worker = startWorker(self, t0);
            Deque<Long> restarts = new ArrayDeque<>();
            while (true) {
                ExitSignal signal = self.receive(ExitSignal.class, Duration.ofMinutes(1)).orElseThrow();
                if (signal.from() == heartbeat) {
                    log(t0, "[supervisor] heartbeat exited: %s", signal.reason().name());
                    continue;
                }
                log(t0, "[supervisor] worker %s exited: %s", signal.from(), reasonWords(signal.reason()));
                long now = System.nanoTime();
                restarts.addLast(now);
                while (!restarts.isEmpty() && now - restarts.peekFirst() > maxNanos) {
                    restarts.removeFirst();
                }
                if (restarts.size() > maxRestarts) {
                    log(t0, "[supervisor] %d restarts in %d s used up: giving up (%s)", maxRestarts,
                            Duration.ofNanos(maxNanos).toSeconds(), GIVE_UP);
                    DemoOutput.result("secondsToGiveUp", (now - t0) / 1e9);
                    heartbeat.kill();
                    heartbeat.awaitExit(Duration.ofSeconds(5));
                    self.trapExits(false);
                    self.exit(ExitReason.of(GIVE_UP));
                    self.receive(); // ends here, with that reason
                    return;
                }
                worker = startWorker(self, t0);
            }
        });
        ExitReason reason = supervisor.awaitExit(Duration.ofSeconds(60)).orElse(ExitReason.of("timeout"));
        DemoOutput.result("supervisorExit", reason.name());
        DemoOutput.result("maxHeap", Runtime.getRuntime().maxMemory());
        log(t0, "[main] supervisor ended (%s): shutdown, exit code 1", reason.name());
        System.exit(1);
    }

    private static Pid startWorker(Pid supervisor, long t0) {
        return supervisor.spawnLink(w -> {
            log(t0, "[worker] started %s", w);
            List<byte[]> kept = new ArrayList<>();
            while (true) {
                kept.add(new byte[1 << 20]);
                Thread.sleep(1);
            }
        });
    }

    private static String reasonWords(ExitReason reason) {
        return reason.name().contains("OutOfMemory") ? "out of memory (the shared heap refused it)" : reason.name();
    }

    private static void log(long t0, String format, Object... args) {
        DemoOutput.log("%6.3f s  %s", (System.nanoTime() - t0) / 1e9, String.format(format, args));
    }
}
