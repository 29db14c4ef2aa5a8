package dev.loomlab.kernel;

import dev.loomlab.display.Display;
import dev.loomlab.fresh.FreshRun;
import dev.loomlab.util.ProgressLine;
import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.channels.ShellReplyEnvironment;
import org.dflib.jjava.jupyter.kernel.BaseKernel;
import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.comm.CommManager;
import org.dflib.jjava.jupyter.kernel.display.Renderer;
import org.dflib.jjava.jupyter.kernel.magic.MagicParser;
import org.dflib.jjava.jupyter.kernel.magic.MagicTranspiler;
import org.dflib.jjava.jupyter.kernel.magic.MagicsRegistry;
import org.dflib.jjava.jupyter.kernel.util.StringStyler;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;
import org.dflib.jjava.jupyter.kernel.LanguageInfo;
import org.dflib.jjava.jupyter.kernel.ReplacementOptions;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.messages.Message;
import org.dflib.jjava.jupyter.messages.MessageType;
import org.dflib.jjava.jupyter.messages.publish.PublishDisplayData;
import org.dflib.jjava.jupyter.messages.publish.PublishError;
import org.dflib.jjava.jupyter.messages.publish.PublishExecuteInput;
import org.dflib.jjava.jupyter.messages.publish.PublishExecuteResult;
import org.dflib.jjava.jupyter.messages.publish.PublishStream;
import org.dflib.jjava.jupyter.messages.publish.PublishUpdateDisplayData;
import org.dflib.jjava.jupyter.messages.reply.ErrorReply;
import org.dflib.jjava.jupyter.messages.reply.ExecuteReply;
import org.dflib.jjava.jupyter.messages.request.ExecuteRequest;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * loomlab's Jupyter kernel: JShell in this JVM ({@link Evaluator}) behind jjava-jupyter (the
 * maintained successor of jupyter-jvm-basekernel; see the kernel's README for why).
 *
 * <p>Run as {@code java -jar loomlab-kernel.jar CONNECTION_FILE}. It binds its sockets first and
 * starts JShell on another thread, so {@code kernel_info} is answered at once; the first cell
 * waits for JShell. Cells run one at a time on the shell thread; an interrupt (a message on the
 * control channel, or SIGINT) stops the running cell and keeps the kernel.
 *
 * <p>A cell's last expression becomes {@code execute_result} through
 * {@link Display#mimeBundle(Object)}; {@code display(x)} shows {@code x} at once and its handle's
 * {@code update(y)} replaces it in place; a toolkit helper's {@link ProgressLine} is one such
 * output; anything the cell prints streams live; a failure is a Jupyter error (see {@link CellException}).
 */
public final class LoomlabKernel extends BaseKernel implements AutoCloseable {

    private static final long JSHELL_START_TIMEOUT_S = 120;

    /** The output metadata key of an update: {@code {"loomlab": {"updates": n}}}. */
    static final String UPDATES_METADATA = "loomlab";

    private final CompletableFuture<Evaluator> evaluator = new CompletableFuture<>();
    private final CellOutput output;
    private final PrintStream log;
    private volatile ShellReplyEnvironment currentCell;
    private boolean notesShown;

    LoomlabKernel(Path startupFile, CellOutput output, PrintStream log) {
        // jjava's magics, renderer, history and extensions stay unused: cells run through our own
        // execute handler (Magics, Evaluator, Display), so only what BaseKernel needs to exist is given
        super("loomlab-kernel", implementationVersion(), languageInfo(), List.of(), null,
                new JupyterIO(StandardCharsets.UTF_8), new CommManager(), new Renderer(),
                new MagicParser("^\\s*%", "^\\s*%%", new MagicTranspiler()), new MagicsRegistry(), false,
                new StringStyler("", "", "", line -> ""));
        this.output = output;
        this.log = log;
        Thread starter = new Thread(() -> {
            try {
                Evaluator ev = new Evaluator(startupFile, output.out(), output.err());
                ev.startupNotes().forEach(note -> log.println("loomlab kernel: " + note));
                evaluator.complete(ev);
            } catch (Throwable t) {
                log.println("loomlab kernel: JShell did not start: " + t);
                evaluator.completeExceptionally(t);
            }
        }, "loomlab-jshell-start");
        starter.setDaemon(true);
        starter.start();
        Displays.setSink(this::publishDisplay);
        ProgressLine.showIn(what -> new ProgressView());
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -jar loomlab-kernel.jar CONNECTION_FILE   (Jupyter starts it, from kernel.json)");
            System.exit(2);
        }
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        // java.util.logging: bound now to the real stderr (the Jupyter server's log, not a cell), and
        // at WARNING, since the base library logs every message at INFO
        java.util.logging.Logger.getLogger("").getHandlers();
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        KernelConnectionProperties props = KernelConnectionProperties.parse(Files.readString(Path.of(args[0])));

        CellOutput output = new CellOutput(stdout, stderr);
        System.setOut(output.out());
        System.setErr(output.err());
        System.setIn(InputStream.nullInputStream());

        try (LoomlabKernel kernel = new LoomlabKernel(Startup.configuredFile(), output, stderr)) {
            JupyterConnection connection = new JupyterConnection(props);
            kernel.becomeHandlerForConnection(connection);
            connection.connect();
            kernel.interruptOnSigint();
            connection.waitUntilClose();
        }
        System.exit(0); // threads a cell started must not keep a shut-down kernel alive
    }

    @Override
    public void becomeHandlerForConnection(JupyterConnection connection) {
        super.becomeHandlerForConnection(connection);
        // our own execute handler: errors keep the user's exception name, output streams live
        connection.setHandler(MessageType.EXECUTE_REQUEST, this::execute);
        SpecReplies.install(connection, this);
    }

    private synchronized void execute(ShellReplyEnvironment env, Message<ExecuteRequest> message) {
        commManager.setMessageContext(message);
        ExecuteRequest request = message.getContent();
        int count = request.shouldStoreHistory() ? executionCount.getAndIncrement() : executionCount.get();
        env.setStatusBusy();
        try {
            if (!request.isSilent()) {
                env.publish(new PublishExecuteInput(request.getCode(), count));
            }
            currentCell = env;
            output.attach((stderr, text) -> env.publish(
                    new PublishStream(stderr ? PublishStream.StreamType.ERR : PublishStream.StreamType.OUT, text)));
            try {
                Shown shown = evaluate(request.getCode());
                output.flush();
                if (shown.data() != null && !request.isSilent()) {
                    env.publish(new PublishExecuteResult(count, shown.data()));
                }
                if (!shown.after().isEmpty()) {
                    env.publish(new PublishStream(PublishStream.StreamType.OUT, shown.after() + "\n"));
                }
                env.reply(new ExecuteReply(count, Map.of()));
            } catch (CellException e) {
                replyError(env, count, e);
            } catch (Exception | Error e) {
                replyError(env, count, internalError(e));
            }
        } finally {
            output.flush();
            env.setStatusIdle();
        }
    }

    private void replyError(ShellReplyEnvironment env, int count, CellException e) {
        output.flush();
        env.publish(new PublishError(e.ename(), e.evalue(), e.traceback()));
        ErrorReply reply = new ErrorReply(e.ename(), e.evalue(), e.traceback());
        reply.setExecutionCount(count);
        env.replyError(ExecuteReply.MESSAGE_TYPE.error(), reply);
    }

    private static CellException internalError(Throwable t) {
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        List<String> lines = trace.toString().lines().limit(20).toList();
        return new CellException(t.getClass().getName(), String.valueOf(t.getMessage()), lines);
    }

    /** Not used: the kernel's execute handler runs cells through {@link #evalCell}. */
    @Override
    public Object evalRaw(String code) {
        throw new UnsupportedOperationException("cells run through evalCell");
    }

    /**
     * Shift-Tab help: the signature and Javadoc of what is at the cursor (JShell's
     * {@code documentation}), as text; {@code found: false} when there is none.
     */
    @Override
    public DisplayData inspect(String code, int at, boolean extraDetail) {
        Evaluator ev = readyEvaluator();
        if (ev == null) {
            return null;
        }
        String doc = ev.documentation(code, at);
        return doc.isEmpty() ? null : displayData(Map.of(Display.TEXT, doc));
    }

    /** A cell's value as a MIME bundle ({@code null} for none), and a line to print after it ("" for none). */
    record Shown(DisplayData data, String after) {}

    /** Runs a cell; its value as a MIME bundle, or {@code null} if it has none. */
    DisplayData evalCell(String code) throws CellException {
        return evaluate(code).data();
    }

    private Shown evaluate(String code) throws CellException {
        Evaluator ev = evaluator();
        if (!notesShown) {
            notesShown = true;
            ev.startupNotes().forEach(note -> System.err.println("loomlab kernel: " + note));
        }
        Evaluator.Result result = ev.eval(code);
        if (!result.hasValue() || result.value() instanceof Displays.DisplayHandle) {
            // a cell ending in display(x) shows x once, not x and then its handle
            return new Shown(null, result.after());
        }
        try {
            // a fresh VM's value comes as the bundle it was shown as there
            Map<String, String> bundle = result.value() instanceof FreshRun fresh && fresh.hasValue()
                    ? fresh.bundle() : Display.mimeBundle(result.value());
            return new Shown(displayData(bundle), result.after());
        } catch (RuntimeException e) {
            throw internalError(e);
        }
    }

    static DisplayData displayData(Map<String, String> bundle) {
        DisplayData data = new DisplayData();
        bundle.forEach(data::putData);
        return data;
    }

    /** {@code display(x)} and its handle's updates: {@code display_data}, then {@code update_display_data}. */
    private void publishDisplay(Map<String, String> bundle, String displayId, int updates) {
        ShellReplyEnvironment env = currentCell;
        if (env == null) {
            log.println("loomlab kernel: display() outside a cell: " + bundle.get(Display.TEXT));
            return;
        }
        output.flush();
        DisplayData data = displayData(bundle);
        data.setDisplayId(displayId);
        if (updates == 0) {
            env.publish(new PublishDisplayData(data));
        } else {
            // how many times it was replaced: a headless run's checker can tell an in-place update happened
            data.putMetaData(UPDATES_METADATA, Map.of("updates", updates));
            env.publish(new PublishUpdateDisplayData(data));
        }
    }

    private Evaluator evaluator() throws CellException {
        try {
            return evaluator.get(JSHELL_START_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CellException.interrupted();
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            String why = "JShell did not start: " + cause;
            throw new CellException("KernelError", why, List.of("KernelError: " + why));
        }
    }

    private Evaluator readyEvaluator() {
        return evaluator.isDone() && !evaluator.isCompletedExceptionally() ? evaluator.join() : null;
    }

    @Override
    public ReplacementOptions complete(String code, int at) {
        Evaluator ev = readyEvaluator();
        if (ev == null) {
            return null;
        }
        Evaluator.Completion c = ev.complete(code, at);
        return new ReplacementOptions(c.candidates(), c.start(), c.end());
    }

    @Override
    public String isComplete(String code) {
        Evaluator ev = readyEvaluator();
        if (ev == null) {
            return IS_COMPLETE_MAYBE;
        }
        return switch (ev.isComplete(code)) {
            case "complete" -> IS_COMPLETE_YES;
            case "invalid" -> IS_COMPLETE_BAD;
            default -> ""; // incomplete: the front end waits for another line, with no indent
        };
    }

    @Override
    public void interrupt() {
        Evaluator ev = readyEvaluator();
        if (ev != null) {
            ev.stop();
        }
    }

    /**
     * SIGINT (a kernelspec with interrupt_mode "signal") interrupts the cell, not the JVM. Our
     * kernelspec asks for interrupt messages instead; this is for front ends that signal anyway.
     * {@code sun.misc.Signal} (jdk.unsupported) is reached by reflection, to compile warning-free.
     */
    private void interruptOnSigint() {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object onSigint = Proxy.newProxyInstance(handler.getClassLoader(), new Class<?>[] {handler},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "handle" -> {
                            interrupt();
                            yield null;
                        }
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> "loomlab SIGINT handler";
                    });
            signal.getMethod("handle", signal, handler)
                    .invoke(null, signal.getConstructor(String.class).newInstance("INT"), onSigint);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            log.println("loomlab kernel: SIGINT stays the JVM's default (" + e + ")");
        }
    }

    /** The kernel's version, from the jar's manifest when there is one. */
    private static String implementationVersion() {
        String v = LoomlabKernel.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0" : v;
    }

    private static LanguageInfo languageInfo() {
        return new LanguageInfo("java", Runtime.version().toString(), "text/x-java-source", ".jsh", "java", "java", "script");
    }

    @Override
    public String getBanner() {
        return "loomlab kernel: Java " + Runtime.version() + ", JShell running in the kernel's JVM";
    }

    @Override
    public void onShutdown(boolean isRestarting) {
        interrupt();
    }

    @Override
    public void close() {
        ProgressLine.showIn(null);
        Displays.setSink(null);
        Evaluator ev = readyEvaluator();
        if (ev != null) {
            ev.close();
        }
    }
}
