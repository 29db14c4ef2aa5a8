package dev.loomlab.experiment;

/**
 * The part every experiment shares: its name, what it measures in one line, and its headline
 * metric, given once to the constructor; {@link #validate} checks the cap unless overridden.
 * An experiment extends this and writes only what is its own: {@link #runOnce}, and where it
 * differs, {@link #validate}, {@link #hasBaseline}, {@link #bytesPerUnit}, {@link #jvmFlags},
 * {@link #notes}.
 */
public abstract class NamedExperiment implements Experiment {

    private final String name;
    private final String description;
    private final String headline;

    /**
     * @param name        the command-line and JSON name
     * @param description one line on what it measures
     * @param headline    the metric a chart or summary line shows
     */
    protected NamedExperiment(String name, String description, String headline) {
        this.name = name;
        this.description = description;
        this.headline = headline;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final String headline() {
        return headline;
    }

    /** Refuses n above the cap; override to check more, calling {@link #checkCap} too. */
    @Override
    public void validate(ExperimentSpec spec) {
        checkCap(spec);
    }
}
