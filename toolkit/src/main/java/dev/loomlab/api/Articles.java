package dev.loomlab.api;

import dev.loomlab.view.Section;
import dev.loomlab.gc.GcPauses;
import dev.loomlab.isolation.Isolation;
import dev.loomlab.nativecall.DirtyCall;
import dev.loomlab.runs.HibernatedMillions;
import dev.loomlab.runs.ProcessLimits;
import java.time.Duration;

/**
 * The notebooks' helpers for the articles' sections that need a runner of their own: GC pauses
 * (notebook 02b), the undeclared dirty NIF (05), BEAM's {@code +P}, the hibernated millions and
 * isolation (01). They only choose sizes and keep one progress line; the measuring is in {@code gc},
 * {@code nativecall}, {@code isolation} and {@code runs}.
 */
public final class Articles {

    private Articles() {}

    /** GC pauses for G1, ZGC and Serial at each n (within the cap), 1.5 s measured per row (six fresh JVMs in one cell). */
    public static Section gcPauses(int... ns) {
        return OneLine.along("GC pauses, one child JVM per collector and size", p -> GcPauses.of(ns).measuring(Duration.ofMillis(1500)).run(p));
    }

    /** A 20 ms native call every 50 ms on one carrier: none, on the carrier, offloaded. */
    public static Section dirtyCall() {
        return OneLine.along("a long native call on one carrier, one child JVM each", p -> DirtyCall.standard().run(p));
    }

    /** BEAM's +P rounding beside the toolkit's exact limit, for the article's examples. */
    public static Section processLimits() {
        return ProcessLimits.articleExamples();
    }

    /** The memory check of 1M and 5M hibernated processes on this machine, nothing started. */
    public static Section millionsPlan() {
        return HibernatedMillions.articles().plan();
    }

    /** 1M and 5M hibernated, each in a fresh JVM (lift the cap first), rows that do not fit are not started. */
    public static Section millions() {
        return OneLine.along("1M and 5M hibernated, one fresh JVM each", p -> HibernatedMillions.articles().run(p));
    }

    /** Shared by reference or copied: what the receiver sees, and what a copy costs (10 to 10,000 elements). */
    public static Isolation.Result isolation() {
        return OneLine.along("isolation: shared or copied, in a child JVM", Isolation::standard);
    }
}
