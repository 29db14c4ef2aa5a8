package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;

import dev.loomlab.process.ExitReason;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Child JVM (small heap, no exit on OutOfMemoryError): one runaway process and some well-behaved
 * bystanders share the heap. Whoever's allocation fails gets the OutOfMemoryError: not
 * necessarily the culprit; a bystander can also stop without an error and not end when told to
 * (counted as stuck). Repeated {@code rounds} times. Also shows that the JVM cannot count
 * a virtual thread's allocations. Args: bystanders rounds.
 */
public final class SharedHeapDemo {

    private SharedHeapDemo() {}

    /** How long a round waits, in all, for its bystanders to end once told to stop; those still alive are stuck. */
    static final Duration STOP_WAIT = Duration.ofSeconds(5);

    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "SharedHeapDemo");
        int bystanders = Integer.parseInt(spec.get(0));
        int rounds = Integer.parseInt(spec.get(1));
        allocationAccounting();
        for (int round = 1; round <= rounds; round++) {
            Map<String, String> hit = new TreeMap<>();
            List<Pid> others = new ArrayList<>();
            for (int i = 0; i < bystanders; i++) {
                others.add(Processes.spawn(self -> {
                    List<byte[]> recent = new ArrayList<>();
                    while (self.receive(Duration.ofMillis(1)).isEmpty()) {
                        recent.add(new byte[256 * 1024]);
                        if (recent.size() > 8) {
                            recent.remove(0);
                        }
                    }
                }));
            }
            Pid runaway = Processes.spawn(self -> {
                List<byte[]> kept = new ArrayList<>();
                while (true) {
                    kept.add(new byte[1 << 20]);
                    Thread.sleep(0, 200_000);
                }
            });
            ExitReason reason = runaway.awaitExit(Duration.ofSeconds(20)).orElse(ExitReason.of("still running"));
            hit.put("runaway", reason.name().contains("OutOfMemory") ? "OutOfMemoryError" : reason.name());
            Thread.sleep(100);
            int bystandersHit = 0;
            for (Pid p : others) {
                if (!p.isAlive()) {
                    bystandersHit++;
                }
                p.send("stop");
            }
            long deadline = System.nanoTime() + STOP_WAIT.toNanos();
            int stuck = 0;
            for (Pid p : others) {
                long left = Math.max(0, deadline - System.nanoTime());
                if (p.awaitExit(Duration.ofNanos(left)).isEmpty()) {
                    stuck++; // alive, told to stop, and not ended within STOP_WAIT: stranded by the exhaustion
                }
            }
            ChildSide.result("round" + round + ".runaway", hit.get("runaway"));
            ChildSide.result("round" + round + ".bystandersHit", bystandersHit);
            ChildSide.result("round" + round + ".bystandersStuck", stuck);
            System.gc();
        }
        ChildSide.exit(0);
    }

    /** What ThreadMXBean can tell about allocations: per platform thread yes, per virtual thread no. */
    static void allocationAccounting() throws Exception {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] platform = new long[1];
        Thread p = Thread.ofPlatform().start(() -> {
            byte[][] junk = new byte[64][];
            for (int i = 0; i < junk.length; i++) {
                junk[i] = new byte[16 * 1024];
            }
            platform[0] = mx.getCurrentThreadAllocatedBytes();
        });
        p.join();
        long[] virtual = new long[2];
        Thread v = Thread.ofVirtual().unstarted(() -> {
            byte[][] junk = new byte[64][];
            for (int i = 0; i < junk.length; i++) {
                junk[i] = new byte[16 * 1024];
            }
            virtual[0] = mx.getCurrentThreadAllocatedBytes();
        });
        v.start();
        virtual[1] = mx.getThreadAllocatedBytes(v.threadId());
        v.join();
        ChildSide.result("platformThreadAllocatedBytes", platform[0]);
        ChildSide.result("virtualCurrentThreadAllocatedBytes", virtual[0]);
        ChildSide.result("virtualThreadAllocatedBytesById", virtual[1]);
    }
}
