package dev.loomlab.published;

/**
 * Where published figures come from: an article or a peer's documentation, named so that a reader
 * can find it without any file of ours.
 *
 * @param id       the short id the figures carry ({@code un-million}, {@code karui}, ...)
 * @param title    its title, in its own language
 * @param author   its author or site, or what is known of them
 * @param language the language it is written in
 * @param address  its public address, or empty when none is known
 * @param note     anything else a reader needs (what the address points at), or empty
 */
public record Source(String id, String title, String author, String language, String address, String note) {

    /** "Title (French) — author; https://...; note", the way a table names it. */
    public String cite() {
        return title + " (" + language + ") — " + author + (address.isEmpty() ? "" : "; " + address)
                + (note.isEmpty() ? "" : "; " + note);
    }
}
