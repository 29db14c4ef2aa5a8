package dev.loomlab.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real kernel jar, started by Jupyter's own client library, as a notebook server would:
 * kernelspec written by {@code scripts/notebooks.sh}, 20 starts, and headless notebook runs.
 * Needs Debian's Jupyter ({@code /usr/bin/python3} with jupyter_client, nbclient, nbconvert),
 * which {@code .ci/run} installs; without it this test fails and says so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KernelStartIT {

    private static final String PYTHON = "/usr/bin/python3";
    private static final int STARTS = 20;

    @TempDir
    static Path tmp;

    private Path repo;
    private Path root;
    private Map<String, String> jupyterEnv;

    @BeforeAll
    void setUp() throws Exception {
        Run check = run(List.of(PYTHON, "-c", "import jupyter_client, nbclient, nbconvert"), Map.of(), Duration.ofSeconds(60));
        if (check.exitCode != 0) {
            fail("Jupyter is missing: this test needs /usr/bin/python3 with jupyter_client, nbclient and nbconvert. "
                    + "Run .ci/run (it installs them), or: apt-get install jupyter-notebook jupyter-nbconvert "
                    + "python3-nbclient python3-jupyter-client python3-ipykernel fontconfig fonts-dejavu-core\n" + check.output);
        }
        repo = Path.of(System.getProperty("loomlab.root", "..")).toAbsolutePath().normalize();
        Path built = Path.of(System.getProperty("loomlab.kernel.jar", "target/loomlab-kernel.jar")).toAbsolutePath();
        String java = System.getProperty("loomlab.java", ProcessHandle.current().info().command().orElse("java"));
        assertThat(built).as("the shaded kernel jar (built in package)").isRegularFile();
        // a private copy: another build of the module must not swap the jar under a running test
        Path jar = Files.copy(built, tmp.resolve("loomlab-kernel.jar"));

        // a stand-in project root: the fixture startup file and notebooks
        root = tmp.resolve("root");
        Files.createDirectories(root.resolve("notebooks"));
        copyResource("/fixture/startup.jsh", root.resolve("notebooks/loomlab.jsh"));
        copyResource("/notebooks/good.ipynb", root.resolve("notebooks/good.ipynb"));
        copyResource("/notebooks/bad.ipynb", root.resolve("notebooks/bad.ipynb"));

        // Jupyter's user folders inside the temp dir: the developer's own kernelspecs stay untouched
        // and a Maven local repository made here, which the fixture notebook's %maven cell reads
        Path m2 = FakeMavenRepository.create(tmp.resolve("m2"));
        jupyterEnv = Map.of(
                "JUPYTER_DATA_DIR", tmp.resolve("jupyter-data").toString(),
                "JUPYTER_RUNTIME_DIR", tmp.resolve("jupyter-runtime").toString(),
                "JUPYTER_CONFIG_DIR", tmp.resolve("jupyter-config").toString(),
                "JAVA_TOOL_OPTIONS", "-Dmaven.repo.local=" + m2);

        Run install = bash("loomlab_install_kernelspec \"$1\" \"$2\" \"$3\"", root.toString(), java, jar.toString());
        assertThat(install.exitCode).as(install.output).isZero();
        Path spec = tmp.resolve("jupyter-data/kernels/loomlab-java/kernel.json");
        assertThat(spec).isRegularFile();
        assertThat(Files.readString(spec))
                .contains("\"interrupt_mode\": \"message\"")
                .contains("-Dloomlab.startup=" + root + "/notebooks/loomlab.jsh")
                .contains("\"JAVA_HOME\"");
    }

    @Test
    void startsEveryTimeAndEvaluates() throws Exception {
        Path script = tmp.resolve("kernel_starts.py");
        copyResource("/kernel_starts.py", script);
        Run starts = run(List.of(PYTHON, script.toString(), String.valueOf(STARTS)), jupyterEnv, Duration.ofSeconds(240));
        System.out.println(starts.output);
        assertThat(starts.exitCode).as(starts.output).isZero();
        assertThat(starts.output).contains(STARTS + " of " + STARTS + " starts ok");
    }

    @Test
    void everyMessageKeepsToTheMessagingSpec() throws Exception {
        Path script = tmp.resolve("message_spec.py");
        copyResource("/message_spec.py", script);
        Run spec = run(List.of(PYTHON, script.toString()), jupyterEnv, Duration.ofSeconds(180));
        System.out.println(spec.output);
        assertThat(spec.exitCode).as(spec.output).isZero();
        assertThat(spec.output).contains("kernel_info_reply").contains("update_display_data").contains(": ok");
    }

    /**
     * The kernel's magics through jupyter_client: %%fresh, %%erl (with and without Erlang), %time,
     * %%time, %load and Shift-Tab inspection, in one kernel started in a notebook's folder.
     */
    @Test
    void freshCellsMagicsAndInspection() throws Exception {
        Path script = tmp.resolve("fresh_cells.py");
        copyResource("/fresh_cells.py", script);
        copyResource("/kernel_starts.py", tmp.resolve("kernel_starts.py")); // fresh_cells.py imports it
        Path folder = Files.createDirectories(tmp.resolve("fresh-notebook"));
        Files.writeString(folder.resolve("helper.jsh"), "String loadedHelper() { return \"from helper.jsh\"; }\n");
        Run cells = run(List.of(PYTHON, script.toString(), folder.toString()), jupyterEnv, Duration.ofSeconds(300));
        System.out.println(cells.output);
        assertThat(cells.exitCode).as(cells.output).isZero();
        assertThat(cells.output).contains("all fresh-cell checks ok");
    }

    @Test
    void runNotebooksChecksEachNotebook() throws Exception {
        Run notebooks = bash("loomlab_run_notebooks \"$1\"", root.toString());
        System.out.println(notebooks.output);
        assertThat(notebooks.exitCode).as("one notebook fails, so the run fails").isEqualTo(1);
        List<String> lines = notebooks.output.lines().toList();
        assertThat(lines).anyMatch(l -> l.startsWith("good ") && l.endsWith("  ok"));
        assertThat(lines).anyMatch(l -> l.startsWith("bad ")
                && l.contains("FAILED: java.lang.IllegalStateException: fixture failure")
                && l.contains("(+1 more)"));
        Path out = root.resolve("build/notebooks");
        assertThat(out.resolve("good.ipynb")).isRegularFile();
        assertThat(Files.readString(out.resolve("good.html"))).contains("<table").contains("image/png");
        assertThat(Files.readString(out.resolve("good.ipynb"))).contains("step 3").contains("from the startup file")
                .contains(FakeMavenRepository.HELLO);
        // the in-place cell: two outputs (the display and the progress line), each holding its last value
        var executed = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("good.ipynb").toFile());
        List<String> inPlace = new ArrayList<>();
        for (var cell : executed.get("cells")) {
            if (cell.path("id").asText().equals("good-12")) {
                cell.get("outputs").forEach(o -> {
                    var text = o.path("data").path("text/plain"); // a string, or a list of lines
                    StringBuilder joined = new StringBuilder(text.isArray() ? "" : text.asText());
                    text.forEach(line -> joined.append(line.asText()));
                    inPlace.add(o.path("output_type").asText() + ": " + joined);
                });
            }
        }
        assertThat(inPlace).hasSize(2);
        assertThat(inPlace.get(0)).isEqualTo("display_data: step 3 of 3");
        assertThat(inPlace.get(1)).startsWith("display_data: fixture steps: 3 of 3 done").endsWith("step 3 done");
    }

    @Test
    void plainNbconvertStopsOnAnError() throws Exception {
        Path bad = root.resolve("notebooks/bad.ipynb");
        List<String> cmd = List.of("/usr/bin/jupyter", "nbconvert", "--to", "notebook", "--execute",
                "--ExecutePreprocessor.kernel_name=loomlab-java", "--ExecutePreprocessor.timeout=120",
                "--output-dir", tmp.resolve("plain").toString(), bad.toString());
        Run plain = run(cmd, jupyterEnv, Duration.ofSeconds(120));
        assertThat(plain.exitCode).as(plain.output).isNotZero();
        assertThat(plain.output).contains("IllegalStateException").contains("fixture failure");
    }

    private void copyResource(String name, Path target) throws IOException {
        try (InputStream in = KernelStartIT.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Runs a bash snippet after sourcing scripts/notebooks.sh; $1.. are the arguments. */
    private Run bash(String snippet, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c",
                "set -u; source \"$LOOMLAB_SCRIPTS/notebooks.sh\"; " + snippet, "bash"));
        cmd.addAll(List.of(args));
        Map<String, String> env = new java.util.HashMap<>(jupyterEnv);
        env.put("LOOMLAB_SCRIPTS", repo.resolve("scripts").toString());
        return run(cmd, env, Duration.ofSeconds(240));
    }

    record Run(int exitCode, String output) {}

    /** Runs a command with a deadline; kills it (and its children) if the deadline passes. */
    private static Run run(List<String> command, Map<String, String> env, Duration deadline) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = p.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(output lost: " + e + ")";
            }
        });
        if (!p.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("timed out after " + deadline + ": " + command + "\n" + output.get(10, TimeUnit.SECONDS));
        }
        return new Run(p.exitValue(), output.get(10, TimeUnit.SECONDS));
    }
}
