package dev.loomlab.supervise;

import dev.loomlab.util.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Tabular;
import dev.loomlab.measure.Env;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the supervision demo saw: the log, and the figures beside the published BEAM ones (the
 * German article's counter that "starts again at zero", the Japanese one's supervisor that used
 * up {@code max_restarts 3 in 60 s} in 0.4 s and ended the VM with a reason).
 *
 * @param counterAfterRestart -1 if the restarted counter did not answer (or was never killed)
 * @param reason              how the supervisor ended: {@code reached_max_restart_intensity} or {@code shutdown}
 * @param secondsToGiveUp     from the first kill to giving up; NaN if it did not give up
 */
public record SupervisionReport(Env env, RestartIntensity intensity, int kills, long counterBeforeKill,
                                long counterAfterRestart, long keptOutsideAfterRestart, boolean neighbourSamePid,
                                long neighbourBefore, long neighbourAfter, double microsFromKillToAnswer,
                                long restarts, boolean gaveUp, String reason, double secondsToGiveUp,
                                List<LogLine> log) implements Tabular {

    /** One line of the log: when (since the demo started) and what. */
    public record LogLine(Duration at, String what) {
        @Override
        public String toString() {
            return String.format("%8.3f ms  %s", at.toNanos() / 1e6, what);
        }
    }

    public SupervisionReport {
        log = List.copyOf(log);
    }

    /** The article whose demo this is (the German one, notebook 05): the table shows its published figures only. */
    static final String ARTICLE = "unter-last";

    /** The figures, ours beside the article's BEAM figure where it published one; other articles' are in the JSON. */
    @Override
    public Grid grid() {
        String title = "Crash and restart: one-for-one, " + intensity + ", " + kills + " kill" + (kills == 1 ? "" : "s")
                + " — " + (gaveUp ? "the supervisor GAVE UP: " : "ended: ") + reason;
        GridLines lines = new GridLines(title).text("metric").number("JVM (toolkit processes)").number("BEAM published")
                .text("published at, source");
        add(lines, "restartCounterValue", counterAfterRestart);
        add(lines, "counterBeforeKill", counterBeforeKill);
        add(lines, "keptOutsideAfterRestart", keptOutsideAfterRestart);
        add(lines, "neighbourSamePid (1 = yes)", neighbourSamePid ? 1 : 0);
        add(lines, "neighbourValueAfterRestart", neighbourAfter);
        add(lines, "microsFromKillToAnswer", Math.round(microsFromKillToAnswer));
        add(lines, "restarts", restarts);
        add(lines, "secondsToGiveUp", Double.isNaN(secondsToGiveUp) ? Double.NaN
                : Math.round(secondsToGiveUp * 1e4) / 1e4);
        return lines.build();
    }

    private static void add(GridLines lines, String name, double value) {
        Optional<PublishedFigure> p = PublishedFigures.of("supervise", name).stream().filter(f -> f.source().equals(ARTICLE)).findFirst();
        lines.row(name, value, p.map(PublishedFigure::value).orElse(Double.NaN), p.map(f -> f.source() + "; " + f.note()).orElse(""));
    }

    /** The event log, one call away: the demo printed it as it happened. */
    @Override
    public List<Grid> details() {
        return List.of(logGrid());
    }

    /** The log as a table. */
    public Grid logGrid() {
        return Grid.of("Supervision log", log)
                .text("ms", line -> String.format("%.3f", line.at().toNanos() / 1e6))
                .text("event", LogLine::what)
                .build();
    }

    /** Exactly one JSON object: schemaVersion, env, the figures, the log, published. */
    public String toJson() {
        ObjectNode root = Json.result("supervise");
        root.put("experiment", "supervise");
        root.set("env", Json.MAPPER.valueToTree(env));
        root.put("maxRestarts", intensity.maxRestarts());
        root.put("withinMillis", intensity.period().toMillis());
        root.put("kills", kills);
        root.put("gaveUp", gaveUp);
        root.put("reason", reason);
        root.put("restartCounterValue", counterAfterRestart);
        root.put("counterBeforeKill", counterBeforeKill);
        root.put("keptOutsideAfterRestart", keptOutsideAfterRestart);
        root.put("neighbourSamePid", neighbourSamePid);
        root.put("neighbourValueAfterRestart", neighbourAfter);
        putNumber(root, "microsFromKillToAnswer", microsFromKillToAnswer);
        root.put("restarts", restarts);
        putNumber(root, "secondsToGiveUp", secondsToGiveUp);
        ArrayNode lines = root.putArray("log");
        log.forEach(l -> lines.addObject().put("atMillis", l.at().toNanos() / 1e6).put("event", l.what()));
        ArrayNode published = root.putArray("published");
        PublishedFigures.of("supervise").forEach(f -> published.addObject().put("source", f.source())
                .put("runtime", f.runtime()).put("metric", f.metric()).put("value", f.value()).put("unit", f.unit())
                .put("note", f.note()));
        return root.toPrettyString();
    }

    private static void putNumber(ObjectNode node, String name, double v) {
        Json.putNumber(node, name, v);
    }

    /** What the figures mean. */
    public List<String> notes() {
        return List.of("the counter's count lived in the process, so a restart starts it again at zero; what must "
                        + "survive a restart has to live outside the process (here an AtomicLong; on BEAM, ETS or a database)",
                "secondsToGiveUp here runs from the first kill, and each kill waits for the previous restart, so it measures "
                        + "restart latency; the Japanese article's time to give up (notebook 02) came from a worker that crashed by "
                        + "itself, over and over, which is not the same loop");
    }

    /** The summary and its notes, as the command line prints them under the log it printed live. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(grid().toText());
        notes().forEach(n -> text.append("\n  note: ").append(n));
        return text.toString();
    }
}
