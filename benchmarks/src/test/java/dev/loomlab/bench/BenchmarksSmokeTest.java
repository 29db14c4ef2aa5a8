package dev.loomlab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.process.Processes;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import tech.tablesaw.api.Table;

/**
 * Every benchmark runs once, briefly, in this JVM (no fork, no warm-up, one 100 ms iteration), so
 * CI catches a benchmark that throws, hangs or leaks before anyone spends minutes on a real run.
 * It checks that the machinery works and that every primitive has its baseline, never a timing.
 */
class BenchmarksSmokeTest {

    @Test
    void everyBenchmarkRunsOnceAndEveryPrimitiveHasItsBaseline() throws Exception {
        System.setProperty("jmh.ignoreLock", "true"); // another engineer's JMH run must not fail CI
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                .include("dev\\.loomlab\\.bench\\.")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build()).run();

        Map<String, List<String>> methods = results.stream().collect(Collectors.groupingBy(Ratios::className,
                Collectors.mapping(Ratios::method, Collectors.toList())));
        assertThat(methods).containsOnlyKeys("SpawnToParked", "SendReceive", "PingPong", "RingHop", "Broadcast",
                "HibernateWake");
        methods.forEach((primitive, ms) -> assertThat(ms).as(primitive).contains("process", Ratios.BASELINE));
        assertThat(results).allSatisfy(r -> assertThat(r.getPrimaryResult().getScore()).as(r.getParams().getBenchmark())
                .isPositive());

        Table ratios = Ratios.of(results);
        assertThat(ratios.rowCount()).isEqualTo(results.size());
        assertThat(ratios.doubleColumn("x raw VT").countMissing()).as("rows without a ratio").isZero();
        assertThat(ratios.stringColumn("verdict").asList()).filteredOn(v -> !v.isEmpty()).hasSize(Ratios.TARGETS.size());
        assertThat(Processes.live()).as("processes left alive by the benchmarks' teardowns").isZero();
    }
}
