package dev.loomlab.kernel;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.maven.model.Model;
import org.apache.maven.model.Repository;
import org.apache.maven.model.io.xpp3.MavenXpp3Reader;
import org.codehaus.plexus.util.xml.pull.XmlPullParserException;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.graph.Dependency;

/**
 * The body of a {@code %%loadFromPOM} cell, as IJava reads it: a whole {@code <project>}, or only
 * its {@code <dependencies>}, {@code <repositories>} and {@code <properties>} (wrapped into a
 * project here). Its repositories are added, then its dependencies of scope compile or runtime
 * (none given means compile) are resolved with their transitive ones. {@code ${name}} in a
 * dependency is replaced from {@code <properties>}; parents, imports and profiles are not read.
 */
final class PomCell {

    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

    private PomCell() {}

    /** Adds the POM's repositories to {@code maven} and returns its dependencies' files. */
    static List<java.nio.file.Path> load(String body, MavenDependencies maven) throws CellException {
        Model model = parse(body);
        for (Repository r : model.getRepositories()) {
            maven.addRepository(r.getId(), r.getUrl());
        }
        List<Dependency> dependencies = new ArrayList<>();
        for (org.apache.maven.model.Dependency d : model.getDependencies()) {
            String scope = d.getScope() == null ? "compile" : d.getScope();
            if (!scope.equals("compile") && !scope.equals("runtime")) {
                continue;
            }
            if (d.getGroupId() == null || d.getArtifactId() == null || d.getVersion() == null) {
                throw CellException.magic("%%loadFromPOM: a dependency needs groupId, artifactId and version ("
                        + d.getManagementKey() + ")");
            }
            dependencies.add(new Dependency(new DefaultArtifact(expand(d.getGroupId(), model), expand(d.getArtifactId(), model),
                    d.getClassifier() == null ? "" : expand(d.getClassifier(), model),
                    d.getType() == null ? "jar" : expand(d.getType(), model), expand(d.getVersion(), model)), scope));
        }
        if (dependencies.isEmpty()) {
            throw CellException.magic("%%loadFromPOM: the POM names no dependency of scope compile or runtime");
        }
        return maven.resolveDependencies("%loadFromPOM", dependencies);
    }

    static Model parse(String body) throws CellException {
        String xml = body.strip();
        if (!xml.contains("<project")) {
            xml = "<project><modelVersion>4.0.0</modelVersion><groupId>notebook</groupId>"
                    + "<artifactId>cell</artifactId><version>0</version>" + xml + "</project>";
        }
        try {
            return new MavenXpp3Reader().read(new StringReader(xml), false);
        } catch (IOException | XmlPullParserException e) {
            throw CellException.magic("%%loadFromPOM: not a POM: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private static String expand(String value, Model model) throws CellException {
        if (value == null) {
            return null;
        }
        Properties properties = model.getProperties();
        Matcher m = PROPERTY.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = properties.getProperty(m.group(1));
            if (replacement == null) {
                throw CellException.magic("%%loadFromPOM: ${" + m.group(1) + "} is not in the POM's <properties>");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
