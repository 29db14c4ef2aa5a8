"""Checks every message the loomlab-java kernel sends against the Jupyter messaging spec.

Usage: message_spec.py    (with JUPYTER_DATA_DIR pointing at the kernelspec under test)

Starts the kernel through jupyter_client, sends each request the kernel answers (kernel_info,
execute: fine, failing, printing, displaying and updating a display; complete, is_complete,
inspect, history, comm_info; interrupt and shutdown on the control channel), and checks each
reply and each IOPub message: the header, the parent header, and the content's required fields
and their types for its msg_type. The table below is written from the spec's text
(https://jupyter-client.readthedocs.io/en/latest/messaging.html, protocol 5.3 and later):
"all reply messages have a 'status' field", 'ok' or 'error' (then ename, evalue, traceback).
Prints one line per problem and a summary; exits 1 if any message breaks the spec.
"""
import sys
import time

from jupyter_client import KernelManager

TIMEOUT_S = 60
STR, INT, BOOL, DICT, LIST = str, int, bool, dict, list

HEADER = {"msg_id": STR, "username": STR, "session": STR, "date": STR, "msg_type": STR, "version": STR}

# content fields a reply with status 'ok' must carry, per msg_type (status itself is checked apart)
REPLIES = {
    "kernel_info_reply": {"protocol_version": STR, "implementation": STR, "implementation_version": STR,
                          "language_info": DICT, "banner": STR},
    "execute_reply": {"execution_count": INT, "user_expressions": DICT},
    "complete_reply": {"matches": LIST, "cursor_start": INT, "cursor_end": INT, "metadata": DICT},
    "is_complete_reply": {},
    "inspect_reply": {"found": BOOL, "data": DICT, "metadata": DICT},
    "history_reply": {"history": LIST},
    "comm_info_reply": {"comms": DICT},
    "shutdown_reply": {"restart": BOOL},
    "interrupt_reply": {},
}
ERROR_REPLY = {"ename": STR, "evalue": STR, "traceback": LIST}
LANGUAGE_INFO = {"name": STR, "version": STR}

IOPUB = {
    "status": {"execution_state": STR},
    "execute_input": {"code": STR, "execution_count": INT},
    "stream": {"name": STR, "text": STR},
    "display_data": {"data": DICT, "metadata": DICT},
    "update_display_data": {"data": DICT, "metadata": DICT, "transient": DICT},
    "execute_result": {"execution_count": INT, "data": DICT, "metadata": DICT},
    "error": ERROR_REPLY,
}

problems = []
seen = {}


def fields(where, content, required):
    for name, kind in required.items():
        if name not in content:
            problems.append("%s: no '%s'" % (where, name))
        elif kind is INT and isinstance(content[name], bool) or not isinstance(content[name], kind):
            problems.append("%s: '%s' is %r, not %s" % (where, name, content[name], kind.__name__))


def check(msg, request_id=None):
    msg_type = msg.get("header", {}).get("msg_type", "?")
    seen[msg_type] = seen.get(msg_type, 0) + 1
    where = msg_type
    for part in ("header", "parent_header", "metadata", "content"):
        if not isinstance(msg.get(part), dict):
            problems.append("%s: no %s dict" % (where, part))
            return
    fields(where + " header", msg["header"], HEADER)
    if request_id is not None and msg["parent_header"].get("msg_id") != request_id:
        problems.append("%s: parent_header is not the request's" % where)
    content = msg["content"]
    if msg_type in REPLIES:
        status = content.get("status")
        if msg_type == "is_complete_reply":
            if status not in ("complete", "incomplete", "invalid", "unknown"):
                problems.append("%s: status %r" % (where, status))
            if status == "incomplete":
                fields(where, content, {"indent": STR})
        elif status == "ok":
            fields(where, content, REPLIES[msg_type])
        elif status == "error":
            fields(where, content, ERROR_REPLY)
        else:
            problems.append("%s: status is %r, not 'ok' or 'error' (every reply carries one)" % (where, status))
        if msg_type == "execute_reply":
            fields(where, content, {"execution_count": INT})
        if msg_type == "kernel_info_reply" and isinstance(content.get("language_info"), dict):
            fields(where + " language_info", content["language_info"], LANGUAGE_INFO)
    elif msg_type in IOPUB:
        fields(where, content, IOPUB[msg_type])
        if msg_type == "status" and content.get("execution_state") not in ("busy", "idle", "starting"):
            problems.append("%s: execution_state %r" % (where, content.get("execution_state")))
        if msg_type == "stream" and content.get("name") not in ("stdout", "stderr"):
            problems.append("%s: name %r" % (where, content.get("name")))
        if msg_type == "update_display_data" and "display_id" not in content.get("transient", {}):
            problems.append("%s: transient has no display_id" % where)
        if msg_type == "execute_result" and "text/plain" not in content.get("data", {}):
            problems.append("%s: no text/plain in data" % where)
    else:
        problems.append("%s: a message type this check does not know" % where)


def reply(get, msg_id):
    deadline = time.time() + TIMEOUT_S
    while True:
        msg = get(timeout=max(0.1, deadline - time.time()))
        check(msg, msg_id if msg["parent_header"].get("msg_id") == msg_id else None)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg


def drain_iopub(kc, msg_id):
    """Checks the IOPub messages of a request, up to its idle status."""
    deadline = time.time() + TIMEOUT_S
    while True:
        msg = kc.get_iopub_msg(timeout=max(0.1, deadline - time.time()))
        mine = msg["parent_header"].get("msg_id") == msg_id
        check(msg, msg_id if mine else None)
        if mine and msg["header"]["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return


def shell(kc, msg_id):
    reply(kc.get_shell_msg, msg_id)
    drain_iopub(kc, msg_id)


def main():
    km = KernelManager(kernel_name="loomlab-java")
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=TIMEOUT_S)
        while True:  # the messages of wait_for_ready's own kernel_info exchange
            try:
                check(kc.get_iopub_msg(timeout=0.5))
            except Exception:
                break
        shell(kc, kc.kernel_info())
        for code in ('System.out.println("out"); System.err.println("err"); "result"',
                     'var h = display("first"); h.update("second");',
                     "int broken = nothingHere;",
                     'throw new IllegalStateException("thrown")',
                     "%nosuchmagic"):
            shell(kc, kc.execute(code))
        shell(kc, kc.execute("1 + 1", silent=True))
        shell(kc, kc.complete("Math.ma", 7))
        shell(kc, kc.is_complete("int x = ("))
        shell(kc, kc.is_complete("int x = 1;"))
        shell(kc, kc.inspect("Math.max", 5))
        shell(kc, kc.history())
        shell(kc, kc.comm_info())
        interrupt = kc.session.msg("interrupt_request", {})
        kc.control_channel.send(interrupt)
        reply(kc.get_control_msg, interrupt["header"]["msg_id"])
        shutdown = kc.session.msg("shutdown_request", {"restart": False})
        kc.control_channel.send(shutdown)
        reply(kc.get_control_msg, shutdown["header"]["msg_id"])
    except Exception as e:  # a missing reply is a problem too
        problems.append("no answer: %s: %s" % (type(e).__name__, e))
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    for p in problems:
        print("  " + p)
    kinds = ", ".join("%s x%d" % (t, n) for t, n in sorted(seen.items()))
    print("message spec: %d messages of %d types checked (%s): %s"
          % (sum(seen.values()), len(seen), kinds, "ok" if not problems else "%d problems" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
