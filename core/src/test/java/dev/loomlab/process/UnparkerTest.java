package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.loomlab.NoLeaks;
import dev.loomlab.measure.Parked;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link Unparker} does what {@code LockSupport.unpark} does. */
@ExtendWith(NoLeaks.class)
class UnparkerTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void itWakesAParkedVirtualThread() throws Exception {
        Thread parked = Thread.ofVirtual().start(LockSupport::park);
        Parked.awaitAll(1, i -> parked, WAIT);
        Unparker.unpark(parked);
        assertThat(parked.join(WAIT)).isTrue();
    }

    @Test
    void anUnparkBeforeTheParkIsKeptAsItsPermit() throws Exception {
        Thread thread = Thread.ofVirtual().unstarted(LockSupport::park);
        thread.start();
        Unparker.unpark(thread); // whether it parked yet or not, it must not stay parked
        assertThat(thread.join(WAIT)).isTrue();
    }

    @Test
    void nullIsNothing() {
        assertThatCode(() -> Unparker.unpark(null)).doesNotThrowAnyException();
    }
}
