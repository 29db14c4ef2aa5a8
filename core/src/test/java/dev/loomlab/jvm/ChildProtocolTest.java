package dev.loomlab.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The one child protocol, with children that end each way a child can: one writes its result,
 * one dies at its deadline, one runs out of heap, one says why it failed, one loses its parent.
 * What each leaves is read back the same way, and each ending is worded by the one rule.
 */
@ExtendWith(NoLeaks.class)
class ChildProtocolTest {

    private static final ChildEnding ENDING = new ChildEnding("the test child", "thing", "raise it");

    @Test
    void aChildThatFinishesWritesItsFiguresAsItsResultFile() {
        List<String> said = new ArrayList<>();
        ChildReply reply = ChildCall.launch(List.of(), Writes.class, List.of("a", "b"), List.of(), Duration.ofSeconds(30),
                said::add);
        assertThat(reply.run().outcome()).as(reply.other().toString()).isEqualTo(ChildOutcome.OK);
        assertThat(reply.result()).as("the result file").isPresent();
        assertThat(reply.figures()).containsEntry("first", "a").containsEntry("count", "2");
        assertThat(reply.number("count")).isEqualTo(2.0);
        assertThat(reply.get("absent")).isEmpty();
        assertThat(said).containsExactly("working on b");
        assertThat(reply.ending()).isEqualTo("ok (exit 0)");
        assertThat(ENDING.failure(reply.run(), Duration.ofSeconds(30))).isEmpty();
    }

    @Test
    void aChildsLogLinesReachTheParentIntactInAnAsciiLocale() {
        List<String> said = new ArrayList<>();
        ChildReply reply = ChildCall.launch(List.of("env", "LC_ALL=C", "LANG=C"), SaysMicroseconds.class, List.of(),
                List.of(), Duration.ofSeconds(30), said::add);
        assertThat(reply.run().outcome()).as(reply.other().toString()).isEqualTo(ChildOutcome.OK);
        assertThat(said).containsExactly("p99 53 µs");
    }

    @Test
    void aChildKilledAtItsDeadlineLeavesTheFiguresItStreamed() {
        ChildReply reply = ChildCall.launch(List.of(), Sleeps.class, List.of(), List.of(), Duration.ofSeconds(2),
                line -> { });
        assertThat(reply.run().outcome()).isEqualTo(ChildOutcome.DEADLINE);
        assertThat(reply.result()).isEmpty();
        assertThat(reply.figures()).containsEntry("before", "1");
        assertThat(reply.ending()).startsWith("killed at its deadline (");
        ChildJvmException e = ENDING.failure(reply.run(), Duration.ofSeconds(2)).orElseThrow();
        assertThat(e.outcome()).isEqualTo(ChildOutcome.DEADLINE);
        assertThat(e.getMessage()).isEqualTo("the test child did not finish within 2s and was killed: raise it");
        assertThat(ChildEnding.row(e)).isEqualTo("killed at its deadline: " + e.getMessage());
    }

    @Test
    void aChildOutOfHeapLeavesTheFiguresItStreamedAndSaysAtWhichFlag() {
        ChildReply reply = ChildCall.launch(List.of(), FillsHeap.class, List.of(), List.of("-Xmx16m"),
                Duration.ofSeconds(30), line -> { });
        assertThat(reply.run().outcome()).isEqualTo(ChildOutcome.OUT_OF_MEMORY);
        assertThat(reply.result()).as("it died before writing one").isEmpty();
        assertThat(reply.number("heldMiB")).isPositive();
        assertThat(reply.ending()).isEqualTo("out of memory (exit 3)");
        ChildJvmException e = ENDING.failure(reply.run(), Duration.ofSeconds(30)).orElseThrow();
        assertThat(e.getMessage()).isEqualTo("out of memory: the test child ran out of heap (Java heap space) at -Xmx16m: "
                + "give it more with --jvm-opt -Xmx64m, or lower n");
        assertThat(ChildEnding.row(e)).isEqualTo(e.getMessage());
    }

    @Test
    void aChildThatCaughtAnOutOfMemoryErrorAndSaidSoEndsOk() {
        ChildReply reply = ChildCall.launch(List.of(), CatchesOutOfMemory.class, List.of(), List.of("-Xmx16m",
                "-XX:-ExitOnOutOfMemoryError"), Duration.ofSeconds(30), line -> { });
        assertThat(reply.run().stderrTail()).anyMatch(l -> l.contains("OutOfMemoryError"));
        assertThat(reply.run().outcome()).isEqualTo(ChildOutcome.OK);
        assertThat(reply.number("caught")).isEqualTo(1);
    }

    @Test
    void aChildThatExplainsItsFailureIsOneLineNamingWhatItRan() {
        ChildReply reply = ChildCall.launch(List.of(), Fails.class, List.of(), List.of(), Duration.ofSeconds(30),
                line -> { });
        assertThat(reply.run().outcome()).isEqualTo(ChildOutcome.FAILED);
        assertThat(reply.ending()).isEqualTo("exit 1");
        ChildJvmException e = ENDING.failure(reply.run(), Duration.ofSeconds(30)).orElseThrow();
        assertThat(e.getMessage()).isEqualTo("thing: out of luck");
        assertThat(ChildEnding.row(e)).isEqualTo("failed: thing: out of luck");
    }

    @Test
    void aChildJvmThatRefusesAFlagIsOneLineNamingTheFlag() {
        ChildReply reply = ChildCall.launch(List.of(), Writes.class, List.of("a", "b"), List.of("-XX:+NoSuchLoomlabFlag"),
                Duration.ofSeconds(30), line -> { });
        assertThat(reply.run().outcome()).isEqualTo(ChildOutcome.FAILED);
        ChildJvmException e = ENDING.failure(reply.run(), Duration.ofSeconds(30)).orElseThrow();
        assertThat(e.getMessage()).isEqualTo("the test child did not start: Unrecognized VM option 'NoSuchLoomlabFlag' "
                + "(from -XX:+NoSuchLoomlabFlag): fix or drop that flag");
        assertThat(ChildEnding.row(e)).isEqualTo("failed: " + e.getMessage());
    }

    @Test
    void aChildKilledByABadPropertyIsOneLineWithNoStackTrace() {
        String flag = "-Djdk.virtualThreadScheduler.parallelism=0";
        ChildReply reply = ChildCall.launch(List.of(), StartsAVirtualThread.class, List.of(), List.of(flag),
                Duration.ofSeconds(30), line -> { });
        assertThat(reply.run().outcome()).isEqualTo(ChildOutcome.FAILED);
        ChildJvmException e = ENDING.failure(reply.run(), Duration.ofSeconds(30)).orElseThrow();
        assertThat(e.getMessage())
                .startsWith("the test child died of an uncaught java.lang.IllegalArgumentException (at ")
                .endsWith(": check the flags it was given: " + flag)
                .doesNotContain("Caused by", "\n", "\tat ", "ExceptionInInitializerError");
    }

    @Test
    void aJvmThatRefusesItsHeapSizeIsOneLineListingTheFlagsGiven() {
        ChildRun run = new ChildRun(ChildOutcome.FAILED, 1, Duration.ofMillis(50),
                List.of("Error occurred during initialization of VM", "Too small maximum heap"),
                List.of("java", "-XX:+ExitOnOutOfMemoryError", "-XX:MaxRAM=1", "-Dloomlab.cap=10", "-cp", "x", "Main"));
        assertThat(ENDING.failure(run, Duration.ofSeconds(1)).orElseThrow().getMessage())
                .isEqualTo("the test child did not start: Too small maximum heap: check the flags it was given: -XX:MaxRAM=1");
    }

    @Test
    void aChildWhoseParentGoesAwayHalts() throws Exception {
        Path dir = ChildJvm.tempDir();
        try {
            Files.writeString(dir.resolve("spec"), "");
            Process child = new ProcessBuilder(ChildJvm.javaExecutable(), "-cp", ChildJvm.classPath(), Sleeps.class.getName(),
                    dir.resolve("spec").toString(), dir.resolve("result").toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            child.getOutputStream().close(); // what the parent's end does when the parent dies
            boolean ended = child.waitFor(30, TimeUnit.SECONDS);
            if (!ended) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(ended).as("halted without its parent").isTrue();
            assertThat(child.exitValue()).isEqualTo(ChildSide.ORPHANED);
        } finally {
            ChildJvm.deleteQuietly(dir);
        }
    }

    /** Reports two figures and a log line, then exits. */
    public static final class Writes {
        public static void main(String[] args) {
            List<String> spec = ChildSide.arguments(args, "Writes");
            ChildSide.result("first", spec.get(0));
            ChildSide.result("count", spec.size());
            ChildSide.log("working on %s", spec.get(1));
            ChildSide.exit(0);
        }
    }

    /** Logs a line with a character outside ASCII, then exits. */
    public static final class SaysMicroseconds {
        public static void main(String[] args) {
            ChildSide.open(args, "SaysMicroseconds");
            ChildSide.log("p99 53 µs");
            ChildSide.exit(0);
        }
    }

    /** Reports one figure, then sleeps far past any test's deadline. */
    public static final class Sleeps {
        public static void main(String[] args) throws InterruptedException {
            ChildSide.open(args, "Sleeps");
            ChildSide.result("before", 1);
            Thread.sleep(Duration.ofMinutes(5));
            ChildSide.exit(0);
        }
    }

    /** Keeps what it allocates, saying how much it holds, until the heap runs out. */
    public static final class FillsHeap {
        public static void main(String[] args) {
            ChildSide.open(args, "FillsHeap");
            List<byte[]> kept = new ArrayList<>();
            for (int i = 1; i < 100_000; i++) {
                kept.add(new byte[256 << 10]);
                ChildSide.result("heldMiB", i / 4.0);
            }
            ChildSide.exit(0);
        }
    }

    /** Fills its heap inside a try, prints the error it caught, and ends normally. */
    public static final class CatchesOutOfMemory {
        public static void main(String[] args) {
            ChildSide.open(args, "CatchesOutOfMemory");
            try {
                List<byte[]> kept = new ArrayList<>();
                while (true) {
                    kept.add(new byte[256 << 10]);
                }
            } catch (OutOfMemoryError e) {
                System.err.println("caught: " + e);
            }
            ChildSide.result("caught", 1);
            ChildSide.exit(0);
        }
    }

    /** Starts one virtual thread, which a bad scheduler property makes throw before anything is said. */
    public static final class StartsAVirtualThread {
        public static void main(String[] args) throws InterruptedException {
            ChildSide.open(args, "StartsAVirtualThread");
            Thread.startVirtualThread(() -> { }).join();
            ChildSide.exit(0);
        }
    }

    /** Fails, saying why in one line. */
    public static final class Fails {
        public static void main(String[] args) {
            ChildSide.open(args, "Fails");
            ChildSide.fail("out of luck", 1);
        }
    }
}
