package dev.loomlab.fresh;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import jdk.jshell.execution.LocalExecutionControl;
import jdk.jshell.spi.ExecutionControl;
import jdk.jshell.spi.ExecutionControlProvider;
import jdk.jshell.spi.ExecutionEnv;

/**
 * JShell's {@code local} execution engine, plus one thing: it hands back the value object of a
 * variable, not only its {@code toString()}. Snippets run in this JVM, on JShell's snippet thread,
 * with classes loaded by a loader whose parent is the system class loader, so a {@code Table} made
 * in a cell is the same {@code tech.tablesaw.api.Table} the kernel renders.
 *
 * <p>Interrupts work as in JShell's local engine: a stop sets the flag that JShell's
 * instrumented snippet bytecode checks at every method entry and backward branch, and
 * interrupts the cell's thread (so {@code Thread.sleep} ends too). Unlike the local engine, a
 * cell waits only for its own thread (see {@link Control#invoke}).
 *
 * <p>The notebook kernel's JShell runs on it, and so does a fresh JVM's ({@link FreshJavaMain}).
 */
public final class CapturingEngine implements ExecutionControlProvider {

    private volatile Control control;

    @Override
    public String name() {
        return "loomlab-local";
    }

    @Override
    public ExecutionControl generate(ExecutionEnv env, Map<String, String> parameters) {
        control = new Control();
        return control;
    }

    /**
     * The value of the variable JShell just read through {@code JShell.varValue(snippet)}.
     * Call that method first, on the same thread; this returns what it read.
     */
    public Object lastValue() {
        Control c = control;
        return c == null ? null : c.captured;
    }

    static final class Control extends LocalExecutionControl {
        private static final String CANCEL_CLASS = "REPL.$Cancel$";

        private volatile Object captured;
        private volatile Field stopFlag;
        private volatile Thread cellThread;

        /**
         * Runs a snippet on its own thread and waits for that thread only.
         *
         * <p>{@link LocalExecutionControl} waits for every thread of the snippet's thread group that
         * exists just after the snippet starts, so a long-lived thread the snippet creates in its
         * first microseconds (a lazily started executor, the kernel's own output flusher) hangs
         * the cell forever, about once in 25 cells on a loaded machine. Here, threads the cell
         * starts live on without holding the cell. JShell's stop mechanism is kept: its bytecode
         * checks of {@code REPL.$Cancel$.allStop}, plus an interrupt.
         */
        @Override
        protected String invoke(Method doitMethod) throws Exception {
            Field flag = stopFlag();
            flag.set(null, false);
            Object[] result = new Object[1];
            Throwable[] failure = new Throwable[1];
            Thread runner = new Thread(() -> {
                try {
                    result[0] = doitMethod.invoke(null);
                } catch (Throwable t) {
                    failure[0] = t;
                }
            }, "loomlab-cell");
            cellThread = runner;
            try {
                runner.start();
                runner.join();
            } finally {
                cellThread = null;
            }
            Throwable f = failure[0];
            if (f == null) {
                return valueString(result[0]);
            }
            Throwable cause = f instanceof InvocationTargetException ite ? ite.getCause() : f;
            if (cause != null && cause.getClass().getName().equals("java.lang.ThreadDeath")) {
                throw new StoppedException(); // thrown by the stop checks JShell weaves into snippets
            }
            if (f instanceof Exception e) {
                throw e; // InvocationTargetException: JShell reports its cause as the cell's exception
            }
            throw new InvocationTargetException(f);
        }

        /** {@code REPL.$Cancel$.allStop}; the first call lets JShell define that class (one no-op run). */
        private Field stopFlag() throws Exception {
            Field flag = stopFlag;
            if (flag == null) {
                Method noop = Control.class.getDeclaredMethod("noop");
                noop.setAccessible(true);
                super.invoke(noop);
                flag = findClass(CANCEL_CLASS).getField("allStop");
                stopFlag = flag;
            }
            return flag;
        }

        private static void noop() {}

        @Override
        public void stop() throws InternalException {
            Thread t = cellThread;
            Field flag = stopFlag;
            if (t == null || flag == null) {
                return;
            }
            try {
                flag.set(null, true);
            } catch (IllegalAccessException e) {
                throw new InternalException("cannot stop the cell: " + e);
            }
            t.interrupt();
        }

        @Override
        public String varValue(String className, String varName) throws InternalException {
            // Only the kernel calls JShell.varValue, to fetch the value object; the string is unused.
            try {
                Field field = findClass(className).getDeclaredField(varName);
                field.setAccessible(true);
                captured = field.get(null);
                return "";
            } catch (ReflectiveOperationException | RuntimeException e) {
                captured = null;
                throw new InternalException("cannot read " + varName + ": " + e);
            }
        }
    }
}
