package dev.loomlab.measure;

/**
 * One line the environment table shows about another runtime on this machine (for example
 * whether Erlang is installed, and which release). Found through {@link java.util.ServiceLoader},
 * so {@link Env} names no runtime's package: the package that runs that runtime provides it.
 */
public interface OtherRuntimeNote {

    /** The setting's name, e.g. "BEAM here (erl)". */
    String setting();

    /** What this machine has, or how to get it. */
    String value();
}
