"""The kernel's own magics, driven through jupyter_client as a notebook would drive them.

Usage: fresh_cells.py WORKDIR    (with JUPYTER_DATA_DIR pointing at the kernelspec under test)

One kernel, started in WORKDIR (a notebook's folder: %load reads helper.jsh from there), runs:
%%fresh (output streamed, a table shown as HTML, --jvm-opt -Xmx256m seen by the fresh JVM's
Runtime.maxMemory, --into, a deadline kill, an exception, a compile error, an interrupt), %%erl
(with Erlang when erl is on PATH: output, value, --into, compile error, exception, deadline;
and with the erl path pointed at nothing: the one-line install hint), %time and %%time, %load,
and Shift-Tab inspection of a toolkit helper and of a JDK method. After the fresh VMs, the kernel
must still answer and have no child process left. Every cell has a deadline.
Prints one line per check; exits 1 if any failed.
"""
import shutil
import sys
import time

from jupyter_client import KernelManager

import kernel_starts  # its run and shell_reply; copied beside this script

READY_S = 60
CELL_S = 90

failures = []


def check(condition, what, detail=""):
    print("%s: %s%s" % ("ok" if condition else "FAILED", what, "" if condition else " -- %r" % (detail,)), flush=True)
    if not condition:
        failures.append(what)


def run(kc, code, timeout=CELL_S):
    """Executes code; returns (reply content, [(msg_type, content)] of its iopub outputs in order)."""
    return kernel_starts.run(kc, code, timeout)


def text(outs, stream):
    return "".join(c["text"] for t, c in outs if t == "stream" and c["name"] == stream)


def value(outs, mime="text/plain"):
    results = [c["data"].get(mime, "") for t, c in outs if t == "execute_result"]
    return results[0] if results else None


def shell_reply(kc, msg_id, timeout=CELL_S):
    return kernel_starts.shell_reply(kc, msg_id, timeout)


def no_children(kc, after):
    reply, outs = run(kc, "ProcessHandle.current().descendants().count()")
    check(value(outs) == "0", "no process left after " + after, outs)


def fresh(kc, km):
    reply, outs = run(kc, '%%fresh\nSystem.out.println("line one");\nThread.sleep(1500);\n'
                          'System.out.println("line two");\nSystem.err.println("to stderr");\n"done"')
    streams = [c["text"] for t, c in outs if t == "stream" and c["name"] == "stdout"]
    check(reply["status"] == "ok" and value(outs) == "done", "%%fresh value", (reply, outs))
    check(any("line one" in s and "line two" not in s for s in streams) and "line two" in text(outs, "stdout"),
          "%%fresh output streamed (line one sent before line two was printed)", streams)
    check("to stderr" in text(outs, "stderr"), "%%fresh stderr", outs)

    reply, outs = run(kc, '%%fresh\nTable.create("fresh table", IntColumn.create("n", 1, 2))')
    check("<table" in (value(outs, "text/html") or ""), "%%fresh table shown as HTML", outs)

    reply, outs = run(kc, "%%fresh --jvm-opt -Xmx256m --into maxHeap\nRuntime.getRuntime().maxMemory()")
    heap = int(value(outs) or "0")
    check(128 * 2**20 < heap <= 256 * 2**20, "--jvm-opt -Xmx256m reaches the fresh JVM", outs)
    reply, outs = run(kc, "maxHeap == %d" % heap)
    check(value(outs) == "true", "--into declares the value in the notebook", (reply, outs))

    reply, outs = run(kc, "%%fresh --carriers 1\nSystem.getProperty(\"jdk.virtualThreadScheduler.parallelism\")")
    check(value(outs) == "1", "--carriers 1 sets the scheduler's parallelism", outs)

    reply, outs = run(kc, "%%fresh --deadline 3s\nwhile (true) { }")
    check(reply["status"] == "error" and reply["evalue"].startswith("killed at its deadline")
          and len(reply["evalue"].splitlines()) == 1, "%%fresh killed at its deadline: one line", reply)

    reply, outs = run(kc, '%%fresh\nthrow new IllegalStateException("fresh boom")')
    check(reply.get("ename") == "java.lang.IllegalStateException" and reply.get("evalue") == "fresh boom",
          "%%fresh exception is the cell's error", reply)

    reply, outs = run(kc, "%%fresh\nint x = 1;\nint y = nope;")
    check(reply.get("ename") == "CompileError" and reply.get("evalue", "").startswith("line 3:"),
          "%%fresh compile error, with the cell's line number", reply)

    reply, outs = run(kc, "%%fresh --deadlin 3s\n1")
    check(reply.get("ename") == "MagicError" and "--deadline TIME" in reply.get("evalue", ""),
          "%%fresh bad option is a MagicError naming the options", reply)

    msg_id = kc.execute("%%fresh\nwhile (true) { }")
    time.sleep(3.0)  # the fresh JVM is running the loop by now, or starting
    km.interrupt_kernel()
    reply = shell_reply(kc, msg_id, timeout=20)
    check(reply.get("ename") == "Interrupted", "interrupt kills the fresh JVM", reply)

    reply, outs = run(kc, "1 + 1")
    check(value(outs) == "2", "the kernel is alive after the fresh JVMs", outs)
    no_children(kc, "%%fresh")


def erl(kc):
    if shutil.which("erl") is None:
        print("skipped: %%erl with Erlang (no erl on PATH)", flush=True)
    else:
        reply, outs = run(kc, '%%erl +P 1024 --into erlAnswer\nmain() ->\n    io:format("from erl~n"),\n    6 * 7.')
        check(reply["status"] == "ok" and value(outs) == "42" and "from erl" in text(outs, "stdout"),
              "%%erl output and value", (reply, outs))
        reply, outs = run(kc, "erlAnswer + 1")
        check(value(outs) == "43", "%%erl --into declares a long", outs)

        reply, outs = run(kc, '%%erl\nmain() -> "a string".')
        check(value(outs) == "a string", "%%erl string value", outs)

        reply, outs = run(kc, "%%erl\nmain() ->\n    x +.")
        check(reply.get("ename") == "CompileError" and reply.get("evalue", "").startswith("line 3:"),
              "%%erl compile error: erlc's line, the cell's line number", reply)

        reply, outs = run(kc, "%%erl\nmain() -> erlang:error(boom).")
        check(reply.get("ename") == "erlang:error" and reply.get("evalue") == "boom", "%%erl exception", reply)

        reply, outs = run(kc, "%%erl --deadline 3s\nmain() -> receive after infinity -> ok end.")
        check(reply["status"] == "error" and reply["evalue"].startswith("killed at its deadline"),
              "%%erl killed at its deadline", reply)

    run(kc, 'System.setProperty("loomlab.erl", "/nonexistent/erl");')
    reply, outs = run(kc, "%%erl --into noBeam\nmain() -> 1.")
    hint = text(outs, "stderr")
    check(reply["status"] == "ok" and "apt-get install erlang-nox" in hint and len(hint.strip().splitlines()) == 1,
          "%%erl without Erlang says in one line how to install it", (reply, outs))
    reply, outs = run(kc, "Double.isNaN(noBeam)")
    check(value(outs) == "true", "%%erl --into without Erlang declares NaN, so later cells still compile", (reply, outs))
    run(kc, 'System.clearProperty("loomlab.erl");')
    no_children(kc, "%%erl")


def magics(kc):
    reply, outs = run(kc, "%time 6 * 7")
    kinds = [t for t, _ in outs]
    check(value(outs) == "42" and "Wall time: " in text(outs, "stdout")
          and kinds.index("execute_result") < kinds.index("stream"), "%time: the value, then its wall time", outs)

    reply, outs = run(kc, "%%time\nint twenty = 20;\ntwenty + 1")
    check(value(outs) == "21" and "Wall time: " in text(outs, "stdout"), "%%time", outs)

    reply, outs = run(kc, "%load helper.jsh\nloadedHelper()")
    check(value(outs) == "from helper.jsh", "%load evaluates a .jsh of the notebook's folder", (reply, outs))

    reply, outs = run(kc, "%load missing.jsh")
    check(reply.get("ename") == "MagicError" and "missing.jsh not found" in reply.get("evalue", "")
          and len(reply["evalue"].splitlines()) == 1, "%load of a missing file: one MagicError line", reply)

    reply, outs = run(kc, "%nosuch")
    check("%time" in reply.get("evalue", "") and "%%fresh" in reply.get("evalue", ""),
          "the unknown-magic error lists the magics", reply)


def inspection(kc):
    run(kc, "import static dev.loomlab.api.Loomlab.*;")
    code = "ring(1_000, 1)"
    found = shell_reply(kc, kc.inspect(code, 2))
    doc = found.get("data", {}).get("text/plain", "")
    check(found["status"] == "ok" and found["found"] and "ring(int n, int m)" in doc
          and "A token m times round a ring" in doc, "Shift-Tab on ring: its signature and Javadoc", found)
    print("  ring: %r" % doc[:300], flush=True)
    code = "Thread.ofVirtual()"
    found = shell_reply(kc, kc.inspect(code, len("Thread.ofV")))
    doc = found.get("data", {}).get("text/plain", "")
    check(found["found"] and "ofVirtual()" in doc, "Shift-Tab on Thread.ofVirtual (Javadoc when the JDK has src.zip)", found)
    print("  Thread.ofVirtual: %r" % doc[:300], flush=True)


def main():
    workdir = sys.argv[1]
    km = KernelManager(kernel_name="loomlab-java")
    km.start_kernel(cwd=workdir)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=READY_S)
        run(kc, "1")
        magics(kc)
        inspection(kc)
        fresh(kc, km)
        erl(kc)
    except Exception as e:  # noqa: BLE001 - a broken run is a failure, then the kernel is stopped
        check(False, "the run went through", "%s: %s" % (type(e).__name__, e))
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    print("%d checks failed" % len(failures) if failures else "all fresh-cell checks ok", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
