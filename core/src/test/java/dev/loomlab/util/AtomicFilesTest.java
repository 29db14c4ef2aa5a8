package dev.loomlab.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @Test
    void writesTheWholeFileAndLeavesNoTemporaryBehind(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("results.json");
        AtomicFiles.write(target, "{\"a\": 1}");
        AtomicFiles.write(target, "{\"a\": 2}");
        assertThat(Files.readString(target)).isEqualTo("{\"a\": 2}");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(target)))
                .isEqualTo("rw-r--r--");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }
}
