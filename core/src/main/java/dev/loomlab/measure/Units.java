package dev.loomlab.measure;

import dev.loomlab.view.Grid;

/** Sizes and durations for sentences, in the unit that reads best, the figure printed by {@link Grid#print}. */
public final class Units {

    private Units() {}

    /** 1,536 → "1.5 KiB", 106,496 → "104 KiB"; binary units; NaN is "n/a". */
    public static String bytes(double bytes) {
        if (Double.isNaN(bytes)) {
            return "n/a";
        }
        double abs = Math.abs(bytes);
        if (abs < 1024) {
            return Grid.print(Math.rint(bytes)) + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes / 1024;
        int unit = 0;
        while (Math.abs(value) >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return Grid.print(value) + " " + units[unit];
    }

    /** Nanoseconds as the most readable of ns, µs, ms, s: 53,042 → "53 µs", 1,284 → "1.28 µs"; NaN is "n/a". */
    public static String nanos(double nanos) {
        if (Double.isNaN(nanos)) {
            return "n/a";
        }
        double abs = Math.abs(nanos);
        if (abs < 1_000) {
            return Grid.print(Math.rint(nanos)) + " ns";
        } else if (abs < 1_000_000) {
            return Grid.print(nanos / 1e3) + " µs";
        } else if (abs < 1_000_000_000) {
            return Grid.print(nanos / 1e6) + " ms";
        }
        return Grid.print(nanos / 1e9) + " s";
    }

    /** Microseconds (a round-trip log's unit) as {@link #nanos} prints them: 114.8 → "115 µs". */
    public static String micros(double micros) {
        return nanos(micros * 1e3);
    }

    /**
     * A metric's value as its name says it is measured: names with "bytes" as bytes, names
     * starting with "ns" or holding "Ns" as nanoseconds, others as a plain number.
     */
    public static String metric(String name, double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (name.toLowerCase(java.util.Locale.ROOT).contains("bytes")) {
            return bytes(value);
        }
        if (isNanos(name)) {
            return nanos(value);
        }
        return Grid.print(value);
    }

    /** True for a metric named in nanoseconds ({@code nsPerHop}, {@code roundTripNsMean}). */
    public static boolean isNanos(String metric) {
        return metric.startsWith("ns") || metric.contains("Ns");
    }
}
