package dev.loomlab.beam;

import dev.loomlab.load.LoadKind;
import dev.loomlab.load.LoadRow;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.load.OtherRuntimeLoad;
import dev.loomlab.util.Progress;

/** BEAM's load rows, as the load package finds them ({@link OtherRuntimeLoad}): each in a fresh BEAM VM ({@link BeamLoad}). */
public final class BeamLoadRows implements OtherRuntimeLoad {

    @Override
    public LoadKind kind() {
        return LoadKind.BEAM;
    }

    @Override
    public LoadRow row(LoadSpec spec, int loops, Progress progress) {
        return BeamLoad.row(spec, loops, progress);
    }
}
