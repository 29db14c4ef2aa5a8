package dev.loomlab.limits;

/**
 * What the demo children share besides the one child protocol ({@link dev.loomlab.jvm.ChildSide},
 * through which they stream their {@code result} figures and {@code log} lines): a throwable in
 * words, the heap in use, a size in MB. Messages of expected failures are reported as figures,
 * never as stack traces.
 */
public final class DemoOutput {

    private DemoOutput() {}

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
