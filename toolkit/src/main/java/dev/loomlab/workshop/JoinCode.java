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
 */
public final class JoinCode {

    /** The file in the workshop folder that keeps the code. */
    public static final String FILE = "join-code.txt";
    private static final String ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    private static final int LENGTH = 6;

    private final String code;

    private JoinCode(String code) {
        this.code = code;
    }

    /** The code kept in {@code dir}, or a new random one written there atomically. */
    public static JoinCode inFolder(Path dir) {
        Path file = dir.resolve(FILE);
        try {
            if (Files.isRegularFile(file)) {
                String kept = normalize(Files.readString(file, StandardCharsets.UTF_8));
                if (kept.length() == LENGTH && kept.chars().allMatch(c -> ALPHABET.indexOf(c) >= 0)) {
                    return new JoinCode(kept);
                }
                throw new IllegalArgumentException(file + " does not hold a join code (" + LENGTH
                        + " letters and digits): delete it to get a new code");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        SecureRandom random = new SecureRandom();
        StringBuilder fresh = new StringBuilder();
        for (int i = 0; i < LENGTH; i++) {
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
