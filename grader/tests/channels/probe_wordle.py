"""Hostile (grader/tests/test_seal.py): each function reaches for what another grading or the
grader offers through one channel, and says what it got: "leaked: ...", "left" (it made
something that would outlive it), "made", "closed: ERRNO" or "nothing seen"."""
import ctypes
import errno
import fcntl
import os
import platform
import socket
import struct

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.shmat.restype = ctypes.c_void_p
KEYCTL = {"x86_64": 250, "aarch64": 219}.get(platform.machine(), -1)
KEYCTL_SEARCH, KEYCTL_READ, KEY_SPEC_SESSION_KEYRING = 10, 11, -3
FLOCK = "hhxxxxqqixxxx"     # struct flock on 64-bit Linux
SHM_RDONLY, IPC_CREAT, IPC_RMID = 0o10000, 0o1000, 0


def _closed(error=None):
    number = error.errno if error is not None else ctypes.get_errno()
    return "closed: " + errno.errorcode.get(number, str(number))


def keyring():
    key = libc.syscall(KEYCTL, KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING, b"user",
                       b"wordle-kit-staff-token", 0)
    if key < 0:
        return _closed()
    buffer = ctypes.create_string_buffer(256)
    size = libc.syscall(KEYCTL, KEYCTL_READ, key, buffer, 256)
    return "leaked: " + buffer.raw[:size].decode() if size >= 0 else _closed()


def locks(path):
    try:
        with open(path, "rb") as handle:
            query = struct.pack(FLOCK, fcntl.F_WRLCK, 0, 0, 0, 0)
            kind, _, start, _, _ = struct.unpack(FLOCK, fcntl.fcntl(handle.fileno(), fcntl.F_GETLK,
                                                                    query))
    except OSError as error:
        return _closed(error)
    return "leaked: a lock at %d" % start if kind != fcntl.F_UNLCK else "nothing seen"


def message_queue():
    queue = libc.mq_open(b"/wordle-kit-probe", os.O_RDONLY | os.O_NONBLOCK)
    if queue < 0:
        return _closed()
    buffer = ctypes.create_string_buffer(8192)
    size = libc.mq_receive(queue, buffer, 8192, None)
    return "leaked: " + (buffer.raw[:size].decode() if size >= 0 else "opened")


def leave_message_queue():
    queue = libc.mq_open(b"/wordle-kit-probe-left", os.O_CREAT | os.O_RDWR, 0o666, None)
    return "left" if queue >= 0 else _closed()


def shared_memory():
    ident = libc.shmget(0x19131, 0, 0)
    if ident < 0:
        return _closed()
    address = libc.shmat(ident, None, SHM_RDONLY)
    if address in (None, ctypes.c_void_p(-1).value):
        return "leaked: found"
    return "leaked: " + ctypes.string_at(address, 12).decode()


def shared_memory_segment():
    """One 128 MiB segment of the many that held 3 GiB where no cgroup caps them (removed at
    once: only whether it can be made is asked)."""
    ident = libc.shmget(0, 128 << 20, IPC_CREAT | 0o600)
    if ident < 0:
        return _closed()
    libc.shmctl(ident, IPC_RMID, None)
    return "made"


def abstract_socket():
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.settimeout(2)
            connection.connect("\0wordle-kit-probe")
            return "leaked: " + connection.recv(100).decode()
    except OSError as error:
        return _closed(error)


def classmate():
    """The class folder from a command line above this process, and a classmate's code in it."""
    pid = os.getpid()
    for _ in range(10):
        try:
            with open("/proc/%d/status" % pid) as handle:
                pid = int([line.split()[1] for line in handle if line.startswith("PPid:")][0])
            with open("/proc/%d/cmdline" % pid, "rb") as handle:
                arguments = handle.read().split(b"\0")
        except OSError as error:
            return _closed(error)
        except (IndexError, ValueError):
            return "nothing seen"
        for argument in arguments:
            path = os.path.join(argument.decode("utf-8", "replace"), "alice", "wordle.py")
            if argument.startswith(b"/") and os.path.lexists(path):
                return read(path)
    return "nothing seen"


def read(path):
    try:
        with open(path) as handle:
            return "leaked: " + handle.read(40)
    except OSError as error:
        return _closed(error)


def run_lock():
    try:
        with open("/run/lock/wordle-kit-probe-%d" % os.getpid(), "w") as handle:
            handle.write("x")
        return "left"
    except OSError as error:
        return _closed(error)


def folder_chain():
    here = os.getcwd()
    try:
        os.chdir("/tmp")
        os.mkdir("wordle-kit-probe-chain")
        os.chdir("wordle-kit-probe-chain")
        for _ in range(2000):
            os.mkdir("d")
            os.chdir("d")
        return "left"
    except OSError as error:
        return _closed(error)
    finally:
        os.chdir(here)
