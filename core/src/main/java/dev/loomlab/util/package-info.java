/**
 * Small utilities every layer uses and none owns: {@link dev.loomlab.util.Durations} (parse and
 * print {@code 500ms}, {@code 5s}, {@code 2m}), {@link dev.loomlab.util.AtomicFiles} (a reader sees
 * the old file or the whole new one) and {@link dev.loomlab.util.Progress} (where a long run says
 * what it is doing). Depends on nothing but the JDK.
 */
package dev.loomlab.util;
