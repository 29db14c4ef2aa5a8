package dev.loomlab.process;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A process's links, monitors and the threads awaiting its exit. Guarded by the owning {@link Pid}. */
final class Relations {
    final Set<Pid> links = new LinkedHashSet<>();
    final List<Pid> monitors = new ArrayList<>();
    final List<Thread> joiners = new ArrayList<>();
}
