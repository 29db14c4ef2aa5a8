package dev.loomlab.experiment;

import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.measure.Interval;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fresh VMs a {@link Measurement} is summarised over: each VM's own summary (its steady
 * figure under the warm-up protocol), how many VMs were asked for, and why no more were started.
 * A measurement of one VM has {@link #NONE}: no per-VM figures, and no interval.
 *
 * @param policy the fork policy, in words ({@link ForkPolicy#describe()})
 * @param stop   why the loop stopped ({@link ForkProtocol.Stop#words()})
 * @param vms    every VM's summary, in the order they ran
 */
public record Forks(String policy, String stop, List<Vm> vms) {

    /** One VM: no interval. */
    public static final Forks NONE = new Forks(ForkPolicy.ONE.describe(), ForkProtocol.Stop.ONE_VM.words(), List.of());

    /**
     * One VM's summary.
     *
     * @param vm         1-based, in the order they ran
     * @param steadiness what the warm-up protocol made of its runs ({@link Measurement#steadiness()})
     * @param metrics    its summary figures by name
     */
    public record Vm(int vm, String steadiness, Map<String, Double> metrics) {
        public Vm {
            metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        }

        /** A figure, NaN when this VM has none by that name. */
        public double metric(String name) {
            return metrics.getOrDefault(name, Double.NaN);
        }
    }

    public Forks {
        vms = List.copyOf(vms);
    }

    /** How many VMs the figure is summarised over (1 for {@link #NONE}). */
    public int count() {
        return Math.max(1, vms.size());
    }

    /** The interval of a metric across the VMs; without VMs, an empty one. */
    public Interval interval(String metric) {
        return Interval.of(vms.stream().mapToDouble(v -> v.metric(metric)).toArray());
    }
}
