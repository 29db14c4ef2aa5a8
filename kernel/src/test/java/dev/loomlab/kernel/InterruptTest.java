package dev.loomlab.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An interrupt stops a running cell within seconds, and the next cell runs as usual. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InterruptTest {

    private Evaluator evaluator;
    private final ExecutorService shell = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "test-shell");
        t.setDaemon(true);
        return t;
    });

    @BeforeAll
    void start() {
        evaluator = new Evaluator(null, System.out, System.err);
    }

    @AfterAll
    void stop() {
        shell.shutdownNow();
        evaluator.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "while (true) {}",
        "Thread.sleep(60_000)",
        "long n = 0; for (;;) { n++; }",
        "try { Thread.sleep(60_000); } catch (InterruptedException e) { } while (true) { }",
    })
    void interruptStopsTheCellAndKeepsTheKernel(String cell) throws Exception {
        TestProbe.state = "idle";
        Future<?> running = shell.submit(() -> evaluator.eval("dev.loomlab.kernel.TestProbe.state = \"running\";\n" + cell));
        waitUntil(() -> "running".equals(TestProbe.state), Duration.ofSeconds(20));
        Thread.sleep(200); // let it get into the loop or the sleep

        long start = System.nanoTime();
        evaluator.stop();
        Throwable failure = null;
        try {
            running.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            failure = e.getCause();
        }
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertThat(failure).isInstanceOfSatisfying(CellException.class,
                e -> assertThat(e.ename()).isEqualTo("Interrupted"));
        assertThat(tookMs).as("ms from interrupt to the end of the cell").isLessThan(5_000);
        assertThat(evaluator.eval("6 * 7").value()).isEqualTo(42);
    }

    /**
     * Regression: JShell's local engine waited for every thread of the cell's thread group alive
     * just after the cell started, so a cell whose first act starts a long-lived thread hung
     * (about 1 cell in 25 on a loaded machine). A cell now waits for its own thread only.
     */
    @org.junit.jupiter.api.Test
    void threadsStartedByACellDoNotHoldIt() throws Exception {
        for (int i = 0; i < 20; i++) {
            Future<Evaluator.Result> cell = shell.submit(() -> evaluator.eval("""
                    Thread lingering = new Thread(() -> { try { Thread.sleep(20_000); } catch (InterruptedException e) { } });
                    lingering.setDaemon(true);
                    lingering.start();
                    Thread.currentThread().getName()
                    """));
            assertThat(cell.get(10, TimeUnit.SECONDS).value()).isEqualTo("loomlab-cell");
        }
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within " + timeout);
            }
            Thread.sleep(20);
        }
    }
}
