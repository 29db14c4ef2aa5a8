package dev.loomlab.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading memory and swap limits from cgroup files, on fake files written here. */
class SwapLimitTest {

    private static final long MIB512 = 512L << 20;

    @Test
    void v1DockerDefaultAllowsAsMuchSwapAgain(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("memory.limit_in_bytes"), MIB512 + "\n");
        Files.writeString(dir.resolve("memory.memsw.limit_in_bytes"), (2 * MIB512) + "\n");
        SwapLimit r = SwapLimit.read(dir).orElseThrow();
        assertThat(r.version()).isEqualTo("v1");
        assertThat(r.memoryBytes()).isEqualTo(MIB512);
        assertThat(r.swapBytes()).isEqualTo(MIB512);
        assertThat(r.swapWords()).contains("as much again");
    }

    @Test
    void v1WithMemorySwapEqualToTheLimitAllowsNone(@TempDir Path dir) throws Exception {
        SwapLimit.simulate(dir, "v1", MIB512, 0);
        assertThat(SwapLimit.read(dir).orElseThrow().swapWords()).isEqualTo("none");
    }

    @Test
    void v1PageRoundedLongMaxIsNoLimit(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("memory.limit_in_bytes"), "9223372036854771712\n");
        Files.writeString(dir.resolve("memory.memsw.limit_in_bytes"), "9223372036854771712\n");
        SwapLimit r = SwapLimit.read(dir).orElseThrow();
        assertThat(r.memoryWords()).isEqualTo("no limit");
        assertThat(r.swapWords()).isEqualTo("no limit");
    }

    @Test
    void v2ReadsMaxAndSwapMaxAndSaysWhenSwapIsNotAccounted(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("memory.max"), "max\n");
        assertThat(SwapLimit.read(dir).orElseThrow().swapWords()).startsWith("not accounted");
        SwapLimit.simulate(dir, "v2", MIB512, MIB512);
        SwapLimit r = SwapLimit.read(dir).orElseThrow();
        assertThat(r.version()).isEqualTo("v2");
        assertThat(r.memoryBytes()).isEqualTo(MIB512);
        assertThat(r.swapBytes()).isEqualTo(MIB512);
    }

    @Test
    void aDirectoryWithoutMemoryFilesIsNoReading(@TempDir Path dir) {
        assertThat(SwapLimit.read(dir)).isEmpty();
    }

    @Test
    void findsItsOwnCgroupFromProcSelfCgroup(@TempDir Path root) throws Exception {
        Path v1 = root.resolve("memory/box/a");
        SwapLimit.simulate(v1, "v1", MIB512, 0);
        assertThat(SwapLimit.own(List.of("9:pids:/", "4:memory:/box/a", "0::/"), root)).contains(v1);
        Path v2 = root.resolve("user.slice/x");
        SwapLimit.simulate(v2, "v2", MIB512, 0);
        assertThat(SwapLimit.own(List.of("0::/user.slice/x"), root)).contains(v2);
        assertThat(SwapLimit.own(List.of("0::/elsewhere"), root)).isEmpty();
    }

    @Test
    void theVerdictSaysWhetherTheHeapFollowedTheSwap() {
        assertThat(MemoryLimit.swapVerdict(new double[] {128 << 20, 128 << 20}, new String[] {"512 MiB", "0 B"}))
                .contains("the same max heap").contains("saw 512 MiB of swap with -m alone and 0 B with --memory-swap");
        assertThat(MemoryLimit.swapVerdict(new double[] {128 << 20, 64 << 20}, new String[] {null, null}))
                .contains("with swap and").contains("needs a real cgroup");
    }
}
