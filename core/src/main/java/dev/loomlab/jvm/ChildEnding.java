package dev.loomlab.jvm;

import dev.loomlab.util.Durations;
import java.time.Duration;
import java.util.Optional;

/**
 * The one rule that words how a child JVM ended, for every caller: {@code experiment.FreshJvm}
 * (a failed measurement), {@code load.LoadRunner} (a load row) and the demos' readers in
 * {@code limits}, {@code gc}, {@code nativecall} and {@code isolation} (a table cell). A failure
 * reads the same everywhere: its {@link ChildOutcome#words() outcome's words} first ("killed at
 * its deadline", "out of memory", "failed"), then which JVM, what happened and the way out.
 *
 * @param jvm     the JVM, to start a sentence: "the child JVM for spawn (kind process, n=1,000)"
 * @param subject what it ran, to prefix the one line a child explained itself with
 *                ({@link ChildRun#reportedError()}): "spawn (kind process, n=1,000)"; empty for none
 * @param wayOut  what to do when it overran its deadline: "raise the deadline (--deadline) or
 *                lower n"; empty for nothing
 */
public record ChildEnding(String jvm, String subject, String wayOut) {

    /** How {@code run} ended in a table cell: "ok (exit 0)", "killed at its deadline (60 s)", "out of memory (exit 3)", ... */
    public static String cell(ChildRun run) {
        if (run.outcome() == ChildOutcome.DEADLINE) {
            return ChildOutcome.DEADLINE.words() + " (" + run.elapsed().toSeconds() + " s)";
        }
        if (run.exitCode() == 0) {
            return "ok (exit 0)"; // a demo that caught its OutOfMemoryError and said so ended well
        }
        if (run.exitCode() == 128 + 9) {
            return "killed by the kernel (SIGKILL, exit 137), no message";
        }
        if (run.outcome() == ChildOutcome.OUT_OF_MEMORY || run.exitCode() == ChildJvm.EXIT_ON_OUT_OF_MEMORY) {
            return ChildOutcome.OUT_OF_MEMORY.words() + " (exit " + run.exitCode() + ")";
        }
        return "exit " + run.exitCode();
    }

    /**
     * Why {@code run} gave no result, as the exception a caller throws (its message does not repeat
     * the outcome's words when it says the same); empty when it ended {@code ok}.
     *
     * @param deadline the deadline it was given
     */
    public Optional<ChildJvmException> failure(ChildRun run, Duration deadline) {
        // a child's own line, already worded by this rule (ChildMain passing on its measured JVM's failure),
        // loses its outcome's words: the rule puts them first, once
        String words = run.outcome().words() + ": ";
        Optional<String> said = run.reportedError().map(e -> e.startsWith(words) ? e.substring(words.length()) : e)
                .map(e -> subject.isEmpty() ? e : subject + ": " + e);
        String message = switch (run.outcome()) {
            case OK -> null;
            case DEADLINE -> jvm + " did not finish within " + Durations.format(deadline) + " and was killed"
                    + (wayOut.isEmpty() ? "" : ": " + wayOut);
            case OUT_OF_MEMORY -> ChildOutcome.OUT_OF_MEMORY.words() + ": " + said.orElse(jvm + " " + run.outOfMemory());
            case FAILED -> said.or(() -> run.killedBySignal().map(k -> jvm + " " + k))
                    .or(() -> run.startFailure().map(f -> jvm + " " + f))
                    .orElse(jvm + " failed with exit code " + run.exitCode() + ": " + run.lastError());
        };
        return Optional.ofNullable(message).map(m -> new ChildJvmException(run.outcome(), m));
    }

    /** An {@code ok} child that wrote no result file. */
    public ChildJvmException noResult() {
        return new ChildJvmException(ChildOutcome.FAILED, jvm + " exited without writing its result");
    }

    /**
     * A failure as a row's outcome, on one line of at most 300 characters, starting with the
     * outcome's words: "killed at its deadline: the child JVM for ... did not finish within 5s ...".
     */
    public static String row(ChildJvmException e) {
        String message = oneLine(e.getMessage());
        String words = e.outcome().words();
        return message.startsWith(words) ? message : words + ": " + message;
    }

    /** {@code message} on one line of at most 300 characters. */
    public static String oneLine(String message) {
        String m = message == null ? "" : message.replaceAll("\\s+", " ").trim();
        return m.length() > 300 ? m.substring(0, 297) + "..." : m;
    }
}
