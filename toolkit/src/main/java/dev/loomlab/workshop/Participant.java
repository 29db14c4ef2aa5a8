package dev.loomlab.workshop;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.HexFormat;
import java.util.Locale;

/**
 * A participant's name as sent in {@code X-Participant} (UTF-8, percent-encoded; plain ASCII
 * passes as is), and the stored file it maps to together with the machine's label.
 *
 * <p>File names never come from request text directly: they are {@code results-}, a strict slug
 * of the name and the machine ({@code [a-z0-9-]}, at most 24 characters each, for a human reading
 * the folder) and the first 16 hex digits of the SHA-256 of both (what makes them unique), then
 * {@code .json}. No path separator, dot or other character of the request reaches the file system.
 *
 * @param name the name as shown: decoded, NFC-normalised, blanks around removed
 */
public record Participant(String name) {

    /** The longest name accepted, in characters. */
    public static final int MAX_LENGTH = 64;

    public Participant {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("X-Participant is missing: send your name in it (e.g. X-Participant: alice)");
        }
        name = Normalizer.normalize(name.strip(), Normalizer.Form.NFC);
        if (name.codePointCount(0, name.length()) > MAX_LENGTH) {
            throw new IllegalArgumentException("X-Participant is longer than " + MAX_LENGTH + " characters: send a shorter name");
        }
        if (name.codePoints().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("X-Participant holds control characters: send a plain name");
        }
    }

    /** Reads the header's value: percent-decoded as UTF-8 ({@code +} stays a plus). */
    public static Participant fromHeader(String value) {
        if (value == null) {
            return new Participant(null);
        }
        try {
            return new Participant(URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("X-Participant")) {
                throw e;
            }
            throw new IllegalArgumentException("X-Participant is not valid percent-encoded UTF-8: " + e.getMessage());
        }
    }

    /** The header's value for this name: UTF-8, percent-encoded, spaces as {@code %20}. */
    public String toHeader() {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The stored file's name for this participant's results from {@code machine}. */
    public String fileName(String machine) {
        return "results-" + slug(name) + "--" + slug(machine) + "-" + hash(name + "\u0000" + machine) + ".json";
    }

    /** The column header: the name, and the machine's label when it says something more. */
    public String column(String machine) {
        return machine.equals(name) ? name : name + " (" + machine + ")";
    }

    static String slug(String text) {
        String ascii = Normalizer.normalize(text, Normalizer.Form.NFKD).toLowerCase(Locale.ROOT);
        StringBuilder slug = new StringBuilder();
        for (char c : ascii.toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                slug.append(c);
            } else if (slug.length() > 0 && slug.charAt(slug.length() - 1) != '-') {
                slug.append('-');
            }
            if (slug.length() >= 24) {
                break;
            }
        }
        String trimmed = slug.toString().replaceAll("-+$", "");
        return trimmed.isEmpty() ? "x" : trimmed;
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
