package dev.loomlab.display;

import dev.loomlab.view.Palette;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One colour and marker per kind, told apart by everyone, found by the labels the toolkit writes. */
class PaletteTest {

    /** The kinds that can be drawn side by side (the other published runtimes share a light grey). */
    private static final Set<Palette> MAIN = EnumSet.range(Palette.PROCESS, Palette.PYTHON);

    @Test
    void everyKindHasItsOwnColourAndMarkerPair() {
        Set<String> pairs = new HashSet<>();
        for (Palette p : Palette.values()) {
            assertThat(pairs.add(p.css() + " " + Charts.marker(p).getClass().getSimpleName())).as(p.name()).isTrue();
        }
    }

    @Test
    void theKindsDrawnTogetherAreFarApartInColourEvenWithoutRedAndGreen() {
        List<Palette> main = List.copyOf(MAIN);
        for (int i = 0; i < main.size(); i++) {
            for (int j = i + 1; j < main.size(); j++) {
                Palette a = main.get(i);
                Palette b = main.get(j);
                assertThat(distance(Charts.colour(a), Charts.colour(b))).as(a + " against " + b).isGreaterThan(20);
                // as a deuteranope sees them, the marker tells them apart when the colour does not
                if (distance(deuteranope(Charts.colour(a)), deuteranope(Charts.colour(b))) < 10) {
                    assertThat(Charts.marker(a).getClass()).as(a + " against " + b + " (deuteranope)").isNotEqualTo(Charts.marker(b).getClass());
                }
            }
        }
    }

    @Test
    void labelsAndPublishedRuntimesFindTheirKind() {
        assertThat(Palette.of("process")).isEqualTo(Palette.PROCESS);
        assertThat(Palette.of("JVM virtual")).isEqualTo(Palette.VIRTUAL);
        assertThat(Palette.of("beam")).isEqualTo(Palette.BEAM_HERE);
        assertThat(Palette.of("pekko")).isEqualTo(Palette.PEKKO);
        assertThat(Palette.of("JVM Pekko actors")).isEqualTo(Palette.PEKKO);
        assertThat(Palette.of("offloaded")).isEqualTo(Palette.OFFLOADED);
        assertThat(Palette.of("something else")).isEqualTo(Palette.OTHER);
        assertThat(Palette.ofPublished("BEAM")).isEqualTo(Palette.BEAM_PUBLISHED);
        assertThat(Palette.ofPublished("Elixir")).isEqualTo(Palette.BEAM_PUBLISHED);
        assertThat(Palette.ofPublished("Go 1.23.3")).isEqualTo(Palette.GO);
        assertThat(Palette.ofPublished("Python 3.13")).isEqualTo(Palette.PYTHON);
        assertThat(Palette.ofPublished("Java OpenJDK 21-ea platform threads")).isEqualTo(Palette.PLATFORM);
        assertThat(Palette.ofPublished("Java OpenJDK 23.0.1 virtual threads")).isEqualTo(Palette.VIRTUAL);
        assertThat(Palette.PROCESS.css()).isEqualTo("#d55e00");
    }

    /** CIE76 distance in L*a*b*. */
    static double distance(Color a, Color b) {
        double[] x = lab(a);
        double[] y = lab(b);
        return Math.sqrt(Math.pow(x[0] - y[0], 2) + Math.pow(x[1] - y[1], 2) + Math.pow(x[2] - y[2], 2));
    }

    private static double linear(int c) {
        double v = c / 255.0;
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    private static int gamma(double v) {
        double c = v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
        return (int) Math.round(Math.max(0, Math.min(1, c)) * 255);
    }

    private static double[] lab(Color c) {
        double r = linear(c.getRed()), g = linear(c.getGreen()), b = linear(c.getBlue());
        double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        double fx = f(x), fy = f(y), fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    /** Deuteranopia, Viénot, Brettel and Mollon's 1999 simulation on linear RGB. */
    static Color deuteranope(Color c) {
        double r = linear(c.getRed()), g = linear(c.getGreen()), b = linear(c.getBlue());
        double rd = 0.29275 * r + 0.70725 * g;
        double bd = -0.02234 * r + 0.02234 * g + b;
        return new Color(gamma(rd), gamma(rd), gamma(bd));
    }
}
