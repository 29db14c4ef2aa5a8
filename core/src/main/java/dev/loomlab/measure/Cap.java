package dev.loomlab.measure;

/**
 * The pedagogical cap: notebook, jshell and CLI helpers refuse more processes than this
 * (100,000 by default) unless it is lifted on purpose, so a workshop laptop never swaps.
 * Set with {@code -Dloomlab.cap=N} or the environment variable {@code LOOMLAB_CAP}; {@code 0}
 * or {@link #lift()} removes it; a value that is not a whole number >= 0 fails the class's
 * initialization with an {@link IllegalArgumentException} naming the setting. The process limit ({@code +P}) is separate and always applies.
 */
public final class Cap {

    /** The default cap, 100,000 processes (about 60 MB of virtual threads, 250 MB on BEAM). */
    public static final int DEFAULT = 100_000;
    /** System property that sets the cap. */
    public static final String PROPERTY = "loomlab.cap";
    /** Environment variable that sets the cap (used by CI to run notebooks small). */
    public static final String ENV = "LOOMLAB_CAP";

    private static volatile int cap = initial();

    private Cap() {}

    /** The cap in force; 0 means lifted. */
    public static int current() {
        return cap;
    }

    /** Sets the cap for this JVM; 0 lifts it. */
    public static void set(int newCap) {
        if (newCap < 0) {
            throw new IllegalArgumentException("the cap cannot be negative (0 lifts it): " + newCap);
        }
        cap = newCap;
    }

    /** Lifts the cap: helpers then go as high as the process limit and memory allow. */
    public static void lift() {
        cap = 0;
    }

    /** The tiers a notebook should use: {@code wanted}, with those above the cap left out. */
    public static int[] tiers(int... wanted) {
        return java.util.Arrays.stream(wanted).filter(n -> cap == 0 || n <= cap).toArray();
    }

    /** The smaller of {@code n} and the cap, for a notebook's "at the cap" measurement. */
    public static int atMost(int n) {
        return cap == 0 ? n : Math.min(n, cap);
    }

    /**
     * Checks a requested count against the cap.
     *
     * @throws IllegalArgumentException naming the cap, the memory the request would take and
     *                                  how to lift it
     */
    public static void check(String what, long n, long bytesPerProcessEstimate) {
        if (n <= 0) {
            throw new IllegalArgumentException(what + " must be at least 1, got " + n);
        }
        int c = cap;
        if (c != 0 && n > c) {
            throw new IllegalArgumentException(String.format(
                    "%s = %,d is above the cap of %,d processes, which keeps a laptop responsive. "
                            + "It would take roughly %s of memory. To go on purpose: Cap.lift() or "
                            + "Cap.set(%d) in jshell or a notebook, --no-cap or --cap %d on the command "
                            + "line, or -D%s=0.",
                    what, n, c, Units.bytes((double) n * bytesPerProcessEstimate), n, n, PROPERTY));
        }
    }

    private static int initial() {
        String property = System.getProperty(PROPERTY);
        String value = property != null ? property : System.getenv(ENV);
        if (value == null || value.isBlank()) {
            return DEFAULT;
        }
        try {
            int parsed = Integer.parseInt(value.replace("_", "").replace(",", "").trim());
            if (parsed < 0) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            String name = property != null ? "-D" + PROPERTY : ENV;
            throw new IllegalArgumentException(String.format("%s must be a whole number of processes, 0 or more "
                    + "(0 lifts the cap), got \"%s\": for example %s=2000, or leave it unset for the default %,d",
                    name, value, name, DEFAULT));
        }
    }
}
