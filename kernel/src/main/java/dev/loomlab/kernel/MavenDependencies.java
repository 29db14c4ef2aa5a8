package dev.loomlab.kernel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;

/**
 * Maven artifacts for {@code %maven}, {@code %mavenRepo} and {@code %%loadFromPOM}: resolved with
 * Apache Maven Resolver, transitively (compile and runtime scopes), into the user's local
 * repository. Offline first: a first pass looks at the local repository only, so an artifact
 * fetched once works with no network; only what is missing is fetched from the remote
 * repositories (Maven Central, then those added with {@code %mavenRepo}, in order).
 *
 * <p>The local repository is {@code -Dmaven.repo.local}, else the {@code <localRepository>} of
 * {@code ~/.m2/settings.xml} (a plain path, {@code ${user.home}} allowed), else
 * {@code ~/.m2/repository}. Mirrors, proxies and credentials in settings are not read.
 *
 * <p>Not thread-safe: the kernel's shell thread calls it, one cell at a time.
 */
final class MavenDependencies {

    static final RemoteRepository CENTRAL =
            new RemoteRepository.Builder("central", "default", "https://repo.maven.apache.org/maven2/").build();

    private static final Pattern LOCAL_REPOSITORY = Pattern.compile("<localRepository>\\s*([^<]+?)\\s*</localRepository>");

    private final Path localRepository;
    private final Map<String, RemoteRepository> remotes = new LinkedHashMap<>();
    private RepositorySystem system;

    /** Resolves into {@code localRepository}, from Maven Central and the repositories added later. */
    MavenDependencies(Path localRepository) {
        this(localRepository, List.of(CENTRAL));
    }

    /** Resolves into {@code localRepository}, from {@code remotes} (tests use a local folder, no network). */
    MavenDependencies(Path localRepository, List<RemoteRepository> remotes) {
        this.localRepository = localRepository;
        remotes.forEach(r -> this.remotes.put(r.getId(), r));
    }

    /** The user's local repository, as Maven would pick it (see the class comment). */
    static Path userLocalRepository() {
        String property = System.getProperty("maven.repo.local");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        Path home = Path.of(System.getProperty("user.home"));
        Path settings = home.resolve(".m2/settings.xml");
        try {
            if (Files.isRegularFile(settings)) {
                Matcher m = LOCAL_REPOSITORY.matcher(Files.readString(settings));
                if (m.find()) {
                    return Path.of(m.group(1).replace("${user.home}", home.toString()));
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // an unreadable settings file: Maven's default
        }
        return home.resolve(".m2/repository");
    }

    Path localRepository() {
        return localRepository;
    }

    /** Adds (or replaces, by id) a remote repository searched after those before it. */
    void addRepository(String id, String url) throws CellException {
        if (!url.matches("(?i)(https?|file)://.+")) {
            throw CellException.magic("%mavenRepo " + id + " " + url + ": the URL must start with https://, http:// or file://");
        }
        remotes.put(id, new RemoteRepository.Builder(id, "default", url).build());
    }

    List<RemoteRepository> repositories() {
        return List.copyOf(remotes.values());
    }

    /**
     * The files of {@code coordinates} ({@code group:artifact[:extension[:classifier]]:version})
     * and of their transitive compile and runtime dependencies, local repository first.
     *
     * @throws CellException naming the artifact and the repositories tried, if one is missing
     */
    List<Path> resolve(String magic, List<String> coordinates) throws CellException {
        List<Dependency> dependencies = new ArrayList<>();
        for (String c : coordinates) {
            try {
                dependencies.add(new Dependency(new DefaultArtifact(c), JavaScopes.RUNTIME));
            } catch (IllegalArgumentException e) {
                throw CellException.magic("%" + magic + " " + c + ": not group:artifact:version (" + e.getMessage() + ")");
            }
        }
        return resolveDependencies(magic, dependencies);
    }

    List<Path> resolveDependencies(String magic, List<Dependency> dependencies) throws CellException {
        if (dependencies.isEmpty()) {
            return List.of();
        }
        try {
            return resolve(dependencies, true);
        } catch (DependencyResolutionException offline) {
            try {
                return resolve(dependencies, false);
            } catch (DependencyResolutionException e) {
                throw CellException.magic("%" + magic + " " + names(dependencies) + ": " + firstLine(e)
                        + " (tried the local repository " + localRepository + ", then " + tried() + ")");
            }
        }
    }

    private List<Path> resolve(List<Dependency> dependencies, boolean offline) throws DependencyResolutionException {
        RepositorySystem sys = system();
        try (RepositorySystemSession.CloseableSession session = new SessionBuilderSupplier(sys).get()
                .withLocalRepositoryBaseDirectories(localRepository)
                .setOffline(offline)
                .setConfigProperty("aether.transport.http.connectTimeout", 10_000)
                .setConfigProperty("aether.transport.http.requestTimeout", 60_000)
                .setSystemProperties(System.getProperties())
                .build()) {
            CollectRequest collect = new CollectRequest(dependencies, List.of(), sys.newResolutionRepositories(session, repositories()));
            DependencyRequest request = new DependencyRequest(collect,
                    DependencyFilterUtils.classpathFilter(JavaScopes.COMPILE, JavaScopes.RUNTIME));
            return sys.resolveDependencies(session, request).getArtifactResults().stream()
                    .map(ArtifactResult::getArtifact)
                    .filter(a -> a.getPath() != null)
                    .map(a -> a.getPath())
                    .toList();
        }
    }

    private RepositorySystem system() {
        if (system == null) {
            system = new RepositorySystemSupplier().get();
        }
        return system;
    }

    private String tried() {
        return remotes.values().stream().map(r -> r.getId() + " (" + r.getUrl() + ")").collect(Collectors.joining(", "));
    }

    private static String names(List<Dependency> dependencies) {
        return dependencies.stream().map(d -> d.getArtifact().toString()).collect(Collectors.joining(" "));
    }

    /** The resolver's deepest useful message, on one line. */
    private static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause().getMessage() != null) {
            t = t.getCause();
        }
        String message = t.getMessage() == null ? t.toString() : t.getMessage();
        return message.lines().findFirst().orElse(message).strip();
    }

    /** Shuts the resolver down (its thread pools), if it was started. */
    void close() {
        if (system != null) {
            system.shutdown();
        }
    }
}
