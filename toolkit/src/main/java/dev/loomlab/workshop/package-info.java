/**
 * The workshop, live: the teacher's page that shows every participant's machine side by side
 * while the workshop runs ({@code ./loomlab workshop serve}), and how participants send to it
 * ({@code ./loomlab report --send URL --code CODE --name NAME}, {@code ./loomlab workshop send},
 * or the page's upload form).
 *
 * <h2>Wire protocol</h2>
 * The whole table, for participants and the teacher too, is {@code docs/workshop.md}.
 * <ul>
 *   <li>{@code POST /api/results}: the body is a {@code results.json} written by
 *       {@code ./loomlab report}; header {@code X-Workshop-Code: CODE} (the join code, any case;
 *       the teacher's token marks the entry as the teacher's) and {@code X-Participant: NAME}
 *       (UTF-8, percent-encoded when not plain ASCII). Answers, each with one line of text in the
 *       body: {@code 201} stored, {@code 200} replaced this participant's earlier result from the
 *       same machine (its {@code label}), {@code 400} no usable name, {@code 401} wrong or missing
 *       code, {@code 413} body over 1 MiB (refused while reading), {@code 422} not a results file
 *       or another schema version, with the reason. 413 and 422 are also shown on the page.</li>
 *   <li>{@code GET /}: the page; {@code GET /page.js} and {@code GET /chart.js} its scripts; {@code GET /api/join} the join
 *       address, code, cap and command; {@code GET /join.svg} the address as a QR code.</li>
 *   <li>{@code GET /api/results}: the page's data ({@link WorkshopView}), with the store's version
 *       as its ETag: {@code If-None-Match} with it is a 304 without a body; {@code ?since=VERSION}
 *       carries only the machines stored after it.</li>
 *   <li>{@code DELETE /api/results/FILE} with {@code X-Teacher-Token: TOKEN}: the entry's file is
 *       moved into {@code trash/}; 200, 401 (the join code is refused), 404.</li>
 *   <li>{@code GET /download/workshop.csv}, {@code GET /download/workshop.html}: the merged CSV
 *       and one self-contained HTML file (no script, no external resource), to mail afterwards.</li>
 * </ul>
 *
 * <p>Live updates are polling: the page asks {@code GET /api/results} every two seconds with
 * {@code If-None-Match} and {@code ?since=}, and draws its tables and charts from the data.
 * Polling works through any proxy and needs no open connection per viewer; a two-second delay is
 * nothing in a workshop.
 *
 * <h2>Safety</h2>
 * The server binds to 127.0.0.1 unless {@code --public}; a post without the join code is refused
 * before its body is read; a body is read at most one byte past 1 MiB; names and reasons are
 * escaped in the downloaded HTML and set as text by the page's script (a Content-Security-Policy
 * allows only the page's own script); the teacher's token, not the join code, removes entries;
 * stored file names come from a slug and a hash
 * ({@link dev.loomlab.workshop.Participant#fileName}), never from request text or paths.
 *
 * <p>The comparison itself is {@link dev.loomlab.report.Compare}, the same as
 * {@code ./loomlab compare}: the workshop folder's {@code results-*.json} can be compared directly.
 */
package dev.loomlab.workshop;
