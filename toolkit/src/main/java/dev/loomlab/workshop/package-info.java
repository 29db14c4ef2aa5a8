/**
 * The workshop, live: the teacher's page that shows every participant's machine side by side
 * while the workshop runs ({@code ./loomlab workshop serve}), and how participants send to it
 * ({@code ./loomlab report --send URL --code CODE --name NAME}, {@code ./loomlab workshop send},
 * or the page's upload form).
 *
 * <h2>Wire protocol</h2>
 * <ul>
 *   <li>{@code POST /api/results}: the body is a {@code results.json} written by
 *       {@code ./loomlab report}; header {@code X-Workshop-Code: CODE} (the join code, any case)
 *       and {@code X-Participant: NAME} (UTF-8, percent-encoded when not plain ASCII). Answers,
 *       each with one line of text in the body: {@code 201} stored, {@code 200} replaced this
 *       participant's earlier result from the same machine (its {@code label}), {@code 400} no
 *       usable name, {@code 401} wrong or missing code, {@code 413} body over 1 MiB (refused
 *       while reading), {@code 422} not a results file or another schema version, with the
 *       reason. 413 and 422 are also shown on the page.</li>
 *   <li>{@code GET /}: the page; {@code GET /page.js} its script.</li>
 *   <li>{@code GET /api/results}: the merged JSON: {@code version} (changes with every stored
 *       result or refusal), {@code machines}, {@code refusals}, {@code notes},
 *       {@code machinesTable}, and {@code experiments}, each with its {@code table}
 *       ({@code columns}, {@code rows}), {@code chartPng} (base64) and {@code marks} (cold runs).</li>
 *   <li>{@code GET /download/workshop.csv}, {@code GET /download/workshop.html}: the merged CSV
 *       and one self-contained HTML file (no script, no external resource), to mail afterwards.</li>
 * </ul>
 *
 * <p>Live updates are polling: the page asks {@code GET /api/results} every two seconds and
 * redraws only when {@code version} changed. Polling works through any proxy and needs no open
 * connection per viewer; a two-second delay is nothing in a workshop.
 *
 * <h2>Safety</h2>
 * The server binds to 127.0.0.1 unless {@code --public}; a post without the join code is refused
 * before its body is read; a body is read at most one byte past 1 MiB; names and reasons are
 * escaped in the downloaded HTML and set as text by the page's script (a Content-Security-Policy
 * allows only the page's own script); stored file names come from a slug and a hash
 * ({@link dev.loomlab.workshop.Participant#fileName}), never from request text or paths.
 *
 * <p>The comparison itself is {@link dev.loomlab.report.Compare}, the same as
 * {@code ./loomlab compare}: the workshop folder's {@code results-*.json} can be compared directly.
 */
package dev.loomlab.workshop;
