package dev.loomlab.process;

/**
 * What BEAM does with {@code +P N}, for showing beside the toolkit's limit: it takes at least
 * {@value #MIN} and at most {@value #MAX}, and rounds up to a power of two ({@code +P 10000000}
 * gives 16,777,216), except that the maximum itself stays as it is.
 *
 * <p>The toolkit's own limit ({@link ProcessLimit}, {@code -Dloomlab.processLimit}) does not
 * round: it is the number given, exactly, so that "too many processes" comes where it was asked
 * for (a lowered limit of 1,024 is hit at 1,024), and it has no maximum below {@code int}'s,
 * because the JVM has no table of process slots to size. To get BEAM's number, pass
 * {@link #of(long)} of it.
 */
public final class BeamLimit {

    /** BEAM's smallest +P. */
    public static final int MIN = 1_024;
    /** BEAM's largest +P, 2^27 - 1. */
    public static final int MAX = 134_217_727;

    private BeamLimit() {}

    /** The limit BEAM would run with after {@code +P requested}. */
    public static int of(long requested) {
        if (requested <= MIN) {
            return MIN;
        }
        if (requested >= MAX) {
            return MAX;
        }
        long power = Long.highestOneBit(requested - 1) << 1;
        return (int) Math.min(power, MAX);
    }
}
