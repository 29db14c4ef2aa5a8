package dev.loomlab.cli;

import dev.loomlab.experiment.MeasurementJson;
import picocli.CommandLine;

/** {@code loomlab --version}: the toolkit and the JDK it runs on. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"loomlab " + MeasurementJson.toolkitVersion(),
                "JDK " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
