package dev.loomlab.cli;

import dev.loomlab.workshop.JoinCode;
import dev.loomlab.workshop.Room;
import dev.loomlab.workshop.WorkshopServer;
import dev.loomlab.workshop.WorkshopStore;
import java.io.PrintWriter;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loomlab workshop serve}: the live page, until Ctrl-C. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serves the workshop's live page and takes the participants' results.",
                "Results arrive by POST /api/results. Prints the address to give participants and the join code. "
                        + "Results are kept in --dir, one file per participant and machine; a restart "
                        + "shows the same page and keeps the same code and teacher's token. Ctrl-C stops it."})
final class WorkshopServeCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8077", paramLabel = "P", description = "the port (0: any free one). Default: ${DEFAULT-VALUE}")
    int port;

    @Option(names = "--dir", defaultValue = "build/workshop", paramLabel = "D",
            description = "the workshop folder: results, join code, refusals. Default: ${DEFAULT-VALUE}")
    Path dir;

    @Option(names = "--cap", defaultValue = "" + SUGGESTED_CAP, paramLabel = "N",
            description = "the cap participants run the report at (in the command printed and on the page). Default: ${DEFAULT-VALUE}")
    int cap;

    /** The cap a workshop's report runs at unless the teacher chooses another. */
    static final int SUGGESTED_CAP = 20_000;

    @Option(names = "--public", description = "listen on every network interface (other laptops can reach it); without it only this machine can")
    boolean publicly;

    @Spec
    CommandSpec spec;

    /** Counted down to stop a server started by a test. */
    final CountDownLatch stop = new CountDownLatch(1);

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port must be between 0 and 65535, got " + port);
        }
        if (cap < 1) {
            throw new IllegalArgumentException("--cap must be at least 1, got " + cap);
        }
        WorkshopStore store = WorkshopStore.open(dir);
        JoinCode code = JoinCode.inFolder(dir);
        JoinCode token = JoinCode.teacherToken(dir);
        List<String> addresses = publicly ? networkAddresses() : List.of();
        Room room = new Room(code, token, addresses.isEmpty() ? "127.0.0.1" : addresses.get(0), cap);
        InetAddress bind = publicly ? InetAddress.getByName("0.0.0.0") : InetAddress.getLoopbackAddress();
        CountDownLatch closed = new CountDownLatch(1);
        Thread hook = Thread.ofPlatform().unstarted(() -> { // Ctrl-C: let posts under way finish, for up to 3 s
            stop.countDown();
            try {
                closed.await(3, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try (WorkshopServer server = WorkshopServer.start(store, room, bind, port)) {
            Runtime.getRuntime().addShutdownHook(hook);
            PrintWriter out = spec.commandLine().getOut();
            out.println("loomlab workshop: serving " + dir.toAbsolutePath() + " (" + store.snapshot().entries().size() + " results kept)");
            out.println("  page:       http://127.0.0.1:" + server.port() + "/");
            if (publicly) {
                addresses.forEach(a -> out.println("  for participants: http://" + a + ":" + server.port() + "/"));
                if (addresses.isEmpty()) {
                    out.println("  no network address found: participants on other machines cannot reach this one");
                }
            } else {
                out.println("  only this machine can reach it; add --public so that other laptops can");
            }
            out.println("  join code:  " + code + "   (the page shows it, the address and a QR code: put it on the projector)");
            out.println("  participants run:  " + room.command(server.port()));
            out.println("  teacher's token:  " + token + "   (keep it to yourself; it is in " + dir.resolve(JoinCode.TOKEN_FILE) + ")");
            out.println("    your own machine, marked as the teacher's:  " + room.teacherCommand(server.port()));
            out.println("    remove an entry:  curl -X DELETE -H '" + WorkshopServer.TOKEN_HEADER + ": " + token + "' "
                    + "http://127.0.0.1:" + server.port() + "/api/results/FILE   (FILE: the entry's file, on the page)");
            out.println("  Ctrl-C stops the server; the results stay in " + dir);
            out.flush();
            stop.await();
        } finally {
            closed.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException | IllegalArgumentException shuttingDownOrNeverAdded) {
                // the JVM is stopping (Ctrl-C), or the server never started
            }
        }
        return 0;
    }

    /** This machine's IPv4 addresses on interfaces that are up, not loopback, site-local first. */
    static List<String> networkAddresses() {
        List<String> local = new ArrayList<>();
        List<String> other = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback()) {
                    continue;
                }
                for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                    if (a instanceof Inet4Address) {
                        (a.isSiteLocalAddress() ? local : other).add(a.getHostAddress());
                    }
                }
            }
        } catch (SocketException e) {
            return List.of();
        }
        local.addAll(other);
        return local;
    }
}
