#!/usr/bin/env python3
"""Checks an executed notebook: did every cell run cleanly and show what it promised?

Usage: check_notebook.py EXECUTED.ipynb
Prints one line, "ok" or "FAILED: <first problem>", exits 0 or 1; every problem goes to stderr.

A notebook fails on:
  * any output of type "error" (a compile error, an exception, an interrupt);
  * any stderr stream output containing "Exception" or "Error:";
  * a code cell that was never executed (no execution_count) although it has source;
  * a tagged code cell whose outputs lack what its tag promises.

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
import json
import sys

PICTURES = {"image/png", "image/svg+xml"}
ERROR_MARK = "\0"


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
