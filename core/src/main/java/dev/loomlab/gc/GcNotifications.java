package dev.loomlab.gc;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The JVM's own notification of each collection ({@link GarbageCollectionNotificationInfo}),
 * counted per collector bean ("G1 Young Generation", "ZGC Minor Pauses", "Copy", ...). Their
 * durations are whole milliseconds, too coarse for ZGC's pauses, so pause times come from the
 * {@link SafepointLog}; these counts are the cross-check. Closing removes the listeners.
 */
public final class GcNotifications implements AutoCloseable {

    private record Seen(String name, long startMs) {}

    private final List<Seen> seen = new ArrayList<>();
    private final List<Runnable> removals = new ArrayList<>();

    private GcNotifications() {}

    /** Starts counting now. */
    public static GcNotifications start() {
        GcNotifications n = new GcNotifications();
        NotificationListener listener = (notification, handback) -> {
            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
                synchronized (n.seen) {
                    n.seen.add(new Seen(info.getGcName(), info.getGcInfo().getStartTime()));
                }
            }
        };
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                n.removals.add(() -> {
                    try {
                        emitter.removeNotificationListener(listener);
                    } catch (ListenerNotFoundException ignored) {
                        // already gone
                    }
                });
            }
        }
        return n;
    }

    /**
     * Collections notified so far that started between {@code fromMs} and {@code toMs} of the
     * JVM's uptime ({@link java.lang.management.RuntimeMXBean#getUptime()}), per collector bean.
     * Notifications arrive late, on the JVM's notification thread: wait a little before asking.
     */
    public Map<String, Integer> counts(long fromMs, long toMs) {
        Map<String, Integer> c = new TreeMap<>();
        synchronized (seen) {
            seen.stream().filter(s -> s.startMs() >= fromMs && s.startMs() <= toMs).forEach(s -> c.merge(s.name(), 1, Integer::sum));
        }
        return c;
    }

    /** {@code "G1 Young Generation 12, G1 Concurrent GC 2"} for that span of uptime, or "none". */
    public String summary(long fromMs, long toMs) {
        Map<String, Integer> c = counts(fromMs, toMs);
        if (c.isEmpty()) {
            return "none";
        }
        StringBuilder s = new StringBuilder();
        c.forEach((name, count) -> s.append(s.isEmpty() ? "" : ", ").append(name).append(' ').append(count));
        return s.toString();
    }

    @Override
    public void close() {
        removals.forEach(Runnable::run);
    }
}
