package dev.loomlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compare reads every section of a results file: load and supervise too, one column per machine. */
class ExtraComparisonTest {

    @TempDir
    Path dir;

    private Path file(String name, String json) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, json);
        return p;
    }

    @Test
    void loadAndSuperviseAreSideBySide() throws Exception {
        Path alice = file("alice.json", """
                {"schemaVersion": 2, "type": "results", "label": "alice",
                 "load": {"rows": [{"kind": "virtual", "loops": 0, "status": "ok", "roundTripMicrosP50": 12.5},
                                   {"kind": "virtual", "loops": 4, "status": "starved", "roundTripMicrosP50": null},
                                   {"kind": "platform", "loops": 4, "status": "ok", "roundTripMicrosP50": 1000.0}]},
                 "supervise": {"restarts": 3, "gaveUp": true, "reason": "reached_max_restart_intensity", "withinMillis": 100000}}
                """);
        Path bob = file("bob.json", """
                {"schemaVersion": 2, "type": "results", "label": "bob",
                 "load": {"failed": "the child JVM was killed"}}
                """);
        Path future = file("future.json", "{\"schemaVersion\": 99, \"label\": \"carol\"}");
        ExtraComparison extras = ExtraComparison.read(List.of(alice, bob, future));
        assertThat(extras.machines()).extracting(ExtraComparison.Machine::label).containsExactly("alice", "bob");
        var load = extras.load();
        assertThat(load.columnNames()).containsExactly("kind, busy loops", "alice", "bob");
        // figures print by the one rule (the load cells once used %.1f: 1,000.0)
        assertThat(load.stringColumn("alice").asList()).containsExactly("12.5 (ok)", "(starved)", "1,000 (ok)");
        assertThat(load.stringColumn("bob").asList()).containsOnly("failed");
        var supervise = extras.supervise();
        int reason = supervise.stringColumn("supervise").indexOf("reason");
        assertThat(supervise.stringColumn("alice").get(reason)).isEqualTo("reached_max_restart_intensity");
        assertThat(supervise.stringColumn("bob").get(reason)).isEmpty();
        // a trailing-zero trim of %g once printed 100,000 as "100,"
        assertThat(supervise.stringColumn("alice").get(supervise.stringColumn("supervise").indexOf("withinMillis"))).isEqualTo("100,000");
        assertThat(extras.tables()).hasSize(2);
    }
}
