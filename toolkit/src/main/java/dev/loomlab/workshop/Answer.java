package dev.loomlab.workshop;

/**
 * What the server answers a post, and what the sender reports: an HTTP status and one line of
 * text for the participant. 201 stored, 200 replaced, 400 no usable name, 401 wrong or missing
 * code (or token), 404 no such entry (a removal), 413 over the size limit, 422 not a results file or another schema version.
 *
 * @param status the HTTP status
 * @param text   one line: what happened, or why not and what to do
 */
public record Answer(int status, String text) {

    public static final int STORED = 201;
    public static final int REPLACED = 200;
    public static final int REMOVED = 200;
    public static final int BAD_NAME = 400;
    public static final int WRONG_CODE = 401;
    public static final int NOT_FOUND = 404;
    public static final int TOO_LARGE = 413;
    public static final int NOT_RESULTS = 422;

    /** True for 200 and 201. */
    public boolean accepted() {
        return status == STORED || status == REPLACED;
    }
}
