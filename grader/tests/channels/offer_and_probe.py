"""Offer a secret through every channel of issue 25, grade-style open a sandbox over
probe_wordle.py, have it reach for each, and print what it got as JSON.

    python offer_and_probe.py KIT CLASS_FOLDER METADATA_FILE [--unsafe-no-jail]

Run by grader/tests/test_seal.py as each mode's grading user (root: the jail; nobody: the jail in
a user namespace; root without CAP_SYS_ADMIN or user namespaces: the uid mode).  The grader's
own side offers: a user key in a session keyring of its own, a read lock on the standard
library's os.py, a POSIX message queue, System V shared memory (0666: found by id too), an
abstract unix socket and shared futex wakes on a word of shutil.py (issue 31); the
class folder is on this command line, the metadata file (Gradescope's submission_metadata.json)
is world-readable.  Everything offered is withdrawn before it prints.  With --unsafe-no-jail (the mode that
seals nothing) it shows that each probe does reach what is offered.
"""
import ctypes
import fcntl
import json
import os
import platform
import shutil
import socket
import sys
import tempfile
import threading

KIT, CLASS_FOLDER, METADATA = sys.argv[1:4]
UNSAFE = {"privileged": False, "unsafe_no_jail": True} if "--unsafe-no-jail" in sys.argv else {}
sys.path.insert(0, KIT)
import probe_wordle  # noqa: E402  (next to this file)
from grader.grading import open_sandbox  # noqa: E402
from grader.submission import load_submission  # noqa: E402

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.shmat.restype = ctypes.c_void_p
SECRET = b"staff secret"
ADD_KEY, KEYCTL = {"x86_64": (248, 250), "aarch64": (217, 219)}[platform.machine()]
KEYCTL_JOIN_SESSION_KEYRING, KEYCTL_REVOKE, KEY_SPEC_SESSION_KEYRING = 1, 3, -3
LOCKED_FILE = os.path.realpath(os.__file__)
LOCK_OFFSET = 1913
SHM_KEY, IPC_CREAT, IPC_RMID = 0x19131, 0o1000, 0
LEFT_CHAIN = "/tmp/wordle-kit-probe-chain"
# a word of shutil.py woken over and over while it probes (not of os.py: closing a file
# drops the locks this process holds on it)
FUTEX_FILE, FUTEX_OFFSET = os.path.realpath(shutil.__file__), 4096


def offer():
    """Everything offered, and how to withdraw it."""
    withdraw = []
    libc.syscall(KEYCTL, KEYCTL_JOIN_SESSION_KEYRING, b"wordle-kit-probe-%d" % os.getpid())
    key = libc.syscall(ADD_KEY, b"user", b"wordle-kit-staff-token", SECRET, len(SECRET),
                       KEY_SPEC_SESSION_KEYRING)
    withdraw.append(lambda: libc.syscall(KEYCTL, KEYCTL_REVOKE, key))
    locked = open(LOCKED_FILE, "rb")
    fcntl.lockf(locked.fileno(), fcntl.LOCK_SH, 1, LOCK_OFFSET)
    withdraw.append(locked.close)
    queue = libc.mq_open(b"/wordle-kit-probe", os.O_CREAT | os.O_RDWR, 0o666, None)
    libc.mq_send(queue, SECRET, len(SECRET), 0)
    withdraw.append(lambda: libc.mq_unlink(b"/wordle-kit-probe"))
    segment = libc.shmget(SHM_KEY, 4096, IPC_CREAT | 0o666)
    ctypes.memmove(libc.shmat(segment, None, 0), SECRET, len(SECRET))
    withdraw.append(lambda: libc.shmctl(segment, IPC_RMID, None))
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind("\0wordle-kit-probe")
    listener.listen(8)

    def serve():
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            connection.sendall(SECRET)
            connection.close()
    threading.Thread(target=serve, daemon=True).start()
    withdraw.append(listener.close)
    withdraw.append(probe_wordle.wake_futex(FUTEX_FILE, FUTEX_OFFSET))
    return withdraw


def probe():
    folder = tempfile.mkdtemp(prefix="wordle-kit-offer-")
    os.chmod(folder, 0o755)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe_wordle.py"),
                os.path.join(folder, "wordle.py"))
    with open(os.path.join(folder, "easy_wordle.py"), "w") as handle:
        handle.write("EMPTY = True\n")
    calls = {"keyring": [], "locks": [LOCKED_FILE], "message_queue": [],
             "leave_message_queue": [], "shared_memory": [], "shared_memory_segment": [],
             "abstract_socket": [], "classmate": [],
             "classmate_by_path": [os.path.join(CLASS_FOLDER, "alice", "wordle.py")],
             "metadata": [METADATA], "run_lock": [], "folder_chain": [],
             "shared_memory_by_id": [], "futex": [FUTEX_FILE, FUTEX_OFFSET]}
    if UNSAFE:  # what the unsafe mode leaves is not cleaned up: nothing left on disk
        del calls["run_lock"], calls["folder_chain"]
    functions = {"classmate_by_path": "read", "metadata": "read"}
    channels = {}
    try:
        with load_submission(folder, ("wordle.py", "easy_wordle.py")) as submission:
            with open_sandbox(submission, private_paths=(KIT,), **UNSAFE) as box:
                for name, arguments in calls.items():
                    result = box.call("wordle", functions.get(name, name), arguments, timeout=20)
                    channels[name] = result.value if result.status == "ok" else \
                        "%s: %s" % (result.status, result.detail)
                mode, held, missing = box.mode, box.protections, box.missing_protections
            removed = box.removed
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {"mode": mode, "protections": held, "missing": missing, "removed": removed,
            "channels": channels, "left": left_behind()}


def left_behind():
    """What the probe made that is still there once the sandbox closed."""
    left = []
    queue = libc.mq_open(b"/wordle-kit-probe-left", os.O_RDONLY)
    if queue >= 0:
        left.append("message queue /wordle-kit-probe-left")
        libc.mq_unlink(b"/wordle-kit-probe-left")
    if os.path.isdir("/run/lock"):
        left += ["/run/lock/" + name for name in os.listdir("/run/lock")
                 if name.startswith("wordle-kit-probe-")]
    if os.path.lexists(LEFT_CHAIN):
        left.append(LEFT_CHAIN)
    return left


def main():
    # What is offered is named machine-wide (an abstract socket, a message queue, a System V
    # key): two runs at once (two suites on one machine) would take each other's names, so
    # one waits for the other, on a lock of the temp folder itself (which leaves nothing),
    # held until this process ends: the socket's name is freed only then (its thread blocked
    # in accept keeps it).
    fcntl.flock(os.open(tempfile.gettempdir(), os.O_RDONLY | os.O_DIRECTORY), fcntl.LOCK_EX)
    withdraw = offer()
    try:
        report = probe()
    finally:
        for step in reversed(withdraw):
            step()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
