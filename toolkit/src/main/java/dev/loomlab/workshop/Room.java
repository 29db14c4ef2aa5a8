package dev.loomlab.workshop;

/**
 * What participants need to join, as the server prints it and the page shows it: the address
 * they reach it at, the join code, and the cap the teacher chose; and the teacher's own token
 * (printed at serve start, never on the page).
 *
 * @param code    the join code
 * @param teacher the teacher's token: removes entries, marks the teacher's own results
 * @param host    the host participants reach the server at (127.0.0.1 when it listens there only)
 * @param cap     the cap participants run {@code report} at
 */
public record Room(JoinCode code, JoinCode teacher, String host, int cap) {

    /** The page's address for participants, e.g. {@code http://192.168.1.20:8077}. */
    public String url(int port) {
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** The one command a participant pastes. */
    public String command(int port) {
        return "./loomlab report --cap " + cap + " --send " + url(port) + " --code " + code + " --name YOUR_NAME";
    }

    /** The command that sends the teacher's own machine's results, marked as the teacher's. */
    public String teacherCommand(int port) {
        return "./loomlab report --cap " + cap + " --send " + url(port) + " --code " + teacher + " --name YOUR_NAME";
    }
}
