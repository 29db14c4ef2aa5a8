package dev.loomlab.cli;

import dev.loomlab.experiment.Kind;
import dev.loomlab.util.Durations;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters for the toolkit's option types, so that a command receives a {@link Kind},
 * or a {@link Duration}, and bad input is a usage error (exit 2) whose
 * one line names the option and what it accepts.
 */
final class Converters {

    private Converters() {}

    /** {@code process}, {@code virtual}, {@code platform}, {@code beam}, {@code pekko}. */
    static final class KindConverter implements ITypeConverter<Kind> {
        @Override
        public Kind convert(String value) {
            try {
                return Kind.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Durations.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
