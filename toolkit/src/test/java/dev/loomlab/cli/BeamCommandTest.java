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
    void withoutErlangKindBeamIsOneLineNamingThePackageAndExitsOne() {
        System.setProperty(Erlang.PROPERTY, "/nonexistent/bin/erl");
        int code = run("spawn", "--n", "100", "--kind", "beam", "--forks", "1");
        assertThat(code).isEqualTo(LoomlabCommand.FAILED);
        assertThat(err.toString().strip()).contains("apt-get install erlang-nox").doesNotContain("\n");
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
