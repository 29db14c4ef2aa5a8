package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.MemoryDelta;
import dev.loomlab.measure.MemorySnapshot;
import dev.loomlab.measure.Parked;
import dev.loomlab.measure.ProcStatus;
import dev.loomlab.process.Pid;
import dev.loomlab.process.ProcessBody;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hibernation: n processes that give their thread back while they wait, as
 * {@code erlang:hibernate/3}; memory per process counted once every one is verified hibernated.
 */
public final class HibernateExperiment extends NamedExperiment {

    HibernateExperiment() {
        super("hibernate",
                "n hibernated processes (no thread, only mailbox and resume function): memory per process",
                "bytesPerProcess");
    }

    /** Where every hibernated process wakes: it waits for one more message, then ends. */
    private static final ProcessBody RESUME = self -> self.receive();
    private static final ProcessBody HIBERNATE_AT_ONCE = self -> self.hibernate(RESUME);

    @Override
    public boolean hasBaseline() {
        return false;
    }

    @Override
    public long bytesPerUnit(ExperimentSpec spec) {
        return 200;
    }

    @Override
    public void validate(ExperimentSpec spec) {
        if (spec.kind() != Kind.PROCESS) {
            throw new IllegalArgumentException("hibernate is a toolkit process feature: use --kind process "
                    + "(a virtual or platform thread cannot give its stack back and resume elsewhere)");
        }
        checkCap(spec);
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        int n = (int) spec.n();
        Pid[] pids = new Pid[n];
        MemorySnapshot before = MemorySnapshot.take();
        try {
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                pids[i] = Processes.spawn(HIBERNATE_AT_ONCE);
            }
            long spawnNanos = System.nanoTime() - start;
            Parked.awaitHibernated(pids, Duration.ofSeconds(60));
            long hibernatedNanos = System.nanoTime() - start;
            MemoryDelta delta = MemorySnapshot.take().minus(before);
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("bytesPerProcess", delta.heapPer(n));
            metrics.put("rssBytesPerProcess", delta.rssPer(n));
            metrics.put("nsPerSpawn", (double) spawnNanos / n);
            metrics.put("nsToAllHibernated", (double) hibernatedNanos / n);
            return metrics;
        } finally {
            stopAll(pids);
        }
    }

    /** Wakes each with a message (it resumes in RESUME and ends), or kills it; waits for all. */
    private static void stopAll(Pid[] pids) throws InterruptedException {
        for (Pid pid : pids) {
            if (pid != null) {
                pid.send(IdleGroup.STOP);
            }
        }
        for (Pid pid : pids) {
            if (pid != null && pid.awaitExit(Duration.ofSeconds(30)).isEmpty()) {
                pid.kill();
                pid.awaitExit(Duration.ofSeconds(5));
            }
        }
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        String bytes = "bytesPerProcess: heap used after a full GC, every process verified hibernated (no thread), "
                + "minus the same before, divided by n: the Pid object with its empty mailbox, the resume function is shared";
        return ProcStatus.available() ? List.of(bytes) : List.of(bytes, ProcStatus.unavailable("rssBytesPerProcess"));
    }
}
