package dev.loomlab.kernel;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;

/**
 * A Maven repository made in a test, with no network: two artifacts laid out as a local
 * repository holds them. {@code dev.loomlab.fixture:greeter:1.0} has the class
 * {@code fixture.Greeter} whose {@code hello()} uses {@code fixture.dep.Name} from its dependency
 * {@code dev.loomlab.fixture:name:1.0}: a cell that calls {@code fixture.Greeter.hello()} after
 * {@code %maven dev.loomlab.fixture:greeter:1.0} proves that the transitive one came too.
 */
final class FakeMavenRepository {

    static final String GREETER = "dev.loomlab.fixture:greeter:1.0";
    static final String HELLO = "hello from a Maven artifact and its dependency";

    private FakeMavenRepository() {}

    /**
     * Writes both artifacts into the repository at {@code root} (made if missing); returns {@code root}.
     * Their sources and classes are compiled beside it, in {@code root}'s parent, which the test owns.
     */
    static Path create(Path root) throws IOException {
        Path work = Files.createDirectories(root.resolveSibling(root.getFileName() + "-build"));
        Path nameClasses = compile(work, "name", "fixture.dep", "Name",
                "public static String name() { return \"" + HELLO.substring("hello from ".length()) + "\"; }", null);
        Path greeterClasses = compile(work, "greeter", "fixture", "Greeter",
                "public static String hello() { return \"hello from \" + fixture.dep.Name.name(); }", nameClasses);
        artifact(root, "name", nameClasses, "");
        artifact(root, "greeter", greeterClasses, """
                <dependencies><dependency>
                  <groupId>dev.loomlab.fixture</groupId><artifactId>name</artifactId><version>1.0</version>
                </dependency></dependencies>""");
        return root;
    }

    private static Path compile(Path work, String artifact, String pkg, String cls, String body, Path classPath)
            throws IOException {
        Path src = work.resolve("src-" + artifact).resolve(pkg.replace('.', '/')).resolve(cls + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, "package " + pkg + "; public class " + cls + " { " + body + " }");
        Path out = work.resolve("classes-" + artifact);
        Files.createDirectories(out);
        int rc = classPath == null
                ? ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", out.toString(), src.toString())
                : ToolProvider.getSystemJavaCompiler().run(null, null, null, "-cp", classPath.toString(),
                        "-d", out.toString(), src.toString());
        if (rc != 0) {
            throw new IOException("javac failed for " + src);
        }
        return out;
    }

    private static void artifact(Path root, String artifact, Path classes, String dependencies) throws IOException {
        Path dir = root.resolve("dev/loomlab/fixture").resolve(artifact).resolve("1.0");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(artifact + "-1.0.pom"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>dev.loomlab.fixture</groupId><artifactId>%s</artifactId><version>1.0</version>
                  %s
                </project>
                """.formatted(artifact, dependencies));
        try (OutputStream file = Files.newOutputStream(dir.resolve(artifact + "-1.0.jar"));
             JarOutputStream jar = new JarOutputStream(file);
             var classFiles = Files.walk(classes)) {
            for (Path p : classFiles.filter(Files::isRegularFile).toList()) {
                jar.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                jar.write(Files.readAllBytes(p));
                jar.closeEntry();
            }
        }
    }
}
