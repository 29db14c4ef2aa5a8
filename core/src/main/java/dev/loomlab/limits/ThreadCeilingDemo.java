package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Child JVM: starts parked platform threads until the OS refuses one (or {@code maxAttempts}),
 * reports how many started and the failure's message, frees them, then starts as many virtual
 * threads to show they do not count against the OS ceiling. Args: maxAttempts virtualCount.
 */
public final class ThreadCeilingDemo {

    private ThreadCeilingDemo() {}

    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "ThreadCeilingDemo");
        int maxAttempts = Integer.parseInt(spec.get(0));
        int virtualCount = Integer.parseInt(spec.get(1));
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        String failure = "none (stopped at the attempt cap)";
        long t0 = System.nanoTime();
        try {
            for (int i = 0; i < maxAttempts; i++) {
                threads.add(Thread.ofPlatform().daemon(true).start(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
        } catch (Throwable t) {
            failure = DemoOutput.describe(t);
        }
        long elapsed = System.nanoTime() - t0;
        ChildSide.result("platformStarted", threads.size());
        ChildSide.result("platformFailure", failure);
        ChildSide.result("nsPerPlatformThread", threads.isEmpty() ? 0 : elapsed / threads.size());
        release.countDown();
        for (Thread t : threads) {
            t.join();
        }
        CountDownLatch vRelease = new CountDownLatch(1);
        List<Thread> virtual = new ArrayList<>();
        String vFailure = "none";
        try {
            for (int i = 0; i < virtualCount; i++) {
                virtual.add(Thread.ofVirtual().start(() -> {
                    try {
                        vRelease.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
        } catch (Throwable t) {
            vFailure = DemoOutput.describe(t);
        }
        ChildSide.result("virtualStarted", virtual.size());
        ChildSide.result("virtualFailure", vFailure);
        vRelease.countDown();
        for (Thread t : virtual) {
            t.join();
        }
        ChildSide.exit(0);
    }
}
