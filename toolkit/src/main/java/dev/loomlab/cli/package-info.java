/**
 * The {@code loomlab} command line (picocli): one command per experiment or section, the report,
 * compare and the published figures. Usage errors exit 2 with one line saying the way out.
 */
package dev.loomlab.cli;
