package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.beam.Erlang;
import dev.loomlab.experiment.Measurement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code --kind beam} on the command line: one JSON object of kind beam, or one line saying how to get Erlang. */
class BeamCommandTest extends CliTestSupport {

    @AfterEach
    void forgetTheBogusErl() {
        System.clearProperty(Erlang.PROPERTY);
    }

    @Test
    void ringOnBeamPrintsOneJsonObjectOfKindBeam() {
        assumeTrue(Erlang.installed().isPresent(), Erlang::missing);
        int code = run("ring", "--n", "1000", "--m", "2", "--kind", "beam", "--repeat", "2", "--no-warmup", "--json", "--forks", "1");
        assertThat(code).as(err.toString()).isZero();
        Measurement m = Measurement.fromJson(out.toString());
        assertThat(m.kind()).isEqualTo("beam");
        assertThat(m.runs()).hasSize(2);
    }

    @Test
    void withoutErlangKindBeamIsRefusedBeforeAnythingRunsInOneLineNamingThePackageAndExitsTwo() {
        System.setProperty(Erlang.PROPERTY, "/nonexistent/bin/erl");
        int code = run("spawn", "--n", "100", "--kind", "beam", "--forks", "1");
        assertThat(code).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString().lines().findFirst()).hasValueSatisfying(line -> assertThat(line)
                .startsWith("loomlab: Erlang is not installed").contains("apt-get install erlang-nox"));
        assertThat(out.toString()).doesNotContain("running spawn");
    }

    @Test
    void theHibernatedRingRunsOnBeamToo() {
        // every registered experiment now has a BEAM version; BeamRunnerTest covers the refusal of one without
        assumeTrue(Erlang.installed().isPresent(), Erlang::missing);
        int code = run("ring", "--n", "500", "--m", "2", "--hibernate", "--kind", "beam", "--repeat", "2", "--no-warmup", "--json", "--forks", "1");
        assertThat(code).as(err.toString()).isZero();
        Measurement m = Measurement.fromJson(out.toString());
        assertThat(m.kind()).isEqualTo("beam");
        assertThat(m.experiment()).isEqualTo("ring-hibernated");
        assertThat(m.metric("nsPerHop")).isPositive();
    }
}
