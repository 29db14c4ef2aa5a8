package dev.loomlab.supervise;

import dev.loomlab.view.Grid;
import dev.loomlab.measure.Env;
import dev.loomlab.process.ExitReason;
import dev.loomlab.process.Pid;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The German article's crash-and-restart scene, on the toolkit's processes: a one-for-one
 * supervisor over a counter and a neighbour. Kill the counter: it is restarted at once and
 * starts again at zero (its state was in the process), while a count kept outside survives and
 * the neighbour keeps its pid and its state. Kill it more often than the restart intensity allows:
 * the supervisor stops the neighbour and gives up with {@code reached_max_restart_intensity}.
 * Runs in this JVM in milliseconds; leaves no process behind.
 */
public final class SupervisionDemo {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private final long t0 = System.nanoTime();
    private final List<SupervisionReport.LogLine> log = Collections.synchronizedList(new ArrayList<>());
    private final Consumer<String> live;
    private volatile long gaveUpNanos;

    private SupervisionDemo(Consumer<String> live) {
        this.live = live;
    }

    /**
     * Runs the scene: 3 increments to the counter and 2 to the neighbour, then {@code kills} kills
     * of the counter, one after the other restart.
     *
     * @param live gets each log line as it happens (e.g. {@code System.out::println}); may be null
     */
    public static SupervisionReport run(RestartIntensity intensity, int kills, Consumer<String> live)
            throws InterruptedException {
        if (kills < 0) {
            throw new IllegalArgumentException("--kills must be 0 or more, got " + kills);
        }
        return new SupervisionDemo(live == null ? line -> { } : live).scene(intensity, kills);
    }

    private SupervisionReport scene(RestartIntensity intensity, int kills) throws InterruptedException {
        AtomicLong keptOutside = new AtomicLong();
        Supervisor sup = Supervisor.start(intensity, List.of(ChildSpec.permanent("counter", Counter.body(keptOutside)),
                ChildSpec.permanent("neighbour", Counter.body(null))), this::onEvent);
        say("supervisor " + sup.pid() + " is up: one-for-one, " + intensity);
        Pid neighbour = sup.child("neighbour").orElseThrow();
        increment(sup, "counter", 3);
        increment(sup, "neighbour", 2);
        long counterBefore = ask(sup, "counter");
        long neighbourBefore = ask(sup, "neighbour");
        say("counter answers " + counterBefore + " (kept outside the process: " + keptOutside.get() + "); neighbour "
                + neighbour + " answers " + neighbourBefore);
        long counterAfter = -1;
        long neighbourAfter = -1;
        boolean neighbourSamePid = false;
        double microsToAnswer = Double.NaN;
        long firstKillNanos = 0;
        for (int i = 1; i <= kills; i++) {
            Optional<Pid> victim = sup.child("counter");
            if (victim.isEmpty()) {
                break;
            }
            say("kill counter " + victim.get() + " (kill " + i + " of " + kills + ")");
            long killed = System.nanoTime();
            firstKillNanos = i == 1 ? killed : firstKillNanos;
            victim.get().kill();
            if (sup.awaitChild("counter", victim.get(), WAIT).isEmpty()) {
                break; // the supervisor gave up
            }
            if (i == 1) {
                counterAfter = ask(sup, "counter");
                microsToAnswer = (System.nanoTime() - killed) / 1e3;
                neighbourSamePid = sup.child("neighbour").orElse(null) == neighbour;
                neighbourAfter = ask(sup, "neighbour");
                say(String.format("counter answers %d after the restart, %s µs after the kill (kept outside: %d); "
                                + "neighbour %s %s, answers %d", counterAfter, Grid.print(microsToAnswer), keptOutside.get(),
                        neighbour, neighbourSamePid ? "is the same process" : "was replaced", neighbourAfter));
            }
        }
        boolean shouldGiveUp = kills > intensity.maxRestarts();
        if (!shouldGiveUp) {
            say("stop the supervisor");
            sup.stop();
        }
        ExitReason reason = sup.awaitExit(WAIT.multipliedBy(3)).orElse(ExitReason.of("still running"));
        Optional<ExitReason> neighbourEnd = neighbour.awaitExit(WAIT);
        say("supervisor ended: " + reason + "; neighbour " + neighbour + " ended: "
                + neighbourEnd.map(ExitReason::toString).orElse("still running"));
        long restarts = sup.events().stream().filter(e -> e.type() == SupervisorEvent.Type.RESTARTED).count();
        double secondsToGiveUp = gaveUpNanos == 0 || firstKillNanos == 0 ? Double.NaN : (gaveUpNanos - firstKillNanos) / 1e9;
        return new SupervisionReport(Env.current(), intensity, kills, counterBefore, counterAfter, keptOutside.get(),
                neighbourSamePid, neighbourBefore, neighbourAfter, microsToAnswer, restarts,
                Supervisor.GAVE_UP.equals(reason), reason.toString(), secondsToGiveUp, List.copyOf(log));
    }

    private void increment(Supervisor sup, String id, int times) {
        Pid pid = sup.child(id).orElseThrow();
        for (int i = 0; i < times; i++) {
            pid.send(new Counter.Increment());
        }
    }

    private long ask(Supervisor sup, String id) throws InterruptedException {
        return Counter.ask(sup, id, WAIT).orElse(-1L);
    }

    private void onEvent(SupervisorEvent event) {
        if (event.type() == SupervisorEvent.Type.GAVE_UP) {
            gaveUpNanos = System.nanoTime();
        }
        say(event.toString());
    }

    private void say(String what) {
        SupervisionReport.LogLine line = new SupervisionReport.LogLine(Duration.ofNanos(System.nanoTime() - t0), what);
        log.add(line);
        live.accept(line.toString());
    }
}
