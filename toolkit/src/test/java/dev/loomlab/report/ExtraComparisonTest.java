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
        assertThat(extras.parts()).hasSize(2);
        assertThat(extras.loadVerdicts()).as("bob's load failed: nothing to set beside alice's").isEmpty();
    }

    @Test
    void loadRowsOverFreshVmsCarryTheirIntervalAndAVerdictOnlyWhereTheIntervalsDoNotOverlap() throws Exception {
        Path alice = file("alice-vms.json", load("alice", 10, 11, 12, 100, 110, 120));
        Path bob = file("bob-vms.json", load("bob", 30, 31, 32, 90, 115, 130));
        ExtraComparison extras = ExtraComparison.read(List.of(alice, bob));
        assertThat(extras.load().stringColumn("alice").asList()).first().asString().matches("11 \\[[\\d.]+, [\\d.]+\\] \\(ok\\)");
        assertThat(extras.loadVerdicts()).hasSize(2);
        assertThat(extras.loadVerdicts().get(0)).startsWith("virtual, 0 busy loops, round-trip p50: alice 11 µs [")
                .contains("over 3 VMs", "bob is 2.8× alice, slower (the intervals do not overlap)");
        assertThat(extras.loadVerdicts().get(1)).startsWith("virtual, 4 busy loops").contains("not distinguishable between these machines");
        assertThat(extras.parts().get(0).verdicts()).isEqualTo(extras.loadVerdicts());
    }

    /** A load section of two rows (0 and 4 busy loops), each over three VMs with these p50s in µs. */
    private static String load(String label, double... p50s) {
        StringBuilder rows = new StringBuilder();
        for (int row = 0; row < 2; row++) {
            StringBuilder vms = new StringBuilder();
            for (int vm = 0; vm < 3; vm++) {
                vms.append(vm == 0 ? "" : ", ").append("{\"kind\": \"virtual\", \"loops\": ").append(4 * row)
                        .append(", \"status\": \"ok\", \"roundTripMicrosP50\": ").append(p50s[3 * row + vm]).append('}');
            }
            rows.append(row == 0 ? "" : ", ").append("{\"kind\": \"virtual\", \"loops\": ").append(4 * row)
                    .append(", \"status\": \"ok\", \"roundTripMicrosP50\": ").append(p50s[3 * row + 1]).append(", \"vms\": [").append(vms).append("]}");
        }
        return "{\"schemaVersion\": 2, \"type\": \"results\", \"label\": \"" + label + "\", \"load\": {\"rows\": [" + rows + "]}}";
    }
}
