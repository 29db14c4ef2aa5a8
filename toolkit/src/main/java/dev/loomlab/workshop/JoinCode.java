package dev.loomlab.workshop;

import dev.loomlab.util.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Locale;

/**
 * A workshop's join code: six letters and digits that participants type, kept in the workshop
 * folder ({@value #FILE}) so that a restarted server keeps the same one. Letters and digits that
 * are easy to confuse (0/O, 1/I/L) are never used; comparison ignores case and surrounding blanks.
 *
 * <p>The teacher's token ({@link #teacherToken}) is the same kind of secret, longer
 * ({@value #TOKEN_LENGTH} characters) and kept beside it in {@value #TOKEN_FILE}: it removes
 * entries and marks the teacher's own results; it is printed at serve start and never shown on
 * the page, and the join code never stands in for it.
 */
public final class JoinCode {

    /** The file in the workshop folder that keeps the code. */
    public static final String FILE = "join-code.txt";
    /** The file in the workshop folder that keeps the teacher's token. */
    public static final String TOKEN_FILE = "teacher-token.txt";
    static final int TOKEN_LENGTH = 20;
    private static final String ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    private static final int LENGTH = 6;

    private final String code;

    private JoinCode(String code) {
        this.code = code;
    }

    /** The code kept in {@code dir}, or a new random one written there atomically. */
    public static JoinCode inFolder(Path dir) {
        return kept(dir.resolve(FILE), LENGTH, "a join code");
    }

    /** The teacher's token kept in {@code dir}, or a new random one written there atomically. */
    public static JoinCode teacherToken(Path dir) {
        return kept(dir.resolve(TOKEN_FILE), TOKEN_LENGTH, "a teacher's token");
    }

    private static JoinCode kept(Path file, int length, String what) {
        try {
            if (Files.isRegularFile(file)) {
                String kept = normalize(Files.readString(file, StandardCharsets.UTF_8));
                if (kept.length() == length && kept.chars().allMatch(c -> ALPHABET.indexOf(c) >= 0)) {
                    return new JoinCode(kept);
                }
                throw new IllegalArgumentException(file + " does not hold " + what + " (" + length
                        + " letters and digits): delete it to get a new one");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        SecureRandom random = new SecureRandom();
        StringBuilder fresh = new StringBuilder();
        for (int i = 0; i < length; i++) {
            fresh.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        AtomicFiles.write(file, fresh + "\n");
        return new JoinCode(fresh.toString());
    }

    /** True when {@code offered} is this code (any case, blanks around ignored); never true for null. */
    public boolean accepts(String offered) {
        if (offered == null) {
            return false;
        }
        return MessageDigest.isEqual(normalize(offered).getBytes(StandardCharsets.UTF_8), code.getBytes(StandardCharsets.UTF_8));
    }

    /** The code, upper case, as participants type it. */
    @Override
    public String toString() {
        return code;
    }

    private static String normalize(String text) {
        return text.strip().toUpperCase(Locale.ROOT);
    }
}
