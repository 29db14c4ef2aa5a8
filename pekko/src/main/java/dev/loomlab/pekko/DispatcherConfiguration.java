package dev.loomlab.pekko;

import com.typesafe.config.Config;

/**
 * The default dispatcher's settings as an actor system reads them from its configuration, in one
 * line for a measurement's notes: dispatcher type, executor (the one {@code default-executor} falls
 * back to), its parallelism and the thread count it gives on this JVM's processors, throughput and
 * mailbox type.
 */
final class DispatcherConfiguration {

    static final String DISPATCHER = "pekko.actor.default-dispatcher";

    private DispatcherConfiguration() {}

    /** The line for {@code config}, a system's {@code settings().config()}. */
    static String of(Config config) {
        Config d = config.getConfig(DISPATCHER);
        String executor = d.getString("executor");
        if (executor.equals("default-executor")) {
            executor = d.getString("default-executor.fallback");
        }
        StringBuilder line = new StringBuilder("default-dispatcher type ").append(d.getString("type"))
                .append(", executor ").append(executor);
        int processors = Runtime.getRuntime().availableProcessors();
        if (executor.equals("fork-join-executor")) {
            Config fj = d.getConfig("fork-join-executor");
            appendParallelism(line, "parallelism", fj.getInt("parallelism-min"), fj.getDouble("parallelism-factor"),
                    fj.getInt("parallelism-max"), processors);
            if (fj.hasPath("virtualize")) {
                line.append(", virtualize ").append(fj.getBoolean("virtualize") ? "on" : "off");
            }
        } else if (executor.equals("thread-pool-executor")) {
            Config tp = d.getConfig("thread-pool-executor");
            appendParallelism(line, "core pool", tp.getInt("core-pool-size-min"), tp.getDouble("core-pool-size-factor"),
                    tp.getInt("core-pool-size-max"), processors);
        }
        line.append(", throughput ").append(d.getInt("throughput"));
        line.append(", mailbox ").append(config.getString("pekko.actor.default-mailbox.mailbox-type"));
        return line.toString();
    }

    /** "parallelism min 8, factor 1.0, max 64 (8 threads on 2 processors)", as Pekko sizes its pool. */
    private static void appendParallelism(StringBuilder line, String what, int min, double factor, int max, int processors) {
        int threads = Math.min(Math.max((int) Math.ceil(processors * factor), min), max);
        line.append(", ").append(what).append(" min ").append(min).append(", factor ").append(factor).append(", max ").append(max)
                .append(" (").append(threads).append(" threads on ").append(processors).append(" processors)");
    }
}
