package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** +S 1 for every kind: the taskset wrapper, the notes that say how children were pinned, and partial counts. */
class CpuPinningTest {

    @Test
    void tasksetComesFirstWhereItIsInstalled(@TempDir Path root) {
        try (CpuPinning.Pin none = CpuPinning.pin(0, Optional.of("/usr/bin/taskset"), root)) {
            assertThat(none.method()).isEqualTo(CpuPinning.Method.NONE);
            assertThat(none.wrapper()).isEmpty();
            assertThat(none.description()).isEmpty();
        }
        try (CpuPinning.Pin one = CpuPinning.pin(1, Optional.of("/usr/bin/taskset"), root)) {
            assertThat(one.method()).isEqualTo(CpuPinning.Method.TASKSET);
            assertThat(one.wrapper()).containsExactly("/usr/bin/taskset", "-c", "0");
            assertThat(one.description()).contains("pinned to 1 CPU").contains("taskset -c 0");
        }
        assertThat(CpuPinning.pin(4, Optional.of("taskset"), root).wrapper()).containsExactly("taskset", "-c", "0-3");
        assertThatThrownBy(() -> CpuPinning.pin(-1, Optional.empty(), root)).hasMessageContaining("--pin");
    }

    @Test
    void withoutTasksetAWritableCpusetV1ControllerGetsAFreshGroupThatCloseRemoves(@TempDir Path root) throws Exception {
        Path controller = Files.createDirectories(root.resolve("cpuset"));
        Files.writeString(controller.resolve("cgroup.procs"), "");
        Files.writeString(controller.resolve("cpuset.mems"), "0\n");
        Path group;
        try (CpuPinning.Pin pin = CpuPinning.pin(1, Optional.empty(), root)) {
            assertThat(pin.method()).isEqualTo(CpuPinning.Method.CPUSET_CGROUP);
            group = pin.cgroup().orElseThrow();
            assertThat(group.getParent()).isEqualTo(controller);
            assertThat(Files.readString(group.resolve("cpuset.cpus"))).isEqualTo("0");
            assertThat(Files.readString(group.resolve("cpuset.mems"))).isEqualTo("0");
            assertThat(String.join(" ", pin.wrapper())).contains(group.resolve("cgroup.procs").toString()).contains("exec");
            assertThat(pin.description()).contains("cpuset cgroup").contains("taskset is not installed");
        }
        assertThat(group).doesNotExist();
    }

    @Test
    void aV2TreeIsUsedOnlyWhenItsRootDelegatesCpuset(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu memory pids");
        Files.writeString(root.resolve("cgroup.subtree_control"), "cpu memory pids");
        try (CpuPinning.Pin pin = CpuPinning.pin(2, Optional.empty(), root)) {
            assertThat(pin.method()).isEqualTo(CpuPinning.Method.NOT_PINNED);
            assertThat(pin.wrapper()).isEmpty();
            assertThat(pin.description()).startsWith("not pinned").contains("util-linux").contains("cpuset cgroup");
        }
        Files.writeString(root.resolve("cgroup.subtree_control"), "cpuset cpu memory pids\n");
        try (CpuPinning.Pin pin = CpuPinning.pin(2, Optional.empty(), root)) {
            assertThat(pin.method()).isEqualTo(CpuPinning.Method.CPUSET_CGROUP);
            assertThat(Files.readString(pin.cgroup().orElseThrow().resolve("cpuset.cpus"))).isEqualTo("0-1");
        }
    }

    @Test
    void neitherTasksetNorACgroupTreeMeansNotPinnedAndSaysSo(@TempDir Path root) {
        CpuPinning.Pin pin = CpuPinning.pin(1, Optional.empty(), root);
        assertThat(pin.method()).isEqualTo(CpuPinning.Method.NOT_PINNED);
        assertThat(pin.cgroup()).isEmpty();
        assertThat(pin.description()).contains("platform threads ran on every core");
    }

    @Test
    void theNotesSayHowTheRowsWerePinnedAndJsonKeepsIt() {
        LoadSpec spec = LoadSpec.of(LoadKind.PLATFORM).withParallelism(1).withPin(1).withLoops(0);
        LoadResult result = new LoadResult(spec, dev.loomlab.measure.Env.current(), false, List.of(), "pinned with taskset -c 0");
        assertThat(result.notes()).contains("pinned with taskset -c 0");
        assertThat(LoadResult.fromJson(result.toJson()).pinning()).isEqualTo("pinned with taskset -c 0");
        assertThat(new LoadResult(spec, dev.loomlab.measure.Env.current(), false, List.of()).notes().get(0))
                .contains("how was not recorded");
    }

    @Test
    void aSpecCarriesItsPinAndRefusesANegativeOne() {
        LoadSpec spec = LoadSpec.of(LoadKind.PLATFORM).withParallelism(1).withPin(1);
        assertThat(spec.cpus()).isEqualTo(1);
        assertThat(spec.withLoops(0, 1).cpus()).isEqualTo(1);
        assertThat(LoadSpec.of(LoadKind.PLATFORM).cpus()).isZero();
        assertThatThrownBy(() -> spec.withPin(-1)).hasMessageContaining("--pin");
    }

    @Test
    void theWatchdogSaysHowManyRoundTripsAreDoneWhileItWaits() throws Exception {
        List<Long> said = new ArrayList<>();
        LoadRow row;
        try (LoadTier tier = LoadTier.start(LoadKind.PLATFORM, 0, 50)) {
            row = tier.measure(Duration.ofSeconds(30), said::add);
        }
        assertThat(row.completed()).isTrue();
        assertThat(said).isNotEmpty();
        assertThat(said.get(said.size() - 1)).isEqualTo(50);
    }

    @Test
    void aKilledRowKeepsHowFarItGot() {
        LoadRow row = LoadRow.killed(LoadKind.PLATFORM, 1000, 1, 2000, 20_000, 37, "killed; 37 of 2,000 round trips were done by then");
        assertThat(row.roundsCompleted()).isEqualTo(37);
        assertThat(row.verdict()).startsWith("killed: ").contains("37 of 2,000");
    }
}
