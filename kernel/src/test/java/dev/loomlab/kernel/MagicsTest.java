package dev.loomlab.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code %jars} and {@code %classpath}: a class compiled in the test becomes usable in a cell. */
class MagicsTest {

    @TempDir
    Path tmp;

    /** Compiles {@code pkg.Name} with a {@code greet()} method returning {@code greeting} into {@code out}. */
    private Path compile(String pkg, String name, String greeting, Path out) throws IOException {
        Path src = tmp.resolve("src-" + name).resolve(pkg).resolve(name + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, "package " + pkg + "; public class " + name
                + " { public String greet() { return \"" + greeting + "\"; } }");
        Files.createDirectories(out);
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", out.toString(), src.toString());
        assertThat(rc).as("javac exit code").isZero();
        return out.resolve(pkg).resolve(name + ".class");
    }

    private Path jar(Path classFile, String entry, Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(entry));
            out.write(Files.readAllBytes(classFile));
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void jarsAddsJarsMatchingAGlob() throws Exception {
        Path cls = compile("demo", "Hello", "hello from a jar", tmp.resolve("classes-jar"));
        jar(cls, "demo/Hello.class", tmp.resolve("lib/hello.jar"));
        try (Evaluator ev = new Evaluator(null, System.out, System.err)) {
            Object value = ev.eval("%jars " + tmp.resolve("lib") + "/*.jar\nnew demo.Hello().greet()").value();
            assertThat(value).isEqualTo("hello from a jar");
        }
    }

    @Test
    void classpathAddsAFolder() throws Exception {
        compile("other", "Greeter", "hello from a folder", tmp.resolve("classes-dir"));
        try (Evaluator ev = new Evaluator(null, System.out, System.err)) {
            ev.eval("%classpath \"" + tmp.resolve("classes-dir") + "\"");
            assertThat(ev.eval("new other.Greeter().greet()").value()).isEqualTo("hello from a folder");
        }
    }

    @Test
    void badMagicsAreErrors() {
        try (Evaluator ev = new Evaluator(null, System.out, System.err)) {
            assertThatThrownBy(() -> ev.eval("%jars " + tmp + "/nothing-*.jar"))
                    .isInstanceOfSatisfying(CellException.class, e -> {
                        assertThat(e.ename()).isEqualTo("MagicError");
                        assertThat(e.evalue()).contains("no jar matches");
                    });
            assertThatThrownBy(() -> ev.eval("%mvn foo:bar:1"))
                    .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("unknown magic %mvn"));
        }
    }

    @Test
    void magicLinesKeepLineNumbers() {
        try (Evaluator ev = new Evaluator(null, System.out, System.err)) {
            assertThatThrownBy(() -> ev.eval("%classpath " + tmp + "\nint y = nope;"))
                    .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).startsWith("line 2:"));
        }
    }

    @Test
    void argumentsSplitOnSpacesButNotInQuotes() {
        assertThat(Magics.split(" a.jar  'b c.jar' \"d\"")).containsExactly("a.jar", "b c.jar", "d");
    }
}
