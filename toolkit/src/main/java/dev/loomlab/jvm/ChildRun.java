package dev.loomlab.jvm;

import java.time.Duration;
import java.util.List;

/**
 * How one child JVM ended.
 *
 * @param outcome    ok, killed at its deadline, out of memory, or failed
 * @param exitCode   its exit code (-1 if it was killed)
 * @param elapsed    wall time from start to end
 * @param stderrTail the last lines it wrote to standard error
 * @param command    the command line it ran, for the curious
 */
public record ChildRun(ChildOutcome outcome, int exitCode, Duration elapsed, List<String> stderrTail,
                       List<String> command) {

    /** The last stderr line that looks like an error, or the last line, or "". */
    public String lastError() {
        for (int i = stderrTail.size() - 1; i >= 0; i--) {
            String line = stderrTail.get(i);
            if (line.contains("Exception") || line.contains("Error") || line.startsWith("error")) {
                return line.trim();
            }
        }
        return stderrTail.isEmpty() ? "" : stderrTail.get(stderrTail.size() - 1).trim();
    }
}
