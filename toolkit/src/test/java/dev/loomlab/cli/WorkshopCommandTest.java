package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.workshop.WorkshopFixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code workshop serve}, {@code workshop send} and {@code report --send}, as a teacher and participants type them. */
class WorkshopCommandTest extends CliTestSupport {

    @TempDir
    Path dir;

    /** A running {@code workshop serve}: its printed lines, its port and code, and a way to stop it. */
    record Serving(CommandLine cli, StringWriter out, Future<Integer> exit, int port, String code) implements AutoCloseable {

        static Serving start(String... args) throws Exception {
            CommandLine cli = LoomlabCommand.commandLine();
            StringWriter out = new StringWriter();
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(out, true));
            var thread = Executors.newVirtualThreadPerTaskExecutor();
            Future<Integer> exit = thread.submit(() -> cli.execute(args));
            thread.shutdown();
            Instant deadline = Instant.now().plusSeconds(30);
            Matcher code = Pattern.compile("join code: +([A-Z0-9]{6})").matcher("");
            while (!code.reset(out.toString()).find()) {
                assertThat(Instant.now()).as("serve did not start: " + out).isBefore(deadline);
                assertThat(exit.isDone()).as("serve ended: " + out).isFalse();
                Thread.sleep(50);
            }
            Matcher port = Pattern.compile("page: +http://127\\.0\\.0\\.1:(\\d+)/").matcher(out.toString());
            assertThat(port.find()).as(out.toString()).isTrue();
            return new Serving(cli, out, exit, Integer.parseInt(port.group(1)), code.group(1));
        }

        String url() {
            return "http://127.0.0.1:" + port;
        }

        @Override
        public void close() throws Exception {
            WorkshopServeCommand serve = cli.getSubcommands().get("workshop").getSubcommands().get("serve").getCommand();
            serve.stop.countDown();
            assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
        }
    }

    private long stored() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("results-")).count();
        }
    }

    @Test
    void serveListensOnThisMachineOnlyPrintsTheCodeAndKeepsItAcrossARestart() throws Exception {
        String code;
        try (Serving serving = Serving.start("workshop", "serve", "--port", "0", "--dir", dir.toString())) {
            code = serving.code();
            assertThat(serving.out().toString()).contains("only this machine can reach it; add --public",
                    "participants run:  ./loomlab report --cap 20000 --send http://127.0.0.1:" + serving.port() + " --code " + code
                            + " --name YOUR_NAME");
            String token = Files.readString(dir.resolve("teacher-token.txt")).strip();
            assertThat(serving.out().toString()).contains("teacher's token:  " + token, "X-Teacher-Token: " + token);
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", serving.port()), 5_000);
            }
            for (String address : WorkshopServeCommand.networkAddresses()) {
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(address, serving.port()), 2_000);
                    throw new AssertionError("reachable from " + address + " without --public");
                } catch (java.io.IOException refused) {
                    // what binding to 127.0.0.1 means
                }
            }
        }
        assertThat(Files.readString(dir.resolve("join-code.txt")).strip()).isEqualTo(code);
        try (Serving again = Serving.start("workshop", "serve", "--port", "0", "--dir", dir.toString())) {
            assertThat(again.code()).isEqualTo(code);
        }
    }

    @Test
    void publicListensOnEveryInterfaceAndPrintsTheAddressesForParticipants() throws Exception {
        try (Serving serving = Serving.start("workshop", "serve", "--public", "--port", "0", "--cap", "5000", "--dir", dir.toString())) {
            var addresses = WorkshopServeCommand.networkAddresses();
            if (addresses.isEmpty()) {
                assertThat(serving.out().toString()).contains("no network address found",
                        "./loomlab report --cap 5000 --send http://127.0.0.1:" + serving.port());
            } else {
                assertThat(serving.out().toString()).contains("for participants: http://" + addresses.get(0) + ":" + serving.port() + "/",
                        "./loomlab report --cap 5000 --send http://" + addresses.get(0) + ":" + serving.port() + " --code " + serving.code());
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(addresses.get(0), serving.port()), 5_000);
                }
            }
        }
    }

    @Test
    void sendStoresAFileAndAnUnreachableTeacherLeavesItWithOneLineSayingHowToSendLater() throws Exception {
        Path results = dir.resolve("mine/results.json");
        Files.createDirectories(results.getParent());
        Files.writeString(results, WorkshopFixtures.results("laptop", 3, 1));
        try (Serving serving = Serving.start("workshop", "serve", "--port", "0", "--dir", dir.resolve("teacher").toString())) {
            assertThat(run("workshop", "send", results.toString(), "--to", serving.url(), "--code", serving.code(), "--name", "Zoé"))
                    .as(err.toString()).isZero();
            assertThat(out.toString()).contains("sent to", "stored: Zoé (laptop)");
            assertThat(run("workshop", "send", results.toString(), "--to", serving.url(), "--code", "WRONG1", "--name", "Zoé"))
                    .isEqualTo(LoomlabCommand.FAILED);
            assertThat(err.toString()).contains("refused the results (401)");
        }

        int closed;
        try (ServerSocket free = new ServerSocket(0)) {
            closed = free.getLocalPort();
        }
        err.getBuffer().setLength(0);
        String url = "http://127.0.0.1:" + closed;
        assertThat(run("workshop", "send", results.toString(), "--to", url, "--code", "ABCDEF", "--name", "Zoé"))
                .isEqualTo(LoomlabCommand.FAILED);
        assertThat(err.toString().strip().lines()).hasSize(1);
        assertThat(err.toString()).contains("could not reach the teacher at " + url, "kept in " + results,
                "./loomlab workshop send " + results + " --to " + url + " --code ABCDEF --name 'Zoé'");
        assertThat(results).exists();
    }

    @Test
    void reportSendRunsTheReportThenPostsItsResults() throws Exception {
        try (Serving serving = Serving.start("workshop", "serve", "--port", "0", "--dir", dir.toString())) {
            int exit = run("report", "--cap", "100", "--only", "spawn", "--kinds", "virtual", "--deadline", "2m",
                    "--out", dir.resolve("report").toString(), "--label", "laptop-7",
                    "--send", serving.url(), "--code", serving.code(), "--name", "alice");
            assertThat(exit).as(out + "\n" + err).isZero();
            assertThat(out.toString()).contains("sent to " + serving.url(), "stored: alice (laptop-7)");
            assertThat(stored()).isEqualTo(1);
        }
    }

    @Test
    void sendWithoutCodeOrWithABadAddressIsAUsageErrorBeforeAnythingRuns() {
        assertThat(run("report", "--cap", "100", "--send", "http://127.0.0.1:9", "--name", "a")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("--send needs --code");
        assertThat(run("report", "--cap", "100", "--send", "192.168.1.20:8077", "--code", "X", "--name", "a")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("must start with http://");
        assertThat(run("workshop", "send", dir.resolve("none.json").toString(), "--to", "http://127.0.0.1:9", "--code", "X", "--name", "a"))
                .isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("run ./loomlab report first");
    }

    @Test
    void reportPlanPrintsItsFreshJvmsAndAnEstimateFromItsOwnFirstRunAndWritesNothing() throws Exception {
        Path report = dir.resolve("report");
        int exit = run("report", "--cap", "100", "--only", "spawn,ring", "--kinds", "virtual,process", "--deadline", "2m",
                "--out", report.toString(), "--plan");
        assertThat(exit).as(out + "\n" + err).isZero();
        // the ring runs over 3 fresh VMs per kind (--forks), the spawn over one
        assertThat(out.toString()).contains("at cap 100;", "spawn: virtual n=100, process n=100", "ring: virtual n=100 m=1 x 3 VMs",
                "fresh VMs: 8, one at a time", "memory: the largest run", "estimate: about", "the time spawn virtual n=100 took in its fresh JVM here just now",
                "at most: 16m (every fresh VM killed at its deadline)", "drop --plan");
        assertThat(report).doesNotExist();
    }
}
