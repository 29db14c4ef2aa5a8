package dev.loomlab.api;

import dev.loomlab.child.ChildJvm;
import dev.loomlab.child.ChildJvmException;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Progress;
import dev.loomlab.measure.Units;

/**
 * Runs a spec in a fresh JVM for a notebook table: one line of progress on standard output, and
 * the result or what stopped it, never an exception, so that a failure is a table row.
 */
final class SafeRun {

    private SafeRun() {}

    /** A run's result, or null and what stopped it. */
    record Outcome(Measurement measurement, String outcome) {
        double metric(String name) {
            return measurement == null ? Double.NaN : measurement.metric(name);
        }

        boolean ok() {
            return measurement != null;
        }
    }

    static Outcome run(ExperimentSpec spec) {
        long start = System.nanoTime();
        String what = String.format("%s %s n=%,d%s%s", spec.experiment(), spec.kind().label(), spec.n(),
                spec.m() == 0 ? "" : " m=" + spec.m(),
                spec.jvmFlags().isEmpty() ? "" : " " + String.join(" ", spec.jvmFlags()));
        try {
            Measurement m = ChildJvm.run(spec, Progress.SILENT);
            if (!"ok".equals(m.outcome())) { // a BEAM run that crashed, hit system_limit or overran: its row says so
                System.out.printf("%s: %s%n", what, m.outcome());
                return new Outcome(null, m.outcome());
            }
            System.out.printf("%s: %s (%.1f s)%n", what, headline(m), (System.nanoTime() - start) / 1e9);
            return new Outcome(m, "ok");
        } catch (ChildJvmException e) {
            String outcome = switch (e.outcome()) {
                case OUT_OF_MEMORY -> "out of memory (OutOfMemoryError): the heap limit is below what n needs";
                case DEADLINE -> "killed at its deadline";
                default -> "failed: " + shorten(e.getMessage().replaceAll("Exception in thread \"main\" [\\w.$]+: ", ""));
            };
            System.out.printf("%s: %s%n", what, outcome);
            return new Outcome(null, outcome);
        } catch (RuntimeException e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            System.out.printf("%s: not run (see the table)%n", what);
            return new Outcome(null, "not run: " + shorten(message));
        }
    }

    private static String headline(Measurement m) {
        if (!Double.isNaN(m.metric("peakRssBytes"))) {
            return "peak " + Units.bytes(m.metric("peakRssBytes"));
        }
        if (!Double.isNaN(m.metric("nsPerHop"))) {
            return Units.nanos(m.metric("nsPerHop")) + " per hop";
        }
        if (!Double.isNaN(m.metric("bytesPerProcess"))) {
            return Units.bytes(m.metric("bytesPerProcess")) + " per process";
        }
        return "done";
    }

    static String shorten(String message) {
        String m = message.replaceAll("\\s+", " ");
        return m.length() > 200 ? m.substring(0, 197) + "..." : m;
    }
}
