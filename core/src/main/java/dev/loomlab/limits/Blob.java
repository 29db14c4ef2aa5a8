package dev.loomlab.limits;

/** A tiny class that {@link OffHeap} defines again and again as hidden classes, to fill metaspace. */
final class Blob {

    private Blob() {}

    static int answer() {
        return 42;
    }
}
