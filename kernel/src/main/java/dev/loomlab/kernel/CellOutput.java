package dev.loomlab.kernel;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@code System.out} and {@code System.err} for the whole kernel, routed to the notebook as
 * {@code stream} messages of the current cell (or of the last cell, for output from threads
 * that outlive it). Before the first cell they go to the kernel's own stdout and stderr.
 *
 * <p>Output is live: anything printed by a long cell, with or without a newline, is sent at most
 * {@value #LATENCY_MS} ms later. What is printed within that time is sent together, so a loop
 * printing a million lines does not send a million messages. {@link #flush()} sends everything now; the kernel calls it before a
 * result, a display or the reply, so the notebook shows output in the order it was produced.
 */
final class CellOutput {

    /** Where a cell's text goes: the Jupyter stream name ({@code stdout}/{@code stderr}) and the text. */
    interface Target {
        void stream(boolean stderr, String text);
    }

    static final long LATENCY_MS = 50;
    private static final int MAX_BUFFER = 64 * 1024;

    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "loomlab-output-flusher");
        t.setDaemon(true);
        return t;
    });
    private final Routed out;
    private final Routed err;
    private final PrintStream outPrint;
    private final PrintStream errPrint;
    private volatile Target target;

    CellOutput(PrintStream originalOut, PrintStream originalErr) {
        this.out = new Routed(false, originalOut);
        this.err = new Routed(true, originalErr);
        this.outPrint = new PrintStream(out, true, StandardCharsets.UTF_8);
        this.errPrint = new PrintStream(err, true, StandardCharsets.UTF_8);
        // started now, by the kernel: a thread born inside a cell belongs to the cell's thread group
        timer.prestartCoreThread();
    }

    /** The stream to install as {@code System.out}. */
    PrintStream out() {
        return outPrint;
    }

    /** The stream to install as {@code System.err}. */
    PrintStream err() {
        return errPrint;
    }

    /** From now on, output goes to {@code newTarget}; what was pending goes to the previous one. */
    void attach(Target newTarget) {
        flush();
        target = newTarget;
    }

    /** Sends all pending output now. */
    void flush() {
        outPrint.flush();
        errPrint.flush();
        out.send();
        err.send();
    }

    private final class Routed extends OutputStream {
        private final boolean stderr;
        private final PrintStream fallback;
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private boolean scheduled;

        Routed(boolean stderr, PrintStream fallback) {
            this.stderr = stderr;
            this.fallback = fallback;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            if (target == null) {
                fallback.write(b, off, len);
                return;
            }
            buffer.write(b, off, len);
            if (buffer.size() >= MAX_BUFFER) {
                send();
            } else if (!scheduled) {
                // whatever is written, newline or not, reaches the notebook within LATENCY_MS
                scheduled = true;
                timer.schedule(this::send, LATENCY_MS, TimeUnit.MILLISECONDS);
            }
        }

        @Override
        public synchronized void flush() {
            if (target == null) {
                fallback.flush();
            }
        }

        synchronized void send() {
            scheduled = false;
            Target t = target;
            if (t == null || buffer.size() == 0) {
                return;
            }
            String text = buffer.toString(StandardCharsets.UTF_8);
            buffer.reset();
            try {
                t.stream(stderr, text);
            } catch (RuntimeException e) {
                fallback.print(text);
            }
        }
    }
}
