package dev.loomlab.jvm;

import dev.loomlab.util.Progress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parent's half of the one child-JVM protocol ({@link ChildSide} is the child's): writes the
 * spec file, starts {@code java <flags> -cp <toolkit> main SPEC RESULT} (or a class path of its own) through
 * {@link ChildJvm#launch} (killed at its deadline), sorts what the child says on standard error
 * ({@code log} lines to {@code progress}, {@code result} lines kept as streamed figures, anything
 * else kept as other lines), reads the result file back if the child wrote it, and deletes both
 * files. The caller gets a {@link ChildReply}, never a hang and never a file left behind.
 *
 * @param main      the child's main class, which starts with {@link ChildSide#open}
 * @param spec      the spec file's text
 * @param flags     JVM flags
 * @param deadline  when it is killed
 * @param wrapper   a command the java command runs through (e.g. a cgroup's), or none
 * @param classPath the child's class path: {@link ChildJvm#classPath()}, the toolkit's, unless set
 */
public record ChildCall(String main, String spec, List<String> flags, Duration deadline, List<String> wrapper, String classPath) {

    public ChildCall {
        flags = List.copyOf(flags);
        wrapper = List.copyOf(wrapper);
        classPath = classPath == null ? ChildJvm.classPath() : classPath;
    }

    /** {@code main} with {@code spec}, on the toolkit's class path, with no wrapper. */
    public static ChildCall of(String main, String spec, List<String> flags, Duration deadline) {
        return new ChildCall(main, spec, flags, deadline, List.of(), null);
    }

    /** The same inside {@code wrapper} (e.g. a shell that moves itself into a cgroup, then execs the rest). */
    public ChildCall inside(List<String> wrapper) {
        return new ChildCall(main, spec, flags, deadline, wrapper, classPath);
    }

    /** The same on {@code classPath} (e.g. the toolkit's plus a module only the child loads). */
    public ChildCall onClassPath(String classPath) {
        return new ChildCall(main, spec, flags, deadline, wrapper, classPath);
    }

    /**
     * A demo: {@code main} with {@code arguments} as its spec, one a line (read back with
     * {@link ChildSide#arguments}), inside {@code wrapper}, run to its end or deadline.
     */
    public static ChildReply launch(List<String> wrapper, Class<?> main, List<String> arguments, List<String> flags,
                                    Duration deadline, Progress progress) {
        return of(main.getName(), String.join("\n", arguments), flags, deadline).inside(wrapper).run(progress);
    }

    /** Runs the child to its end or its deadline and reads back what it said and wrote. */
    public ChildReply run(Progress progress) {
        Path dir = ChildJvm.tempDir();
        try {
            Path specFile = dir.resolve("spec");
            Path resultFile = dir.resolve("result");
            Files.writeString(specFile, spec);
            Map<String, String> streamed = new LinkedHashMap<>();
            List<String> log = new ArrayList<>();
            List<String> other = new ArrayList<>();
            Progress sort = line -> {
                synchronized (streamed) {
                    if (line.startsWith(ChildSide.RESULT_PREFIX)) {
                        int eq = line.indexOf('=');
                        if (eq > ChildSide.RESULT_PREFIX.length()) {
                            streamed.put(line.substring(ChildSide.RESULT_PREFIX.length(), eq), line.substring(eq + 1));
                        }
                        return;
                    } else if (line.startsWith(ChildSide.LOG_PREFIX)) {
                        log.add(line.substring(ChildSide.LOG_PREFIX.length()));
                    } else {
                        other.add(line);
                        return;
                    }
                }
                progress.say(line.substring(ChildSide.LOG_PREFIX.length()));
            };
            List<String> args = List.of(specFile.toString(), resultFile.toString());
            ChildRun run = ChildJvm.launch(wrapper, main, args, flags, deadline, sort, classPath);
            Optional<String> result = Files.exists(resultFile) ? Optional.of(Files.readString(resultFile)) : Optional.empty();
            synchronized (streamed) {
                return ChildReply.of(run, result, Map.copyOf(streamed), List.copyOf(log), List.copyOf(other));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not pass the spec to the child JVM or read its result", e);
        } finally {
            ChildJvm.deleteQuietly(dir);
        }
    }
}
