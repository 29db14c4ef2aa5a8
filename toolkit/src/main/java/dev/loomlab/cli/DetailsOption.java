package dev.loomlab.cli;

import dev.loomlab.view.Tabular;
import picocli.CommandLine.Option;

/**
 * {@code --details}, for the commands that print a section (a picocli mixin): a table narrowed to
 * seven columns prints with a line naming the rest; with it, the table prints every column.
 */
final class DetailsOption {

    @Option(names = "--details", description = "print every column of a table narrowed to seven (--json carries every figure anyway)")
    boolean details;

    /** The result as text: narrowed tables narrow, or with {@code --details} every column. */
    String text(Tabular result) {
        return Tabular.text(result, details);
    }
}
