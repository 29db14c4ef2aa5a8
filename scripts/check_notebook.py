#!/usr/bin/env python3
"""Checks an executed notebook: did every cell run cleanly and show what it promised?

Usage: check_notebook.py EXECUTED.ipynb
Prints one line, "ok" or "FAILED: <first problem>", exits 0 or 1; every problem goes to stderr.

A notebook fails on:
  * any output of type "error" (a compile error, an exception, an interrupt);
  * any stderr stream output containing "Exception" or "Error:";
  * a code cell that was never executed (no execution_count) although it has source;
  * a tagged code cell whose outputs lack what its tag promises;
  * an HTML table shown by default (not inside a <details> element) with more than 7 columns
    (MAX_COLUMNS): a wider table shows its headline columns and keeps the rest in its details.

Tag convention (cell metadata, e.g. "metadata": {"tags": ["table"]}; in Jupyter: View >
Cell Toolbar > Tags):
  table   the cell must show an HTML table (text/html in execute_result or display_data);
  plot    the cell must show a picture (image/png or image/svg+xml);
  in-place  the cell must show an output it replaced in place (a display() handle's update or
          a progress line): the loomlab kernel marks each update_display_data with metadata
          {"loomlab": {"updates": n}}, and nbclient copies it onto the output it replaces.
Tag the cells whose table or plot is the point of their section, so that a helper that
silently returns text instead of a table is caught by CI.

Only the standard library is used, so any python3 can run it.
"""
from html.parser import HTMLParser
import json
import sys

PICTURES = {"image/png", "image/svg+xml"}
ERROR_MARK = "\0"
MAX_COLUMNS = 7


class _TableWidths(HTMLParser):
    """Collects the column count of every table outside a <details> element: the most cells
    (colspan counted) in one of its rows. Nested tables count on their own."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.details = 0
        self.tables = []   # open tables, each [widest row so far, cells in the current row, shown]
        self.widths = []   # the column counts of the tables shown by default, in document order

    def handle_starttag(self, tag, attrs):
        if tag == "details":
            self.details += 1
        elif tag == "table":
            self.tables.append([0, 0, self.details == 0])
        elif tag == "tr" and self.tables:
            self.tables[-1][1] = 0
        elif tag in ("td", "th") and self.tables:
            span = dict(attrs).get("colspan") or "1"
            self.tables[-1][1] += int(span) if span.strip().isdigit() else 1
            self.tables[-1][0] = max(self.tables[-1][0], self.tables[-1][1])

    def handle_endtag(self, tag):
        if tag == "details" and self.details:
            self.details -= 1
        elif tag == "table" and self.tables:
            widest, _, shown = self.tables.pop()
            if shown:
                self.widths.append(widest)


def wide_tables(html):
    """The column counts of the tables in html shown by default with more than MAX_COLUMNS."""
    parser = _TableWidths()
    parser.feed(html)
    parser.close()
    return [w for w in parser.widths if w > MAX_COLUMNS]


def _text(value):
    return "".join(value) if isinstance(value, list) else (value or "")


def problems(notebook):
    found = []
    section = None
    for number, cell in enumerate(notebook.get("cells", []), 1):
        source = _text(cell.get("source"))
        if cell.get("cell_type") == "markdown":
            for line in source.splitlines():
                if line.startswith("## "):
                    section = line[3:].strip()
            continue
        if cell.get("cell_type") != "code":
            continue
        where = "cell %d" % number + (", section '%s'" % section if section else "")
        outputs = cell.get("outputs", [])
        mimes = set()
        updated = False
        for out in outputs:
            kind = out.get("output_type")
            if kind == "error":
                evalue = _text(out.get("evalue")).strip().splitlines()
                found.append(ERROR_MARK + "%s: %s (%s)" % (out.get("ename"), evalue[0] if evalue else "", where))
            elif kind == "stream" and out.get("name") == "stderr":
                text = _text(out.get("text"))
                if "Exception" in text or "Error:" in text:
                    line = next(l for l in text.splitlines() if "Exception" in l or "Error:" in l)
                    found.append("stderr says '%s' (%s)" % (line.strip(), where))
            elif kind in ("execute_result", "display_data"):
                mimes.update(out.get("data", {}).keys())
                for width in wide_tables(_text(out.get("data", {}).get("text/html"))):
                    found.append("%s shows a table of %d columns by default (at most %d: move the rest"
                                 " to its details)" % (where, width, MAX_COLUMNS))
                loomlab = out.get("metadata", {}).get("loomlab", {})
                updated = updated or (isinstance(loomlab, dict) and loomlab.get("updates", 0) >= 1)
        if source.strip() and cell.get("execution_count") is None:
            found.append("%s did not run" % where)
        tags = cell.get("metadata", {}).get("tags", [])
        if "table" in tags and "text/html" not in mimes:
            found.append("%s is tagged 'table' but shows no HTML table" % where)
        if "plot" in tags and not (PICTURES & mimes):
            found.append("%s is tagged 'plot' but shows no PNG or SVG" % where)
        if "in-place" in tags and not updated:
            found.append("%s is tagged 'in-place' but no output of it was updated in place" % where)
    return found


def main(argv):
    if len(argv) != 2:
        print("usage: check_notebook.py EXECUTED.ipynb", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            notebook = json.load(f)
    except (OSError, ValueError) as e:
        print("FAILED: cannot read %s: %s" % (argv[1], e))
        return 1
    found = problems(notebook)
    # errors first: "FAILED: <ename>: <evalue>" is the most useful one-line summary
    found.sort(key=lambda p: 0 if p.startswith(ERROR_MARK) else 1)
    found = [p[len(ERROR_MARK):] if p.startswith(ERROR_MARK) else p for p in found]
    for problem in found:
        print("  " + problem, file=sys.stderr)
    if not found:
        print("ok")
        return 0
    more = " (+%d more)" % (len(found) - 1) if len(found) > 1 else ""
    print("FAILED: " + found[0] + more)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
