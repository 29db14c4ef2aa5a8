package dev.loomlab.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One progress line: its wording, its count and estimate, and where it shows. */
class ProgressLineTest {

    private final List<String> shown = new ArrayList<>();

    @AfterEach
    void backToStderr() {
        ProgressLine.showIn(null);
    }

    private void record() {
        ProgressLine.showIn(what -> new ProgressLine.View() {
            @Override
            public void show(String line) {
                shown.add("show " + line);
            }

            @Override
            public void end(String line) {
                shown.add("end " + line);
            }
        });
    }

    @Test
    void stepsMoveTheCountAndGiveAnEstimateOnceOneIsDone() {
        record();
        try (ProgressLine line = ProgressLine.start("tiers", 3)) {
            line.step(0, 3, "tier 1,000 running");
            line.step(1, 3, "tier 1,000: 2,600 bytes/process");
        }
        assertThat(shown).hasSize(4);
        assertThat(shown.get(0)).matches("show tiers: 0 of 3 done, \\d+ s so far");
        assertThat(shown.get(1)).matches("show tiers: 0 of 3 done, \\d+ s so far · tier 1,000 running");
        assertThat(shown.get(2)).matches("show tiers: 1 of 3 done, \\d+ s so far, about \\d+ s left · tier 1,000: 2,600 bytes/process");
        assertThat(shown.get(3)).matches("end tiers: 1 of 3 done, \\d+ s in all · tier 1,000: 2,600 bytes/process");
    }

    @Test
    void newsKeepsTheCountAndIsShownAtMostFiveTimesASecond() {
        record();
        try (ProgressLine line = ProgressLine.start("load", 0)) {
            for (int i = 0; i < 50; i++) {
                line.say("  child line " + i);
            }
            assertThat(line.line()).matches("load: \\d+ s so far · child line 49");
        }
        // the first news is shown unless it came within 200 ms of the start; 50 lines never make 50 updates
        assertThat(shown.size()).isLessThan(10);
        assertThat(shown.get(shown.size() - 1)).startsWith("end load: ").endsWith("child line 49");
    }

    @Test
    void closingTwiceEndsOnce() {
        record();
        ProgressLine line = ProgressLine.start("x", 1);
        line.close();
        line.close();
        line.step(1, 1, "late");
        assertThat(shown).filteredOn(s -> s.startsWith("end ")).hasSize(1);
        assertThat(shown).noneMatch(s -> s.contains("late"));
    }

    @Test
    void stderrIsRewrittenOnATerminalAndPlainLinesOtherwise() {
        PrintStream before = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            ProgressLine.StderrView terminal = new ProgressLine.StderrView(true);
            terminal.show("a");
            terminal.show("b");
            terminal.end("c");
            ProgressLine.StderrView plain = new ProgressLine.StderrView(false);
            plain.show("d");
            plain.end("e");
        } finally {
            System.setErr(before);
        }
        String nl = System.lineSeparator();
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .isEqualTo("\ra\033[K\rb\033[K\rc\033[K\n" + "d" + nl + "e" + nl);
    }

    @Test
    void durationsReadAsSecondsMinutesHours() {
        assertThat(ProgressLine.format(4_200_000_000L)).isEqualTo("4 s");
        assertThat(ProgressLine.format(125_000_000_000L)).isEqualTo("2 min 05 s");
        assertThat(ProgressLine.format(3_725_000_000_000L)).isEqualTo("1 h 02 min");
    }

    @Test
    void aPlainProgressSaysTheStepAsALine() {
        List<String> said = new ArrayList<>();
        Progress p = said::add;
        p.step(1, 2, "run 2 of 2");
        assertThat(said).containsExactly("run 2 of 2");
    }
}
