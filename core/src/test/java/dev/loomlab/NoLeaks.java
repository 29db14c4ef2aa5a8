package dev.loomlab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.process.Processes;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension, {@code @ExtendWith(NoLeaks.class)}: a test leaves nothing behind. After each
 * test it waits up to {@value #GRACE_SECONDS} s (ending takes a moment), then asserts that
 * <ul>
 *   <li>no process is alive ({@link Processes#live()} is 0);</li>
 *   <li>no more of our platform threads are alive than before the test;</li>
 *   <li>no child JVM (or other child process) of this JVM is still running.</li>
 * </ul>
 * "Our" platform threads leave out the JDK's own pools, which come and go on their own schedule:
 * the virtual-thread scheduler's carriers (started lazily, retired after 30 s idle), its timer
 * threads for timed parks (its delay scheduler from JDK 25), the common fork-join pool, the process reapers that linger 60 s
 * after a child JVM exits, and Java2D's disposer, started once when a chart first measures a font.
 */
public final class NoLeaks implements BeforeEachCallback, AfterEachCallback {

    private static final int GRACE_SECONDS = 5;
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(NoLeaks.class);
    private static final String BASELINE = "platform threads before";

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NAMESPACE).put(BASELINE, ourThreads().size());
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        int before = context.getStore(NAMESPACE).get(BASELINE, Integer.class);
        long deadline = System.nanoTime() + GRACE_SECONDS * 1_000_000_000L;
        while ((Processes.live() != 0 || ourThreads().size() > before || hasChildProcesses())
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(Processes.live()).as("processes left alive by the test").isZero();
        List<String> threads = ourThreads();
        assertThat(threads.size()).as("platform threads left by the test (%d before): %s", before, threads)
                .isLessThanOrEqualTo(before);
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::info).toList())
                .as("child processes (JVMs) left running").isEmpty();
    }

    /** Names of our live platform threads, the JDK's own pools left out. */
    public static List<String> ourThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !t.isVirtual() && !isJdkPool(t))
                .map(Thread::getName).sorted().toList();
    }

    private static boolean hasChildProcesses() {
        return ProcessHandle.current().descendants().anyMatch(ProcessHandle::isAlive);
    }

    private static boolean isJdkPool(Thread t) {
        String name = t.getName();
        return t.getClass().getName().equals("jdk.internal.misc.CarrierThread")
                || t instanceof ForkJoinWorkerThread w && w.getPool() == ForkJoinPool.commonPool()
                || name.startsWith("process reaper")
                || name.endsWith("-delayScheduler") // JDK 25: the scheduler's timer for timed parks
                || name.startsWith("VirtualThread-unparker")
                || name.startsWith("VirtualThread-unblocker")
                || name.equals("Java2D Disposer"); // started once per JVM by the first font measured (a chart's labels)
    }
}
