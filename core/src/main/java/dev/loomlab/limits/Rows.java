package dev.loomlab.limits;

import dev.loomlab.view.GridColumn;
import dev.loomlab.measure.Units;
import java.time.Duration;

/** What the section-7 demos share: their deadline and heap, and how a row of text columns is added. */
final class Rows {

    /** Every demo child JVM is killed after this. */
    static final Duration DEADLINE = Duration.ofSeconds(60);
    /** The heap of most demo child JVMs: small, so running out is quick and cheap. */
    static final String SMALL_DEMO_HEAP = "-Xmx64m";

    private Rows() {}

    static void add(GridColumn a, GridColumn b, GridColumn c, String x, String y, String z) {
        a.append(x);
        b.append(y);
        c.append(z);
    }

    static void add4(GridColumn a, GridColumn b, GridColumn c, GridColumn d, String w, String x, String y, String z) {
        a.append(w);
        b.append(x);
        c.append(y);
        d.append(z);
    }

    static void row(GridColumn a, GridColumn b, GridColumn c, GridColumn d, GridColumn e,
                            String v, String w, String x, String y, String z) {
        a.append(v);
        b.append(w);
        c.append(x);
        d.append(y);
        e.append(z);
    }

    static String bytes(double value) {
        return Double.isNaN(value) ? "not read" : Units.bytes(value);
    }
}
