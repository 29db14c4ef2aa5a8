package dev.loomlab.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.experiment.Kind;
import dev.loomlab.load.LoadKind;
import dev.loomlab.load.LoadRow;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.measure.Env;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding Erlang, and what happens without one: a one-line message naming the package, and a row that says so. */
class ErlangTest {

    @AfterEach
    void forgetTheBogusErl() {
        System.clearProperty(Erlang.PROPERTY);
    }

    @Test
    void theProbeLineIsReadIntoReleaseErtsSchedulersAndLimit() {
        Erlang erlang = Erlang.parse(Path.of("/usr/bin/erl"), "25 13.1.5 2 262144\n").orElseThrow();
        assertThat(erlang.otpRelease()).isEqualTo(25);
        assertThat(erlang.erts()).isEqualTo("13.1.5");
        assertThat(erlang.schedulers()).isEqualTo(2);
        assertThat(erlang.oneLine()).isEqualTo("Erlang/OTP 25 (erts 13.1.5), 2 schedulers by default");
        assertThat(erlang.processLimit()).isEqualTo(262_144);
        assertThat(erlang.erlc()).isEqualTo(Path.of("/usr/bin/erlc"));
        assertThat(Erlang.parse(Path.of("erl"), "Segmentation fault")).isEmpty();
    }

    @Test
    void aMissingErlangIsOneLineThatNamesThePackage() {
        System.setProperty(Erlang.PROPERTY, "/nonexistent/bin/erl");
        assertThat(Erlang.installed()).isEmpty();
        assertThatThrownBy(Erlang::require).isInstanceOf(ChildJvmException.class)
                .hasMessageContaining("apt-get install erlang-nox").hasMessageContaining("conda")
                .hasMessageContaining("/nonexistent/bin/erl").hasMessageNotContaining("\n");
    }

    @Test
    void anErlThatDoesNotAnswerCountsAsMissing(@TempDir Path dir) throws Exception {
        Path erl = dir.resolve("erl");
        Files.writeString(erl, "#!/bin/sh\necho 'not an erlang' >&2\nexit 1\n");
        Files.setPosixFilePermissions(erl, PosixFilePermissions.fromString("rwxr-xr-x"));
        System.setProperty(Erlang.PROPERTY, erl.toString());
        assertThat(Erlang.installed()).isEmpty();
        assertThat(Erlang.missing()).contains("no working erl at " + erl);
    }

    @Test
    void anErlangTooOldIsNamedWithItsVersionAndTheMinimum() {
        Erlang old = new Erlang(Path.of("/opt/otp20/bin/erl"), 20, "9.3", 1, 262_144);
        assertThatThrownBy(() -> old.requireRelease("broadcast", Erlang.MINIMUM_RELEASE))
                .isInstanceOf(ChildJvmException.class)
                .hasMessageContaining("OTP " + Erlang.MINIMUM_RELEASE + " or later").hasMessageContaining("is OTP 20");
        new Erlang(Path.of("erl"), 25, "13.1.5", 2, 262_144).requireRelease("broadcast", Erlang.MINIMUM_RELEASE);
    }

    @Test
    void withoutErlangALoadRowSaysHowToInstallItAndTheEnvSaysSoToo() {
        System.setProperty(Erlang.PROPERTY, "/nonexistent/bin/erl");
        LoadRow row = BeamLoad.row(new LoadSpec(List.of(LoadKind.BEAM), List.of(1), 10, java.time.Duration.ofSeconds(1), 1,
                List.of()), 1, line -> { });
        assertThat(row.status()).isEqualTo(LoadRow.FAILED);
        assertThat(row.verdict()).contains("apt-get install erlang-nox");
        assertThat(Env.current().grid().texts("value"))
                .anyMatch(v -> v.contains("apt-get install erlang-nox"));
    }
}
