package dev.loomlab.jvm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
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

    /** The lines a JVM prints when it refuses its own flags, around the one line that says which. */
    private static final Set<String> VM_REFUSAL = Set.of("Error: Could not create the Java Virtual Machine.",
            "Error: A fatal exception has occurred. Program will exit.", "Error occurred during initialization of VM");
    private static final String UNCAUGHT = "Exception in thread \"main\" ";
    private static final String CAUSED_BY = "Caused by: ";

    /**
     * Why it died before it could explain itself, in one line with no stack trace, to follow "the
     * ... JVM": "did not start: Unrecognized VM option 'Foo' (from -XX:+Foo): fix or drop that flag"
     * when the JVM refused a flag; "died of an uncaught java.lang.IllegalArgumentException (at
     * java.util.concurrent.ForkJoinPool.<init>, from java.lang.VirtualThread.createDefaultScheduler):
     * check the flags it was given: -Djdk.virtualThreadScheduler.parallelism=0" when its main threw
     * (the root cause is named, not the wrapper). Empty when neither happened, or it wrote its own
     * {@link #reportedError() error line}.
     */
    public Optional<String> startFailure() {
        if (reportedError().isPresent()) {
            return Optional.empty();
        }
        if (stderrTail.stream().anyMatch(l -> VM_REFUSAL.contains(l.strip()))) {
            String why = stderrTail.stream().map(String::strip).filter(l -> !l.isEmpty() && !VM_REFUSAL.contains(l))
                    .findFirst().orElse("it refused its flags");
            Optional<String> flag = userFlags().stream()
                    .filter(f -> why.contains(f) || why.contains("'" + optionName(f) + "'")).findFirst();
            return Optional.of("did not start: " + why + flag.filter(f -> !why.contains(f)).map(f -> " (from " + f + ")").orElse("")
                    + ": " + flag.map(f -> "fix or drop that flag").orElse(checkTheFlags()));
        }
        int uncaught = -1;
        for (int i = 0; i < stderrTail.size(); i++) {
            if (stderrTail.get(i).startsWith(UNCAUGHT)) {
                uncaught = i;
            }
        }
        if (uncaught < 0) {
            return Optional.empty();
        }
        int root = uncaught;
        for (int i = uncaught + 1; i < stderrTail.size(); i++) {
            if (stderrTail.get(i).startsWith(CAUSED_BY)) {
                root = i;
            }
        }
        String exception = root == uncaught ? stderrTail.get(root).substring(UNCAUGHT.length())
                : stderrTail.get(root).substring(CAUSED_BY.length());
        List<String> frames = new ArrayList<>();
        for (int i = root + 1; i < stderrTail.size() && frames.size() < 2; i++) {
            String line = stderrTail.get(i).strip();
            if (!line.startsWith("at ")) {
                break;
            }
            String frame = line.substring(3).replaceFirst("^[\\w.]+/", "").replaceFirst("\\(.*\\)$", "");
            if (frames.isEmpty() || !frames.getLast().equals(frame)) {
                frames.add(frame);
            }
        }
        String where = frames.isEmpty() ? "" : " (at " + String.join(", from ", frames) + ")";
        return Optional.of("died of an uncaught " + exception.strip() + where
                + (userFlags().isEmpty() ? "" : ": " + checkTheFlags()));
    }

    /** The JVM flags on its command line that the toolkit did not add itself: the caller's. */
    private List<String> userFlags() {
        List<String> flags = new ArrayList<>();
        for (String arg : command) {
            if (arg.equals("-cp") || arg.equals("-jar")) {
                break;
            }
            boolean vmFlag = arg.startsWith("-D") || arg.startsWith("-X");
            boolean ours = arg.startsWith("-Dloomlab.") || arg.equals("-Djava.awt.headless=true")
                    || ChildJvm.OWN_FLAGS.contains(arg);
            if (vmFlag && !ours) {
                flags.add(arg);
            }
        }
        return flags;
    }

    /** The way out when no one flag is named: the caller's flags, listed, or the run's own JVM flags. */
    private String checkTheFlags() {
        List<String> flags = userFlags();
        return flags.isEmpty() ? "check the JVM flags of this run" : "check the flags it was given: " + String.join(" ", flags);
    }

    /** "Foo" of {@code -XX:+Foo}, {@code -XX:Foo=1}, {@code -Dfoo=1}; the flag itself otherwise. */
    private static String optionName(String flag) {
        String name = flag.replaceFirst("^-XX:[+-]?", "").replaceFirst("^-D", "");
        int eq = name.indexOf('=');
        return eq < 0 ? name : name.substring(0, eq);
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
