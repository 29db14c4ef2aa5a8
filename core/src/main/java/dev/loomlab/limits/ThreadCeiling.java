package dev.loomlab.limits;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/** Section 4: the platform-thread ceiling here, and a low one hit in a child JVM ({@link #main}). */
public final class ThreadCeiling {

    private ThreadCeiling() {}

    /** What this machine allows, and a polite demonstration of hitting a low ceiling in a child JVM. */
    public static Section section(int ceiling, Progress progress) {
        if (ceiling < 64 || ceiling > 4096) {
            throw new IllegalArgumentException("the demo ceiling must be between 64 and 4096 tasks, got " + ceiling);
        }
        GridLines table = new GridLines("The platform-thread ceiling: this machine's limits, a low one hit in a child JVM, the article's")
                .text("limit").text("value").text("what it means");
        for (Map.Entry<String, String> e : MachineLimits.read().entrySet()) {
            table.row(e.getKey(), e.getValue(), "this machine");
        }
        List<String> wrapper = List.of();
        String how;
        Optional<Cgroups.Group> group = Cgroups.limited("pids", g -> g.limitPids(ceiling));
        int attempts = 20_000;
        try {
            if (group.isPresent()) {
                wrapper = group.get().wrapper();
                how = "a fresh pids cgroup with pids.max=" + ceiling + " (threads the child JVM itself uses count too)";
            } else if (!MachineLimits.isRoot() && MachineLimits.userThreads() > 0 && MachineLimits.hasPrlimit()) {
                int limit = MachineLimits.userThreads() + ceiling;
                wrapper = List.of("prlimit", "--nproc=" + limit + ":" + limit);
                how = "prlimit --nproc=" + limit + " (this user's threads now + " + ceiling + ")";
            } else {
                attempts = ceiling;
                how = "no way to lower the ceiling politely here (root without a writable pids cgroup): capped at "
                        + ceiling + " attempts instead, so no failure is shown";
            }
            ChildReply run = ChildCall.launch(wrapper, ThreadCeiling.class, List.of(String.valueOf(attempts), "10000"),
                    List.of(Demos.SMALL_DEMO_HEAP, "-Xss256k"), Demos.DEADLINE, progress);
            table.row("demo: the low ceiling", how, "child JVM only; the machine's own limits are untouched");
            table.row("demo: platform threads started", run.get("platformStarted"),
                    "then the next Thread.start() failed: " + run.get("platformFailure"));
            table.row("demo: virtual threads under the same ceiling", run.get("virtualStarted"),
                    "failure: " + run.get("virtualFailure") + " — virtual threads are not OS tasks; only their carriers are");
            table.row("demo: the child JVM", run.ending(), "it caught the failure, reported it and exited normally");
        } finally {
            group.ifPresent(Cgroups.Group::close);
        }
        published(table, "Python", "limit", "threadLimit");
        published(table, "BEAM", "limit", "processLimit");
        return new Section(table.build(), null, List.of(
                "Platform threads are OS tasks: ulimit -u (per user), threads-max and pid_max (per machine) and a container's pids.max all count them.",
                "The toolkit's processes are virtual threads: their ceiling is the toolkit's process limit (BEAM's +P) and memory."));
    }

    private static void published(GridLines table, String runtime, String experiment, String metric) {
        PublishedFigures.of(experiment, metric).stream().filter(f -> f.runtime().startsWith(runtime)).findFirst().ifPresent(f ->
                table.row("article: " + f.runtime(), Grid.print(f.value()) + " " + f.unit(), f.note()));
    }

    /**
     * The child JVM: starts parked platform threads until the OS refuses one (or {@code maxAttempts}),
     * reports how many started and the failure's message, frees them, then starts as many virtual
     * threads to show they do not count against the OS ceiling. Args: maxAttempts virtualCount.
     */
    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "ThreadCeiling");
        int maxAttempts = Integer.parseInt(spec.get(0));
        int virtualCount = Integer.parseInt(spec.get(1));
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> platform = new ArrayList<>();
        long t0 = System.nanoTime();
        String failure = startParked(Thread.ofPlatform().daemon(true), maxAttempts, release, platform);
        long elapsed = System.nanoTime() - t0;
        ChildSide.result("platformStarted", platform.size());
        ChildSide.result("platformFailure", failure.isEmpty() ? "none (stopped at the attempt cap)" : failure);
        ChildSide.result("nsPerPlatformThread", platform.isEmpty() ? 0 : elapsed / platform.size());
        release.countDown();
        for (Thread t : platform) {
            t.join();
        }
        CountDownLatch virtualRelease = new CountDownLatch(1);
        List<Thread> virtual = new ArrayList<>();
        String virtualFailure = startParked(Thread.ofVirtual(), virtualCount, virtualRelease, virtual);
        ChildSide.result("virtualStarted", virtual.size());
        ChildSide.result("virtualFailure", virtualFailure.isEmpty() ? "none" : virtualFailure);
        virtualRelease.countDown();
        for (Thread t : virtual) {
            t.join();
        }
        ChildSide.exit(0);
    }

    /** Starts up to {@code count} threads that wait for {@code release}, into {@code started}; the refusal in words, or "". */
    private static String startParked(Thread.Builder builder, int count, CountDownLatch release, List<Thread> started) {
        try {
            for (int i = 0; i < count; i++) {
                started.add(builder.start(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            return "";
        } catch (Throwable t) {
            return DemoOutput.describe(t);
        }
    }
}
