package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;

import dev.loomlab.process.ExitReason;
import dev.loomlab.supervise.ChildSpec;
import dev.loomlab.supervise.RestartIntensity;
import dev.loomlab.supervise.Supervisor;
import dev.loomlab.supervise.SupervisorEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM (small heap, no exit on OutOfMemoryError): the article's section 7.5. A heartbeat
 * reports every 50 ms beside a runaway worker that keeps 1 MiB chunks until the heap refuses it;
 * both are children of one one-for-one {@link Supervisor} that restarts the worker at most
 * {@code maxRestarts} times in {@code maxSeconds}, then gives up with
 * {@code reached_max_restart_intensity}; the JVM then ends with exit code 1, saying why.
 * The heap is the JVM's limit, so it is what stops the worker: there is no per-process cap.
 * Args: maxRestarts maxSeconds.
 */
public final class SupervisedRunawayDemo {

    private SupervisedRunawayDemo() {}

    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "SupervisedRunawayDemo");
        int maxRestarts = Integer.parseInt(spec.get(0));
        long maxSeconds = Long.parseLong(spec.get(1));
        long t0 = System.nanoTime();
        ChildSpec heartbeat = ChildSpec.permanent("heartbeat", hb -> {
            for (int k = 0; ; k++) {
                log(t0, "[heartbeat] %d / heap used %s", k, DemoOutput.mb(DemoOutput.heapUsed()));
                hb.receive(Duration.ofMillis(50));
            }
        });
        ChildSpec hog = ChildSpec.permanent("hog", w -> {
            log(t0, "[hog] started %s", w);
            List<byte[]> kept = new ArrayList<>();
            while (true) {
                kept.add(new byte[1 << 20]);
                Thread.sleep(1);
            }
        });
        Supervisor supervisor = Supervisor.start(RestartIntensity.of(maxRestarts, Duration.ofSeconds(maxSeconds)),
                List.of(heartbeat, hog), event -> onEvent(t0, event));
        ExitReason reason = supervisor.awaitExit(Duration.ofSeconds(60)).orElse(ExitReason.of("still running"));
        ChildSide.result("supervisorExit", reason.name());
        ChildSide.result("secondsToGiveUp", (System.nanoTime() - t0) / 1e9);
        ChildSide.result("maxHeap", Runtime.getRuntime().maxMemory());
        log(t0, "[main] supervisor ended (%s): shutdown, exit code 1", reason.name());
        ChildSide.exit(1);
    }

    /** Called on the supervisor's thread: quick, one line. */
    private static void onEvent(long t0, SupervisorEvent event) {
        switch (event.type()) {
            case EXITED -> log(t0, "[supervisor] %s %s exited: %s", event.child(), event.pid(), reasonWords(event.reason()));
            case RESTARTED -> log(t0, "[supervisor] restarted %s as %s", event.child(), event.pid());
            case GAVE_UP -> log(t0, "[supervisor] restart intensity used up: giving up (%s)", Supervisor.GAVE_UP.name());
            case STOPPED -> log(t0, "[supervisor] stopped %s: %s", event.child(), stoppedWords(event.reason()));
            case ENDED -> log(t0, "[supervisor] ended: %s", event.reason() == null ? "" : event.reason().name());
            case STARTED -> log(t0, "[supervisor] started %s %s", event.child(), event.pid());
        }
    }

    /**
     * How a child ended when the supervisor stopped it: on {@code shutdown}, on the {@code kill} that
     * follows {@link Supervisor#SHUTDOWN_TIMEOUT}, or not at all (then it says so).
     */
    static String stoppedWords(ExitReason reason) {
        if (reason == null || reason.equals(Supervisor.STILL_RUNNING)) {
            return "it ended neither on shutdown (" + Supervisor.SHUTDOWN_TIMEOUT.toSeconds() + " s) nor on kill: "
                    + "still running when the JVM exits";
        }
        if (reason.isKilled()) {
            return "it did not end within " + Supervisor.SHUTDOWN_TIMEOUT.toSeconds() + " s of shutdown and was killed";
        }
        return "it ended (" + reason.name() + ")";
    }

    private static String reasonWords(ExitReason reason) {
        if (reason == null) {
            return "";
        }
        return reason.name().contains("OutOfMemory") ? "out of memory (the shared heap refused it)" : reason.name();
    }

    private static void log(long t0, String format, Object... args) {
        ChildSide.log("%6.3f s  %s", (System.nanoTime() - t0) / 1e9, String.format(format, args));
    }
}
