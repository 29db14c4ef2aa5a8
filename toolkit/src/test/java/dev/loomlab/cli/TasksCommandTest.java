package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code loomlab tasks} and {@code loomlab ring --hibernate}: JSON names, the published table, bad input. */
class TasksCommandTest extends CliTestSupport {


    @Test
    void tasksPrintsOneJsonObjectWithPeakRssAndHeapAfterGc() throws Exception {
        assertThat(run("tasks", "--n", "10", "--sleep", "200ms", "--kind", "virtual", "--json", "--forks", "1")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("experiment").asText()).isEqualTo("tasks");
        assertThat(json.get("kind").asText()).isEqualTo("virtual");
        assertThat(json.get("peakRssBytes").asLong()).isPositive();
        assertThat(json.get("heapAfterGcBytes").asLong()).isPositive();
    }

    @Test
    void tasksAsATablePutsEveryPublishedRuntimeBesideOurs() {
        assertThat(run("tasks", "--n", "1", "--sleep", "100ms", "--no-gc", "--forks", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("peakRssBytes", "raw virtual thread", "Java OpenJDK 23.0.1 virtual threads", "46.9");
    }

    @Test
    void badInputToTasksIsAUsageErrorThatSaysWhatToDo() {
        assertThat(run("tasks", "--sleep", "soon")).isEqualTo(2);
        assertThat(err.toString()).contains("--sleep", "is not a duration");
        assertThat(run("tasks", "--sleep", "1m", "--deadline", "30s")).isEqualTo(2);
        assertThat(err.toString()).contains("raise --deadline");
        assertThat(run("tasks", "--n", "0")).isEqualTo(2);
        assertThat(run("tasks", "--kind", "green")).isEqualTo(2);
        assertThat(run("tasks", "--n", "20000", "--kind", "platform")).isEqualTo(2);
        assertThat(err.toString()).contains("OS thread", "--no-cap");
        assertThat(run("tasks", "--n", "1000000")).isEqualTo(2);
        assertThat(err.toString()).contains("above the cap");
    }

    @Test
    void ringHibernateRunsTheHibernatedRing() throws Exception {
        assertThat(run("ring", "--hibernate", "--n", "200", "--m", "2", "--json", "--forks", "1")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("experiment").asText()).isEqualTo("ring-hibernated");
        assertThat(json.get("nsPerHop").asDouble()).isPositive();
        assertThat(run("ring", "--hibernate", "--kind", "virtual", "--n", "10")).isEqualTo(2);
        assertThat(err.toString()).contains("--kind process");
    }
}
