package dev.loomlab.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.eclipse.aether.repository.RemoteRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code %maven}, its aliases, {@code %mavenRepo} and {@code %%loadFromPOM}, against repositories
 * made in the test: nothing here touches the network or the user's own local repository.
 */
class MavenMagicsTest {

    @TempDir
    Path tmp;

    /** A remote repository that does not exist: any attempt to fetch from it fails at once. */
    private RemoteRepository nowhere() {
        return new RemoteRepository.Builder("nowhere", "default", tmp.resolve("no-such-remote").toUri().toString()).build();
    }

    private Evaluator evaluator(Path localRepository, RemoteRepository... remotes) {
        return new Evaluator(null, System.out, System.err, new MavenDependencies(localRepository, List.of(remotes)));
    }

    @Test
    void mavenAddsAnArtifactOfTheLocalRepositoryWithItsDependencies() throws Exception {
        Path local = FakeMavenRepository.create(tmp.resolve("local"));
        try (Evaluator ev = evaluator(local, nowhere())) {
            Object value = ev.eval("%maven " + FakeMavenRepository.GREETER + "\nfixture.Greeter.hello()").value();
            assertThat(value).isEqualTo(FakeMavenRepository.HELLO);
        }
    }

    @Test
    void aliasesAndLoadFromPomDoTheSame() throws Exception {
        Path local = FakeMavenRepository.create(tmp.resolve("local"));
        for (String cell : List.of("%addMavenDependency " + FakeMavenRepository.GREETER,
                "%addMavenDependencies " + FakeMavenRepository.GREETER,
                """
                %%loadFromPOM
                <properties><v>1.0</v></properties>
                <dependencies><dependency>
                  <groupId>dev.loomlab.fixture</groupId><artifactId>greeter</artifactId><version>${v}</version>
                </dependency></dependencies>
                """)) {
            try (Evaluator ev = evaluator(local, nowhere())) {
                assertThat(ev.eval(cell).hasValue()).as(cell).isFalse();
                assertThat(ev.eval("fixture.Greeter.hello()").value()).as(cell).isEqualTo(FakeMavenRepository.HELLO);
            }
        }
    }

    @Test
    void mavenRepoAddsARemoteToFetchFrom() throws Exception {
        Path remote = FakeMavenRepository.create(tmp.resolve("remote"));
        Path local = tmp.resolve("empty-local");
        try (Evaluator ev = evaluator(local, nowhere())) {
            ev.eval("%mavenRepo fixture " + remote.toUri() + "\n%maven " + FakeMavenRepository.GREETER);
            assertThat(ev.eval("fixture.Greeter.hello()").value()).isEqualTo(FakeMavenRepository.HELLO);
        }
        assertThat(local.resolve("dev/loomlab/fixture/name/1.0/name-1.0.jar")).as("fetched into the local repository").isRegularFile();
    }

    @Test
    void aMissingArtifactIsOneErrorNamingItAndTheRepositoriesAndTheKernelGoesOn() throws Exception {
        Path local = tmp.resolve("empty-local");
        try (Evaluator ev = evaluator(local, nowhere())) {
            assertThatThrownBy(() -> ev.eval("%maven dev.loomlab.fixture:absent:9.9"))
                    .isInstanceOfSatisfying(CellException.class, e -> {
                        assertThat(e.ename()).isEqualTo("MagicError");
                        assertThat(e.evalue()).contains("dev.loomlab.fixture:absent")
                                .contains("9.9")
                                .contains(local.toString())
                                .contains("nowhere (" + tmp.resolve("no-such-remote").toUri())
                                .doesNotContain("\n");
                    });
            assertThat(ev.eval("1 + 1").value()).isEqualTo(2);
        }
    }

    @Test
    void badArgumentsAreClearErrors() {
        try (Evaluator ev = evaluator(tmp.resolve("local"), nowhere())) {
            assertThatThrownBy(() -> ev.eval("%maven"))
                    .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("needs group:artifact:version"));
            assertThatThrownBy(() -> ev.eval("%maven justaname"))
                    .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("not group:artifact:version"));
            assertThatThrownBy(() -> ev.eval("%mavenRepo onlyid"))
                    .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("an id and a URL"));
            assertThatThrownBy(() -> ev.eval("%%loadFromPOM\n<dependencies><oops"))
                    .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).startsWith("%%loadFromPOM: not a POM"));
            assertThatThrownBy(() -> ev.eval("%%nope\nx"))
                    .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("unknown cell magic %%nope"));
        }
    }

    @Test
    void userLocalRepositoryFollowsMavensProperty() {
        String before = System.getProperty("maven.repo.local");
        try {
            System.setProperty("maven.repo.local", tmp.toString());
            assertThat(MavenDependencies.userLocalRepository()).isEqualTo(tmp);
        } finally {
            if (before == null) {
                System.clearProperty("maven.repo.local");
            } else {
                System.setProperty("maven.repo.local", before);
            }
        }
    }
}
