package dev.loomlab.experiment;

import dev.loomlab.process.Pid;
import dev.loomlab.process.ProcessLimitException;
import dev.loomlab.process.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * KLab's first wall, replayed in a fresh JVM: spawn up to n idle processes under the process limit
 * this JVM started with ({@code -Dloomlab.processLimit}), and write how many started and, if the
 * limit stopped it, the {@link ProcessLimitException}'s message. Like
 * {@code erl +P 32768 -run proc start 40000}. Started by the notebook helpers, not by hand.
 */
public final class LimitProbe {

    private LimitProbe() {}

    /** Arguments: N RESULT_FILE. */
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Pid[] pids = new Pid[n];
        int spawned = 0;
        String error = "";
        String message = "";
        try {
            for (int i = 0; i < n; i++) {
                pids[i] = Processes.spawn(self -> self.receive());
                spawned++;
            }
        } catch (ProcessLimitException e) {
            error = e.getClass().getSimpleName();
            message = e.getMessage();
        }
        int live = Processes.live();
        for (int i = 0; i < spawned; i++) {
            pids[i].kill();
        }
        for (int i = 0; i < spawned; i++) {
            pids[i].awaitExit(Duration.ofSeconds(10));
        }
        Files.writeString(Path.of(args[1]), "spawned=" + spawned + "\nlive=" + live + "\nlimit=" + Processes.limit()
                + "\nerror=" + error + "\nmessage=" + message.replace('\n', ' ') + "\n");
        System.exit(0);
    }
}
