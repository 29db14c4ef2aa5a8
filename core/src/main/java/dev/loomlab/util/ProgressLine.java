package dev.loomlab.util;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;

/**
 * A long helper's progress as ONE line, replaced as it goes rather than logged: what runs, how many
 * of its steps are done, the time so far and an estimate of the time left, then the latest news:
 * <pre>tiers of idle processes: 2 of 4 done, 41 s so far, about 41 s left · tier 10,000: 2,611 bytes/process</pre>
 * The estimate is the mean time of the finished steps times the steps left ("about"); with no step
 * finished, or an unknown number of steps (0), only the time so far is shown.
 *
 * <p>Where the line shows is pluggable ({@link #showIn}): a notebook kernel registers a view that
 * updates one output in place; by default it is standard error, rewritten with {@code \r} when
 * standard error is a terminal, one plain line per change otherwise. It is a {@link Progress}, so
 * it can be handed to any helper: lines it is told become the latest news (at most 5 a second are
 * shown); {@link #step} moves the count.
 */
public final class ProgressLine implements Progress, AutoCloseable {

    /** Where one progress line shows: each {@code show} replaces the previous; {@code end} is the last. */
    public interface View {
        void show(String line);

        void end(String line);
    }

    private static final long NEWS_INTERVAL_NS = 200_000_000L;
    private static final Function<String, View> TERMINAL = what -> new StderrView(stderrIsTerminal());
    private static volatile Function<String, View> views = TERMINAL;

    private final String what;
    private final View view;
    private final long start = System.nanoTime();
    private int done;
    private int total;
    private String news = "";
    private long lastShown;
    private boolean closed;

    private ProgressLine(String what, int total, View view) {
        this.what = what;
        this.total = total;
        this.view = view;
    }

    /** Starts a line for {@code what}, in {@code steps} steps (0 if unknown), and shows it. */
    public static ProgressLine start(String what, int steps) {
        ProgressLine line = new ProgressLine(what, Math.max(0, steps), views.apply(what));
        line.show(true);
        return line;
    }

    /** Runs {@code body} with a line for {@code what} (steps unknown), closed when it returns, and returns what it returns. */
    public static <T> T along(String what, Function<Progress, T> body) {
        try (ProgressLine line = start(what, 0)) {
            return body.apply(line);
        }
    }

    /** Lines started from now on show in views made by {@code factory}; {@code null} for standard error again. */
    public static void showIn(Function<String, View> factory) {
        views = factory == null ? TERMINAL : factory;
    }

    /** {@code done} of {@code total} steps are finished; {@code news} is what happened or runs now. */
    @Override
    public synchronized void step(int done, int total, String news) {
        this.done = done;
        this.total = Math.max(0, total);
        this.news = news;
        show(true);
    }

    /** The latest news, shown at most 5 times a second (the count stays). */
    @Override
    public synchronized void say(String line) {
        news = line.strip();
        show(false);
    }

    /** The line as it reads now. */
    public synchronized String line() {
        long elapsed = System.nanoTime() - start;
        StringBuilder s = new StringBuilder(what).append(": ");
        if (total > 0) {
            s.append(done).append(" of ").append(total).append(" done, ");
        }
        s.append(format(elapsed)).append(closed ? " in all" : " so far");
        if (!closed && total > 0 && done > 0 && done < total) {
            s.append(", about ").append(format(elapsed / done * (total - done))).append(" left");
        }
        if (!news.isEmpty()) {
            s.append(" · ").append(news);
        }
        return s.toString();
    }

    /** Shows the final line (time in all); later calls change nothing. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            view.end(line());
        }
    }

    private void show(boolean now) {
        long t = System.nanoTime();
        if (closed || (!now && t - lastShown < NEWS_INTERVAL_NS)) {
            return;
        }
        lastShown = t;
        view.show(line());
    }

    static String format(long nanos) {
        Duration d = Duration.ofNanos(nanos);
        if (d.toMinutes() >= 60) {
            return String.format("%d h %02d min", d.toHours(), d.toMinutesPart());
        }
        if (d.toSeconds() >= 60) {
            return String.format("%d min %02d s", d.toMinutes(), d.toSecondsPart());
        }
        return d.toSeconds() + " s";
    }

    /** Whether file descriptor 2 is a terminal (Linux: /proc/self/fd/2 points at a tty). */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return System.console() != null;
        }
    }

    /** Standard error: one line rewritten in place on a terminal, plain lines otherwise. */
    static final class StderrView implements View {
        private final boolean terminal;

        StderrView(boolean terminal) {
            this.terminal = terminal;
        }

        @Override
        public void show(String line) {
            if (terminal) {
                int width = 160;
                String cut = line.length() > width ? line.substring(0, width - 1) + "…" : line;
                System.err.print("\r" + cut + "\033[K");
                System.err.flush();
            } else {
                System.err.println(line);
            }
        }

        @Override
        public void end(String line) {
            if (terminal) {
                System.err.print("\r" + line + "\033[K\n");
                System.err.flush();
            } else {
                System.err.println(line);
            }
        }
    }
}
