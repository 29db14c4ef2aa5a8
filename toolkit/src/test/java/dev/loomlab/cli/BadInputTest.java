package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bad input and runs that end badly, tried as a user would: each ends in one line on standard
 * error that names the problem and the way out, no stack trace, and the documented exit code
 * (1 a failed run, 2 bad usage).
 */
@ExtendWith(NoLeaks.class)
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BadInputTest extends CliTestSupport {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @Test
    void aCapThatIsNotANumberIsOneLineNamingTheVariable() throws Exception {
        // the cap is read once per JVM, when its class loads: only a fresh JVM shows this
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                LoomlabCommand.class.getName(), "spawn", "--n", "100");
        pb.environment().put("LOOMLAB_CAP", "abc");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process cli = pb.start();
        String stderr;
        try (var in = cli.getErrorStream()) {
            stderr = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(cli.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(cli.exitValue()).as(stderr).isEqualTo(LoomlabCommand.USAGE);
        assertThat(stderr.lines().toList()).containsExactly("loomlab: LOOMLAB_CAP must be a whole number of processes, "
                + "0 or more (0 lifts the cap), got \"abc\": for example LOOMLAB_CAP=2000, or leave it unset for the default 100,000");
    }

    @Test
    void aUsageErrorOfASubcommandNamesItsWholeCommandForHelp() {
        assertThat(run("workshop", "serve", "--port", "70000")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString().lines().toList()).hasSize(2).last().isEqualTo("see: loomlab workshop serve --help");
    }

    @Test
    void aValueOfTheWrongTypeOrAnUnknownOptionIsOneLineAndTheWayToHelpNotTheWholeUsage() {
        assertThat(run("ring", "--n", "abc")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString().lines().toList()).containsExactly(
                "loomlab: Invalid value for option '--n': 'abc' is not a whole number", "see: loomlab ring --help");
        err.getBuffer().setLength(0);
        assertThat(run("pingpong", "--forkz", "3")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).startsWith("loomlab: Unknown options: '--forkz', '3'").contains("--forks")
                .endsWith("see: loomlab pingpong --help" + System.lineSeparator()).doesNotContain("Usage:");
    }

    @Test
    void aChildJvmKilledByABadPropertyIsOneLineNamingTheFlag() {
        String flag = "-Djdk.virtualThreadScheduler.parallelism=0";
        assertThat(run("spawn", "--n", "1000", "--jvm-opt", flag)).as(err.toString()).isEqualTo(LoomlabCommand.FAILED);
        assertThat(err.toString().lines().filter(l -> l.startsWith("loomlab: ")).toList()).singleElement()
                .asString().startsWith("loomlab: the child JVM for spawn (kind process, n=1,000) died of an uncaught "
                        + "java.lang.IllegalArgumentException").endsWith("check the flags it was given: " + flag);
        assertThat(err.toString()).doesNotContain("Caused by");
    }

    @Test
    void aChildJvmOutOfHeapSaysAtWhichFlagAndHowToGiveItMore() {
        assertThat(run("spawn", "--n", "1000000", "--no-cap", "--jvm-opt", "-Xmx32m", "--forks", "1")).as(err.toString())
                .isEqualTo(LoomlabCommand.FAILED);
        assertThat(err.toString().lines().toList()).containsExactly("loomlab: out of memory: the child JVM for spawn "
                + "(kind process, n=1,000,000) ran out of heap (Java heap space) at -Xmx32m: give it more with "
                + "--jvm-opt -Xmx128m, or lower n");
    }

    @Test
    void withJsonAFailedRunStillPrintsTheResultsDocumentWithTheFailureAsItsOutcome() throws Exception {
        assertThat(run("spawn", "--n", "1000000", "--no-cap", "--jvm-opt", "-Xmx32m", "--json", "--forks", "1")).as(err.toString())
                .isEqualTo(LoomlabCommand.FAILED);
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(2);
        assertThat(json.get("type").asText()).isEqualTo("measurement");
        assertThat(json.get("experiment").asText()).isEqualTo("spawn");
        assertThat(json.get("outcome").asText()).startsWith("out of memory").contains("-Xmx32m");
        assertThat(json.has("baseline")).as("no baseline after a failed run").isFalse();
        assertThat(err.toString().lines().toList()).containsExactly("loomlab: " + json.get("outcome").asText());
    }

    @Test
    void aMeasuredJvmKilledFromOutsideIsOneLineAboutTheSignalAndDmesg() throws Exception {
        AtomicInteger exit = new AtomicInteger(-1);
        Thread cli = Thread.ofPlatform().name("cli-tasks").start(() ->
                exit.set(run("tasks", "--n", "2000", "--sleep", "60s", "--deadline", "90s", "--no-gc", "--forks", "1")));
        ProcessHandle measured = awaitMeasuredJvm();
        assertThat(measured.destroyForcibly()).as("SIGKILL sent").isTrue();
        assertThat(cli.join(WAIT)).as("the command ended").isTrue();
        assertThat(exit.get()).as(err.toString()).isEqualTo(LoomlabCommand.FAILED);
        assertThat(err.toString().lines().toList()).containsExactly("loomlab: tasks (kind process, n=2,000): the measured "
                + "JVM was killed by signal 9 (SIGKILL), by the kernel's out-of-memory killer or by someone else: dmesg "
                + "tells which (sudo dmesg | grep -i 'killed process' lists the OOM killer's victims)");
        assertThat(out.toString()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void helpAndHelpOfACommandWork() {
        assertThat(run("help")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Usage: loomlab", "spawn", "help");
        out.getBuffer().setLength(0);
        assertThat(run("help", "spawn")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Usage: loomlab spawn", "--n=N");
    }

    @Test
    void anExperimentWithNoPublishedFigureIsAUsageErrorListingThoseThatHave() {
        assertThat(run("published", "nosuch")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(out.toString()).isEmpty();
        List<String> lines = err.toString().lines().toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("loomlab: no published figure matches \"nosuch\"; there are figures for: ")
                .contains("spawn", "ring", "tasks").endsWith("(loomlab published shows them all)");
    }

    /** The JVM that runs TasksProgram, a grandchild of this one, once it is up. */
    private static ProcessHandle awaitMeasuredJvm() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> measured = ProcessHandle.current().descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("TasksProgram")).findFirst();
            if (measured.isPresent()) {
                return measured.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the measured JVM did not start within " + WAIT);
    }
}
