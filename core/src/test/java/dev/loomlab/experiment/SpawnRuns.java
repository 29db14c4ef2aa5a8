package dev.loomlab.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Synthetic runs of a spawn, shaped as the warm-up protocol records them: {@code nsPerSpawn} first
 * (the metric it judges), then {@code bytesPerProcess}. For tests of the words set beside a figure.
 */
public final class SpawnRuns {

    private SpawnRuns() {}

    /**
     * Run 1 cold, the others measured, one per time per spawn; the bytes per process are
     * {@code coldBytes} in run 1 and {@code bytes} in every later one.
     */
    public static List<Run> of(double coldBytes, double bytes, double... nsPerSpawn) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < nsPerSpawn.length; i++) {
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("nsPerSpawn", nsPerSpawn[i]);
            metrics.put("bytesPerProcess", i == 0 ? coldBytes : bytes);
            runs.add(new Run(i + 1, i == 0, i == 0 ? "cold" : "measured", metrics));
        }
        return runs;
    }
}
