package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM: one runaway that keeps what it allocates, in 256 KiB (heap) or 4 MiB (direct, native)
 * chunks, until something stops it or it reaches {@code maxMiB}. Modes: {@code heap} (byte arrays,
 * stopped by -Xmx), {@code direct} (direct ByteBuffers: outside -Xmx, stopped by
 * -XX:MaxDirectMemorySize), {@code native} (FFM arena memory: no JVM limit at all; only the
 * container's). Args: mode maxMiB.
 */
public final class RunawayDemo {

    private RunawayDemo() {}

    public static void main(String[] args) {
        List<String> spec = ChildSide.arguments(args, "RunawayDemo");
        String mode = spec.get(0);
        long maxMiB = Long.parseLong(spec.get(1));
        List<Object> kept = new ArrayList<>();
        double held = 0;
        ChildSide.result("maxHeap", Runtime.getRuntime().maxMemory());
        try {
            while (held < maxMiB) {
                switch (mode) {
                    case "heap" -> {
                        kept.add(new byte[256 << 10]); // below G1's humongous size, so the heap holds what it says
                        held += 0.25;
                    }
                    case "direct" -> {
                        ByteBuffer b = ByteBuffer.allocateDirect(4 << 20);
                        kept.add(b);
                        held += 4;
                    }
                    case "native" -> {
                        kept.add(nativeChunk(4 << 20));
                        held += 4;
                    }
                    default -> throw new IllegalArgumentException("mode must be heap, direct or native: " + mode);
                }
                ChildSide.result("heldMiB", held);
            }
        } catch (ReflectiveOperationException e) {
            ChildSide.result("stoppedBy", "the FFM API is not available on this JDK (it is final from JDK 22)");
            ChildSide.exit(0);
        } catch (OutOfMemoryError e) {
            kept.clear();
            ChildSide.result("stoppedBy", DemoOutput.describe(e));
            ChildSide.result("heapUsed", DemoOutput.heapUsed());
            ChildSide.exit(3);
        }
        ChildSide.result("stoppedBy", "nothing: reached the demo's own cap of " + maxMiB + " MiB");
        ChildSide.result("heapUsed", DemoOutput.heapUsed());
        ChildSide.exit(0);
    }

    /** Arena.global().allocate(bytes).fill(1), through reflection: the toolkit compiles for 21, where FFM was a preview. */
    private static Object nativeChunk(long bytes) throws ReflectiveOperationException {
        Class<?> arena = Class.forName("java.lang.foreign.Arena");
        Object global = arena.getMethod("global").invoke(null);
        Object segment = arena.getMethod("allocate", long.class).invoke(global, bytes);
        Class.forName("java.lang.foreign.MemorySegment").getMethod("fill", byte.class).invoke(segment, (byte) 1);
        return segment;
    }
}
