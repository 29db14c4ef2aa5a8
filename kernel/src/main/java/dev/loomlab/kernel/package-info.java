/**
 * The Java Jupyter kernel: JShell running in-process on jupyter-jvm-basekernel, with the
 * toolkit's startup, HTML/PNG/SVG display, interrupt, completion and the {@code %jars} magics.
 */
package dev.loomlab.kernel;
