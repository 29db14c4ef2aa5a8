package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;

import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM: spawns processes that each hold {@code kib} KiB of state, until memory runs out
 * (the heap, or the container), logging the count as it goes. A full heap ends it with the
 * OutOfMemoryError's message and exit code 3; a container limit below the heap ends it with
 * SIGKILL and no message. Args: kib maxProcesses.
 */
public final class HeapFillDemo {

    private HeapFillDemo() {}

    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "HeapFillDemo");
        int kib = Integer.parseInt(spec.get(0));
        int max = Integer.parseInt(spec.get(1));
        ChildSide.result("maxHeap", Runtime.getRuntime().maxMemory());
        List<Pid> pids = new ArrayList<>();
        byte[] reserve = new byte[8 << 20]; // given back on failure, so the report itself can allocate
        int i = 1;
        try {
            for (; i <= max; i++) {
                spawnHolding(pids, kib);
                if (i % 250 == 0) {
                    ChildSide.result("processes", i);
                    ChildSide.result("heapUsed", DemoOutput.heapUsed());
                }
            }
        } catch (Throwable e) {
            reserve = null;
            System.gc();
            Throwable root = e;
            while (!(root instanceof OutOfMemoryError) && root.getCause() != null) {
                root = root.getCause();
            }
            ChildSide.result("processes", i - 1);
            ChildSide.result("stoppedBy", DemoOutput.describe(root));
            ChildSide.exit(3);
        }
        ChildSide.log("all %,d processes fit (%d)", max, reserve.length);
        ChildSide.exit(0);
    }

    private static void spawnHolding(List<Pid> pids, int kib) {
        byte[] state = new byte[kib * 1024];
        state[state.length - 1] = 1;
        pids.add(Processes.spawn(self -> {
            self.receive();
            if (state[0] == 42) {
                System.err.println("log never");
            }
        }));
    }
}
