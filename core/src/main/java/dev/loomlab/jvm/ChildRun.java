package dev.loomlab.jvm;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** What a child JVM writes as its last line to explain a failure in one line: {@code error: <message>}. */
    public static final String ERROR_PREFIX = "error: ";

    private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([kKmMgGtT]?)");

    /** The one-line explanation the child wrote ({@link #ERROR_PREFIX}), if it wrote one. */
    public Optional<String> reportedError() {
        for (int i = stderrTail.size() - 1; i >= 0; i--) {
            if (stderrTail.get(i).startsWith(ERROR_PREFIX)) {
                return Optional.of(stderrTail.get(i).substring(ERROR_PREFIX.length()).trim());
            }
        }
        return Optional.empty();
    }

    /** The signal that killed it (9 for SIGKILL), if a signal did: the JDK reports those as 128 + signal. */
    public OptionalInt signal() {
        return exitCode > 128 && exitCode <= 128 + 64 && outcome != ChildOutcome.DEADLINE
                ? OptionalInt.of(exitCode - 128) : OptionalInt.empty();
    }

    /**
     * How a signal ended it, the way out included, to follow "the ... JVM": "was killed by signal 9
     * (SIGKILL): by the kernel's out-of-memory killer or by someone else; ...". Empty if no signal did.
     */
    public Optional<String> killedBySignal() {
        if (signal().isEmpty()) {
            return Optional.empty();
        }
        int signal = signal().getAsInt();
        return Optional.of(switch (signal) {
            case 9 -> "was killed by signal 9 (SIGKILL), by the kernel's out-of-memory killer or by someone else: "
                    + "dmesg tells which (sudo dmesg | grep -i 'killed process' lists the OOM killer's victims)";
            case 15 -> "was killed by signal 15 (SIGTERM): someone or something (a shutdown, a container runtime) stopped it";
            case 2 -> "was interrupted by signal 2 (SIGINT, Ctrl-C)";
            default -> "was killed by signal " + signal + (signal == 6 || signal == 11 ? " (a JVM crash: look for an "
                    + "hs_err_pid*.log in the working directory)" : "");
        });
    }

    /**
     * Why it ran out of memory and how to give it more, to follow "the ... JVM": "ran out of heap
     * (Java heap space) at -Xmx32m: give it more with --jvm-opt -Xmx128m, or lower n".
     */
    public String outOfMemory() {
        String what = "java.lang.OutOfMemoryError";
        for (String line : stderrTail) {
            int at = line.indexOf("OutOfMemoryError");
            if (at >= 0) {
                int colon = line.indexOf(": ", at);
                what = colon < 0 ? "java.lang.OutOfMemoryError" : line.substring(colon + 2).trim();
            }
        }
        if (!what.contains("heap") && !what.contains("GC overhead")) {
            return "ran out of memory (" + what + "): lower n, or raise the limit it names";
        }
        Optional<String> flag = maxHeapFlag();
        return "ran out of heap (" + what + ") at " + flag.orElse("the JVM's default maximum heap (a quarter of the "
                + "memory)") + ": give it more with --jvm-opt " + flag.map(ChildRun::moreHeap).orElse("-Xmx4g") + ", or lower n";
    }

    /** The last {@code -Xmx} on its command line (the one the JVM obeys), if any. */
    public Optional<String> maxHeapFlag() {
        String flag = null;
        for (String arg : command) {
            if (XMX.matcher(arg).matches()) {
                flag = arg;
            }
        }
        return Optional.ofNullable(flag);
    }

    /** Four times {@code -Xmx<n><unit>}, in the same unit. */
    private static String moreHeap(String flag) {
        Matcher m = XMX.matcher(flag);
        if (!m.matches()) {
            return "-Xmx4g";
        }
        return "-Xmx" + Long.parseLong(m.group(1)) * 4 + m.group(2);
    }

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
