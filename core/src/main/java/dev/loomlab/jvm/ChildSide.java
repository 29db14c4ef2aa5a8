package dev.loomlab.jvm;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loomlab.util.AtomicFiles;
import dev.loomlab.util.Json;
import dev.loomlab.util.Progress;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The child's half of the one child-JVM protocol ({@link ChildCall} is the parent's). Every child
 * main the toolkit starts (but the measured JVM of {@code tasks}, the benchmark's bare program) is
 * {@code Main SPEC RESULT} and begins with {@link #open}: it watches
 * its standard input (the parent never writes; end of input means the parent is gone, and the
 * child halts with {@link #ORPHANED}), and reads the spec file, whose text is the caller's
 * (a JSON spec, or {@linkplain #arguments one argument a line}). Then, on standard error:
 * <ul>
 *   <li>{@code log <text>} ({@link #log}, {@link #PROGRESS}): what it is doing, for the parent's progress;</li>
 *   <li>{@code result <key>=<value>} ({@link #result}): a figure, streamed as soon as it is known,
 *       so that a child that dies half-way (out of memory, killed by the kernel) leaves the figures
 *       it had;</li>
 *   <li>{@code error: <message>} ({@link #fail}): why it failed, in one line, no stack trace.</li>
 * </ul>
 * At its end it writes its result file once, atomically: a document ({@link #write}), or else its
 * figures as one JSON object ({@link #exit}, {@link #halt}). The parent reads the file when the
 * child wrote it, and falls back to the streamed figures only when it did not.
 *
 * <p>One child per JVM: the state here is this JVM's. Nothing here needs a virtual thread, so a
 * child whose carriers are all held can still report from a platform thread.
 */
public final class ChildSide {

    /** Exit code when the parent went away. */
    public static final int ORPHANED = 4;
    /** The start of a figure's line. */
    static final String RESULT_PREFIX = "result ";
    /** The start of a progress line. */
    static final String LOG_PREFIX = "log ";

    /** Progress said as {@code log} lines, for the parent to forward. */
    public static final Progress PROGRESS = ChildSide::say;

    private static final Map<String, String> FIGURES = new LinkedHashMap<>();
    private static Path resultFile;
    private static boolean written;
    private static Thread watcher;

    private ChildSide() {}

    /**
     * Starts the protocol: checks the arguments are {@code SPEC RESULT} (else says {@code usage}
     * and exits 2), watches the parent, and returns the spec file's text.
     */
    public static String open(String[] args, String usage) {
        if (args.length != 2) {
            System.err.println("usage: " + usage + " SPEC RESULT (started by loomlab, not by hand)");
            System.err.flush();
            Runtime.getRuntime().halt(2);
        }
        watchParent();
        synchronized (FIGURES) {
            resultFile = Path.of(args[1]);
        }
        try {
            return Files.readString(Path.of(args[0]));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the spec " + args[0], e);
        }
    }

    /** {@link #open}, for a spec of one argument a line ({@link ChildCall#launch(List, Class, List, List, java.time.Duration, Progress)}). */
    public static List<String> arguments(String[] args, String usage) {
        return open(args, usage).lines().toList();
    }

    /** Streams a figure now and keeps it for the result file; the last value of a key wins. */
    public static void result(String key, Object value) {
        String text = String.valueOf(value).replace('\n', ' ');
        synchronized (FIGURES) {
            FIGURES.put(key, text);
        }
        System.err.println(RESULT_PREFIX + key + "=" + text);
        System.err.flush();
    }

    /** A progress line, formatted. */
    public static void log(String format, Object... args) {
        say(String.format(format, args));
    }

    private static void say(String line) {
        System.err.println(LOG_PREFIX + line);
        System.err.flush();
    }

    /** Writes {@code document} as the result file, atomically. */
    public static void write(String document) {
        synchronized (FIGURES) {
            AtomicFiles.write(resultFile, document);
            written = true;
        }
    }

    /** Writes the result file (the figures, unless a document was written) and exits with {@code code}. */
    public static void exit(int code) {
        writeFigures();
        stopWatching();
        System.exit(code);
    }

    /** The same, but halts: no shutdown hook or live thread (a starved virtual thread) can hold it. */
    public static void halt(int code) {
        writeFigures();
        stopWatching();
        Runtime.getRuntime().halt(code);
    }

    /** Says why it failed in one line ({@link ChildRun#ERROR_PREFIX}) and {@linkplain #halt halts} with {@code code}. */
    public static void fail(String message, int code) {
        System.err.println(ChildRun.ERROR_PREFIX + message.replace('\n', ' '));
        System.err.flush();
        halt(code);
    }

    private static void writeFigures() {
        synchronized (FIGURES) {
            if (written || resultFile == null) {
                return;
            }
            try {
                write(Json.MAPPER.writeValueAsString(FIGURES));
            } catch (JsonProcessingException | RuntimeException e) {
                // the streamed lines remain: the parent reads those
            }
        }
    }

    /**
     * Watches standard input on an interruptible channel. A thread blocked in a plain
     * {@code System.in.read()} is "in native", and HotSpot's exit waits up to 300 ms for such
     * threads before it gives up on them, so every child paid that at its end; {@link #stopWatching}
     * interrupts this read before the JVM exits instead.
     */
    private static void watchParent() {
        FileChannel input = new FileInputStream(FileDescriptor.in).getChannel();
        Thread thread = Thread.ofPlatform().daemon(true).name("loomlab-parent-watch").unstarted(() -> {
            ByteBuffer buffer = ByteBuffer.allocate(64);
            try {
                while (input.read(buffer) != -1) {
                    buffer.clear(); // the parent never writes; end of input means it is gone
                }
            } catch (AsynchronousCloseException stopping) {
                return; // stopWatching's interrupt closed it: this JVM is exiting on its own
            } catch (IOException ignored) {
                // the same as end of input: the parent is gone
            }
            Runtime.getRuntime().halt(ORPHANED);
        });
        synchronized (FIGURES) {
            watcher = thread;
        }
        thread.start();
    }

    /** Ends the watch of standard input before this JVM exits (see {@link #watchParent}); best effort. */
    private static void stopWatching() {
        Thread thread;
        synchronized (FIGURES) {
            thread = watcher;
            watcher = null;
        }
        if (thread == null) {
            return;
        }
        try {
            thread.interrupt();
            thread.join(Duration.ofMillis(200));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable ignored) {
            // out of memory, say: the JVM still exits, only up to 300 ms later
        }
    }
}
