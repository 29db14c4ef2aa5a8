package dev.loomlab.workshop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a request body up to a limit, and stops reading as soon as the limit is passed: a body
 * that announces more than the limit is refused before any of it is read, and one without a
 * length (chunked) is read at most one byte past the limit. Nothing is buffered beyond it.
 */
final class BoundedBody {

    /** The body was larger than the limit. */
    static final class TooLarge extends Exception {
        TooLarge(String message) {
            super(message, null, false, false);
        }
    }

    private BoundedBody() {}

    /**
     * The whole body.
     *
     * @param contentLength the request's Content-Length, or -1 when it has none
     * @throws TooLarge naming the limit
     */
    static byte[] read(InputStream in, long contentLength, int limit) throws IOException, TooLarge {
        if (contentLength > limit) {
            throw tooLarge(limit);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(contentLength > 0 ? (int) contentLength : 8192);
        byte[] buffer = new byte[8192];
        int total = 0;
        int read;
        while ((read = in.read(buffer, 0, (int) Math.min(buffer.length, (long) limit + 1 - total))) > 0) {
            total += read;
            if (total > limit) {
                throw tooLarge(limit);
            }
            body.write(buffer, 0, read);
        }
        return body.toByteArray();
    }

    /**
     * Reads and throws away what is left of a refused body, up to {@code max} bytes, so that the
     * sender is still reading when the refusal comes back (a connection closed mid-upload loses
     * the answer). Returns false if more was left; the caller then closes the connection.
     */
    static boolean discard(InputStream in, long max) throws IOException {
        byte[] buffer = new byte[8192];
        long total = 0;
        int read;
        while (total <= max && (read = in.read(buffer)) > 0) {
            total += read;
        }
        return total <= max;
    }

    private static TooLarge tooLarge(int limit) {
        return new TooLarge("the body is larger than the limit of " + (limit / 1024) + " KiB: send the results.json of "
                + "./loomlab report as it is (a report at the usual caps is far smaller)");
    }
}
