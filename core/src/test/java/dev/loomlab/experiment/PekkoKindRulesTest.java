package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.util.Progress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kind pekko as the core sees it, without the pekko module on its class path: parsed and named,
 * refused by the experiments that do not run on actors, refused in this JVM, and, when its module's
 * jar is missing, one line saying how to build it, before anything starts. The actors themselves
 * are tested in the pekko module.
 */
class PekkoKindRulesTest {

    private static final String JAR_PROPERTY = ChildJvm.moduleJarProperty("pekko");

    @AfterEach
    void forgetTheJar() {
        System.clearProperty(JAR_PROPERTY);
    }

    @Test
    void pekkoIsAnExperimentKindNamedAsWhatAJvmUserWouldPick() {
        assertThat(Kind.parse("pekko")).isEqualTo(Kind.PEKKO);
        assertThat(Kind.PEKKO.runtime()).isEqualTo("JVM Pekko actors");
        assertThat(Kind.PEKKO.actors()).isTrue();
        assertThat(Kind.PEKKO.module()).contains("pekko");
        assertThat(Kind.jvm()).doesNotContain(Kind.PEKKO);
        assertThatThrownBy(() -> Kind.parse("akka")).hasMessageContaining("pekko");
    }

    @Test
    void aMissingModuleIsOneLineNamingHowToBuildIt() {
        System.setProperty(JAR_PROPERTY, "/nonexistent/loomlab-pekko.jar");
        assertThatThrownBy(() -> FreshJvm.validate(ExperimentSpec.of("ring", 100).withM(1).withKind(Kind.PEKKO)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kind pekko needs the pekko module, and no loomlab-pekko.jar is at /nonexistent/loomlab-pekko.jar "
                        + "(-Dloomlab.pekko.jar): build it with ./loomlab build (or ./mvnw -B -DskipTests -pl core,pekko package)");
        assertThatThrownBy(() -> FreshJvm.run(ExperimentSpec.of("spawn", 100).withKind(Kind.PEKKO), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("./loomlab build");
    }

    @Test
    void theModulesJarIsFoundWhereThePropertySays(@TempDir Path dir) throws Exception {
        Path jar = Files.createFile(dir.resolve("loomlab-pekko.jar"));
        System.setProperty(JAR_PROPERTY, jar.toString());
        assertThat(ChildJvm.moduleJar("pekko")).contains(jar);
        assertThat(FreshJvm.moduleClassPath(Kind.PEKKO)).hasValueSatisfying(cp -> assertThat(cp).endsWith(jar.toString()));
        assertThat(FreshJvm.moduleClassPath(Kind.PROCESS)).isEmpty();
    }

    @Test
    void experimentsOfThreadBackedUnitsRefusePekko() {
        for (String name : new String[] {"hibernate", "state", "limit", "tasks", "ring-hibernated"}) {
            assertThatThrownBy(() -> Experiments.validate(Experiments.named(name), ExperimentSpec.of(name, 100).withM(1)
                    .withKind(Kind.PEKKO))).as(name).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("kind pekko runs spawn, ring, broadcast, pingpong; ");
        }
    }

    @Test
    void withoutTheModuleHerePekkoDoesNotRunInThisJvm() {
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("ring", 10).withM(1).withKind(Kind.PEKKO), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("without --in-process");
    }
}
