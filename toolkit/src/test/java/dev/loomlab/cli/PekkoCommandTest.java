package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.Measurement;
import dev.loomlab.jvm.ChildJvm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code --kind pekko} on the command line: one JSON object of kind pekko from a fresh JVM, whose
 * notes name the dispatcher it ran on; the help lists the kind; a missing module is one line
 * saying how to build it (then the usual pointer to --help), exit 2. (The pekko module is on this test's class path, which the child
 * inherits; the CLI itself finds pekko/target/loomlab-pekko.jar.)
 */
class PekkoCommandTest extends CliTestSupport {

    @AfterEach
    void forgetTheJar() {
        System.clearProperty(ChildJvm.moduleJarProperty("pekko"));
    }

    @Test
    void ringOnPekkoPrintsOneJsonObjectOfKindPekkoWithItsDispatcher() {
        int code = run("ring", "--n", "1000", "--m", "2", "--kind", "pekko", "--repeat", "2", "--no-warmup", "--json", "--forks", "1");
        assertThat(code).as(err.toString()).isZero();
        Measurement m = Measurement.fromJson(out.toString());
        assertThat(m.kind()).isEqualTo("pekko");
        assertThat(m.runs()).hasSize(2);
        assertThat(m.metric("nsPerHop")).isPositive();
        assertThat(m.notes()).anySatisfy(note -> assertThat(note).startsWith("JVM Pekko actors: default-dispatcher type Dispatcher"));
    }

    @Test
    void theKindHelpListsPekko() {
        assertThat(run("spawn", "--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("or pekko (Apache Pekko's typed actors");
    }

    @Test
    void withoutTheModulesJarKindPekkoIsOneLineSayingHowToBuildItAndExitsTwo() {
        System.setProperty(ChildJvm.moduleJarProperty("pekko"), "/nonexistent/loomlab-pekko.jar");
        int code = run("pingpong", "--n", "100", "--kind", "pekko", "--forks", "1");
        assertThat(code).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString().lines().findFirst()).hasValueSatisfying(line -> assertThat(line)
                .startsWith("loomlab: kind pekko needs the pekko module").contains("./loomlab build"));
    }

    @Test
    void anExperimentThatDoesNotRunOnActorsRefusesPekkoWithExitTwo() {
        int code = run("hibernate", "--n", "100", "--kind", "pekko");
        assertThat(code).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("kind pekko runs spawn, ring, broadcast, pingpong");
    }
}
