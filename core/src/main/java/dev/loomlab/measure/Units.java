package dev.loomlab.measure;

/** Human-readable sizes and durations for tables and messages. */
public final class Units {

    private Units() {}

    /** 1,536 → "1.5 KiB"; binary units, one decimal. */
    public static String bytes(double bytes) {
        double abs = Math.abs(bytes);
        if (abs < 1024) {
            return String.format("%,.0f B", bytes);
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes / 1024;
        int unit = 0;
        while (Math.abs(value) >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format("%,.1f %s", value, units[unit]);
    }

    /** Nanoseconds as the most readable of ns, µs, ms, s. */
    public static String nanos(double nanos) {
        double abs = Math.abs(nanos);
        if (abs < 1_000) {
            return String.format("%,.0f ns", nanos);
        } else if (abs < 1_000_000) {
            return String.format("%,.1f µs", nanos / 1e3);
        } else if (abs < 1_000_000_000) {
            return String.format("%,.1f ms", nanos / 1e6);
        }
        return String.format("%,.2f s", nanos / 1e9);
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
        return String.format("%,.2f", value);
    }

    /** True for a metric named in nanoseconds ({@code nsPerHop}, {@code roundTripNsMean}). */
    public static boolean isNanos(String metric) {
        return metric.startsWith("ns") || metric.contains("Ns");
    }
}
