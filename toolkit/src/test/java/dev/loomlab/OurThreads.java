package dev.loomlab;

/**
 * Test helper: the platform threads a test may have leaked. The JDK's own pools are not ours and
 * come and go on their own schedule: the virtual-thread scheduler's carriers (started lazily,
 * retired after 30 s idle), its timer threads for timed parks, and the process reapers that
 * linger 60 s after a child JVM exits.
 */
public final class OurThreads {

    private OurThreads() {}

    /** Live platform threads, the JDK's carriers, unparkers and reapers left out. */
    public static long count() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .filter(t -> !t.isVirtual())
                .filter(t -> !isJdkPool(t))
                .count();
    }

    /** Names of those threads, for an assertion's message. */
    public static java.util.List<String> names() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !t.isVirtual() && !isJdkPool(t)).map(Thread::getName).sorted().toList();
    }

    private static boolean isJdkPool(Thread t) {
        String type = t.getClass().getName();
        String name = t.getName();
        return type.equals("jdk.internal.misc.CarrierThread")
                || name.startsWith("process reaper")
                || name.startsWith("VirtualThread-unparker")
                || name.startsWith("VirtualThread-unblocker")
                || name.endsWith("-delayScheduler"); // JDK 25: the scheduler's timer for timed parks
    }
}
