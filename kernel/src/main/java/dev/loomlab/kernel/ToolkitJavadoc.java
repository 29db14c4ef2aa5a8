package dev.loomlab.kernel;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.tools.JavaCompiler;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * The Javadoc of a toolkit element, for Shift-Tab: JShell reads Javadoc from the JDK's
 * {@code src.zip} only, so the kernel jar carries the toolkit's and the core's sources (under
 * {@value #ROOT}) and this reads the comment of the element a JShell signature names
 * ({@code dev.loomlab.experiment.Measurement dev.loomlab.api.Loomlab.ring(int n, int m)}, or a
 * class name), matched by name and parameter names. Empty when the sources are not there.
 */
final class ToolkitJavadoc {

    /** Where the kernel jar keeps the sources. */
    static final String ROOT = "loomlab-sources/";

    private static final Map<String, Optional<Parsed>> PARSED = new ConcurrentHashMap<>();

    private record Parsed(CompilationUnitTree unit, DocTrees trees) {}

    private ToolkitJavadoc() {}

    /** The comment of the element {@code signature} names, if it is the toolkit's and its source is here. */
    static Optional<String> of(String signature) {
        int paren = signature.indexOf('(');
        String head = (paren < 0 ? signature : signature.substring(0, paren)).strip();
        String name = head.substring(head.lastIndexOf(' ') + 1);
        if (!name.startsWith("dev.loomlab.")) {
            return Optional.empty();
        }
        List<String> params = paren < 0 ? null : parameterNames(signature.substring(paren + 1, signature.lastIndexOf(')')));
        String owner = paren < 0 ? name : name.substring(0, name.lastIndexOf('.'));
        String member = paren < 0 ? null : name.substring(name.lastIndexOf('.') + 1);
        // the top-level class is the longest prefix that has a source file
        String[] parts = owner.split("\\.");
        for (int i = parts.length; i > 2; i--) {
            String top = String.join(".", List.of(parts).subList(0, i));
            Optional<Parsed> parsed = PARSED.computeIfAbsent(top, ToolkitJavadoc::parse);
            if (parsed.isPresent()) {
                List<String> nested = List.of(parts).subList(i, parts.length);
                return find(parsed.get(), parts[i - 1], nested, member, params);
            }
        }
        return Optional.empty();
    }

    private static List<String> parameterNames(String list) {
        if (list.isBlank()) {
            return List.of();
        }
        return List.of(list.split(",")).stream().map(String::strip).map(p -> p.substring(p.lastIndexOf(' ') + 1)).toList();
    }

    private static Optional<String> find(Parsed parsed, String topName, List<String> nested, String member, List<String> params) {
        for (Tree type : parsed.unit().getTypeDecls()) {
            if (type instanceof ClassTree c && c.getSimpleName().contentEquals(topName)) {
                TreePath path = TreePath.getPath(parsed.unit(), c);
                for (String inner : nested) {
                    path = memberClass(path, inner);
                    if (path == null) {
                        return Optional.empty();
                    }
                }
                if (member == null) {
                    return comment(parsed, path);
                }
                for (Tree m : ((ClassTree) path.getLeaf()).getMembers()) {
                    if (m instanceof MethodTree method && matches(method, member, params)) {
                        return comment(parsed, new TreePath(path, method));
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static TreePath memberClass(TreePath path, String name) {
        for (Tree m : ((ClassTree) path.getLeaf()).getMembers()) {
            if (m instanceof ClassTree c && c.getSimpleName().contentEquals(name)) {
                return new TreePath(path, c);
            }
        }
        return null;
    }

    private static boolean matches(MethodTree method, String name, List<String> params) {
        String actual = method.getName().contentEquals("<init>") ? "" : method.getName().toString();
        if (!actual.equals(name) || method.getParameters().size() != params.size()) {
            return false;
        }
        for (int i = 0; i < params.size(); i++) {
            VariableTree p = method.getParameters().get(i);
            if (!p.getName().contentEquals(params.get(i)) && !params.get(i).matches("arg\\d+")) {
                return false;
            }
        }
        return true;
    }

    private static Optional<String> comment(Parsed parsed, TreePath path) {
        String text = parsed.trees().getDocComment(path);
        return text == null || text.isBlank() ? Optional.empty() : Optional.of(text.strip());
    }

    private static Optional<Parsed> parse(String className) {
        String resource = ROOT + className.replace('.', '/') + ".java";
        try (InputStream in = ToolkitJavadoc.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            SimpleJavaFileObject file = new SimpleJavaFileObject(URI.create("string:///" + resource),
                    SimpleJavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            };
            JavacTask task = (JavacTask) javac.getTask(null, null, d -> { }, List.of("-proc:none"), null, List.of(file));
            CompilationUnitTree unit = task.parse().iterator().next();
            return Optional.of(new Parsed(unit, DocTrees.instance(task)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
