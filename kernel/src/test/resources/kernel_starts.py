"""Starts the loomlab-java kernel N times through jupyter_client, as Jupyter does.

Usage: kernel_starts.py N    (with JUPYTER_DATA_DIR pointing at the kernelspec under test)

Every start must answer kernel_info within READY_S seconds and evaluate a cell into an
execute_result; the first start also checks streams, display_data, HTML, errors, interrupt,
completion and is_complete. The first and last kernels get a shutdown_request (and are killed
if they do not go); the others are killed at once.
Prints one line per start and a summary; exits 1 if any start failed.
"""
import sys
import time

from jupyter_client import KernelManager

READY_S = 30
CELL_S = 60


def run(kc, code, timeout=CELL_S):
    """Executes code; returns (reply content, [(msg_type, content)] of its iopub outputs)."""
    outputs = []
    reply = kc.execute_interactive(
        code, timeout=timeout, output_hook=lambda m: outputs.append((m["msg_type"], m["content"])))
    return reply["content"], [o for o in outputs if o[0] not in ("status", "execute_input")]


def shell_reply(kc, msg_id, timeout=READY_S):
    """The content of the shell reply to msg_id (earlier replies are skipped)."""
    deadline = time.time() + timeout
    while True:
        reply = kc.get_shell_msg(timeout=max(0.1, deadline - time.time()))
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply["content"]


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def thorough_checks(km, kc):
    info = shell_reply(kc, kc.kernel_info())
    expect(info["language_info"]["name"] == "java", "language_info: %r" % info["language_info"])

    reply, outs = run(kc, 'System.out.println("hello");\nSystem.err.println("careful");\n"done"')
    expect(("stream", {"name": "stdout", "text": "hello\n"}) in outs, "stdout stream: %r" % outs)
    expect(("stream", {"name": "stderr", "text": "careful\n"}) in outs, "stderr stream: %r" % outs)

    reply, outs = run(kc, 'Table.create("t", IntColumn.create("n", 1, 2))')
    results = [c for t, c in outs if t == "execute_result"]
    expect(results and "<table" in results[0]["data"].get("text/html", ""), "table as HTML: %r" % outs)

    reply, outs = run(kc, 'display(Table.create("mid-cell"));\nint after = 1;')
    shown = [c for t, c in outs if t == "display_data"]
    expect(shown and "text/html" in shown[0]["data"], "display_data: %r" % outs)

    reply, outs = run(kc, "int broken = nothingHere;")
    expect(reply["status"] == "error" and reply["ename"] == "CompileError", "compile error reply: %r" % reply)
    expect(any(t == "error" for t, _ in outs), "error output: %r" % outs)

    reply, outs = run(kc, 'throw new IllegalArgumentException("bad input")')
    expect(reply["ename"] == "java.lang.IllegalArgumentException" and reply["evalue"] == "bad input",
           "runtime error reply: %r" % reply)

    msg_id = kc.execute("while (true) { }")
    time.sleep(1.0)
    started = time.time()
    km.interrupt_kernel()
    reply = shell_reply(kc, msg_id, timeout=10)
    expect(reply.get("ename") == "Interrupted", "interrupt reply: %r" % reply)
    expect(time.time() - started < 5, "interrupt took %.1f s" % (time.time() - started))
    reply, outs = run(kc, '"still alive"')
    expect(reply["status"] == "ok", "cell after interrupt: %r" % reply)

    matches = shell_reply(kc, kc.complete("Math.ma", 7))["matches"]
    expect("max(" in matches, "completion: %r" % matches)
    status = shell_reply(kc, kc.is_complete("int x = ("))["status"]
    expect(status == "incomplete", "is_complete: %r" % status)


def one_start(i, graceful):
    km = KernelManager(kernel_name="loomlab-java")
    kc = None
    started = time.time()
    try:
        km.start_kernel()
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=READY_S)
        ready = time.time() - started
        # printing first: the output machinery starts in the first cell (a thread born there once hung it)
        reply, outs = run(kc, 'System.out.println("first");\n1 + 1')
        expect(reply["status"] == "ok" and ("stream", {"name": "stdout", "text": "first\n"}) in outs,
               "first cell: %r %r" % (reply, outs))
        results = [c for t, c in outs if t == "execute_result"]
        expect(results and results[0]["data"]["text/plain"] == "2", "1 + 1 gave %r" % outs)
        if i == 0:
            thorough_checks(km, kc)
        return ready, None
    except Exception as e:  # noqa: BLE001 - any failure of a start is reported, then the next runs
        return time.time() - started, "%s: %s" % (type(e).__name__, e)
    finally:
        if kc is not None:
            kc.stop_channels()
        try:
            km.shutdown_kernel(now=not graceful)
        except Exception:  # noqa: BLE001
            pass
        if km.has_kernel and km.is_alive():
            km.kill_kernel()


def main():
    n = int(sys.argv[1])
    failures = []
    slowest = 0.0
    for i in range(n):
        ready, failure = one_start(i, graceful=i in (0, n - 1))  # the others are killed, to save time
        slowest = max(slowest, ready)
        print("start %2d: %s (ready after %.1f s)" % (i + 1, "ok" if failure is None else "FAILED " + failure, ready),
              flush=True)
        if failure:
            failures.append(failure)
    print("%d of %d starts ok; slowest kernel_info %.1f s" % (n - len(failures), n, slowest), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
