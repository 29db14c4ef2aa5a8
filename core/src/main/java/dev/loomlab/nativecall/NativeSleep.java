package dev.loomlab.nativecall;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Optional;

/**
 * libc's {@code usleep}, called through {@code java.lang.foreign}: a native function that blocks
 * its calling OS thread for a while and tells no scheduler. Called from a virtual thread, it holds
 * the carrier for the whole call, as an undeclared dirty NIF holds its BEAM scheduler. The JVM
 * that calls it needs {@code --enable-native-access=ALL-UNNAMED} ({@link #FLAG}), or it warns.
 *
 * <p>The toolkit compiles for release 21, where {@code java.lang.foreign} is still a preview, so
 * the downcall handle is built reflectively; it needs a JDK 22 or later at run time, where the API
 * is final, and says so otherwise.
 */
public final class NativeSleep {

    /** The flag that lets the toolkit's code call native functions without a warning. */
    public static final String FLAG = "--enable-native-access=ALL-UNNAMED";
    /** The first JDK whose {@code java.lang.foreign} is final. */
    static final int FIRST_JDK = 22;

    private static final MethodHandle USLEEP = usleep();

    private NativeSleep() {}

    /** Blocks the calling OS thread (a virtual thread's carrier) in native code for {@code micros}. */
    public static void sleepMicros(int micros) {
        if (micros < 0 || micros >= 1_000_000) {
            throw new IllegalArgumentException("usleep takes 0 to 999,999 microseconds, got " + micros);
        }
        try {
            int result = (int) USLEEP.invoke(micros);
            if (result != 0) {
                throw new IllegalStateException("usleep returned " + result);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** {@code Linker.nativeLinker().downcallHandle(defaultLookup().find("usleep"), FunctionDescriptor.of(JAVA_INT, JAVA_INT))}. */
    private static MethodHandle usleep() {
        int jdk = Runtime.version().feature();
        if (jdk < FIRST_JDK) {
            throw new UnsupportedOperationException("a native call through java.lang.foreign needs JDK " + FIRST_JDK
                    + " or later (final there); this is JDK " + jdk);
        }
        try {
            Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
            Class<?> lookupType = Class.forName("java.lang.foreign.SymbolLookup");
            Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
            Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
            Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
            Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");
            Object linker = linkerType.getMethod("nativeLinker").invoke(null);
            Object lookup = linkerType.getMethod("defaultLookup").invoke(linker);
            Optional<?> symbol = (Optional<?>) lookupType.getMethod("find", String.class).invoke(lookup, "usleep");
            Object address = symbol.orElseThrow(() -> new UnsupportedOperationException("this C library has no usleep"));
            Object jint = Class.forName("java.lang.foreign.ValueLayout").getField("JAVA_INT").get(null);
            Object args = Array.newInstance(layoutType, 1);
            Array.set(args, 0, jint);
            Object descriptor = descriptorType.getMethod("of", layoutType, args.getClass()).invoke(null, jint, args);
            return (MethodHandle) linkerType.getMethod("downcallHandle", segmentType, descriptorType, optionType.arrayType())
                    .invoke(linker, address, descriptor, Array.newInstance(optionType, 0));
        } catch (ReflectiveOperationException e) {
            throw new UnsupportedOperationException("could not link libc's usleep through java.lang.foreign: " + e, e);
        }
    }
}
