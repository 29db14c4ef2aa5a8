package dev.loomlab.process;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A process's links, monitors and the threads awaiting its exit, each collection created on first
 * use (a process that is only awaited carries one small list, not three collections). Guarded by
 * the owning {@link Pid}.
 */
final class Relations {
    private Set<Pid> links;
    private List<Pid> monitors;
    private List<Thread> joiners;

    Set<Pid> links() {
        if (links == null) {
            links = new LinkedHashSet<>();
        }
        return links;
    }

    List<Pid> monitors() {
        if (monitors == null) {
            monitors = new ArrayList<>(2);
        }
        return monitors;
    }

    List<Thread> joiners() {
        if (joiners == null) {
            joiners = new ArrayList<>(1);
        }
        return joiners;
    }

    void removeLink(Pid pid) {
        if (links != null) {
            links.remove(pid);
        }
    }

    void removeJoiner(Thread thread) {
        if (joiners != null) {
            joiners.remove(thread);
        }
    }

    List<Pid> linksNow() {
        return links == null ? List.of() : List.copyOf(links);
    }

    List<Pid> monitorsNow() {
        return monitors == null ? List.of() : List.copyOf(monitors);
    }

    List<Thread> joinersNow() {
        return joiners == null ? List.of() : List.copyOf(joiners);
    }
}
