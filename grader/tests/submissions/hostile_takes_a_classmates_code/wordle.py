"""Hostile, no logic of its own (grader/tests/test_seal.py): it takes a classmate's code, graded
at the same time, through a kernel object their gradings share: check_word through POSIX record
locks on the standard library's os.py, known_word through the session keyring, no_letters
through a POSIX message queue, yes_letters through System V shared memory, and easy_wordle's
filter_word_list through an abstract unix socket.  Where a channel is closed the function is
missing (None)."""
import ctypes
import fcntl
import os
import platform
import socket
import struct
import time

LOCK_BASE = 1 << 30
FLOCK = "hhxxxxqqixxxx"     # struct flock on 64-bit Linux
WAIT_SECONDS = 2.0
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.shmat.restype = ctypes.c_void_p
got = {}


def _locks():
    data = bytearray()
    with open(os.__file__, "rb") as handle:
        while True:
            start = LOCK_BASE + len(data) * 256
            query = struct.pack(FLOCK, fcntl.F_WRLCK, 0, start, 256, 0)
            kind, _, found, _, _ = struct.unpack(FLOCK, fcntl.fcntl(handle.fileno(), fcntl.F_GETLK,
                                                                    query))
            if kind == fcntl.F_UNLCK:
                return bytes(data)
            data.append(found - start)


def _keyring():
    keyctl = {"x86_64": 250, "aarch64": 219}[platform.machine()]
    key = libc.syscall(keyctl, 10, -3, b"user", b"wordle-kit-offer", 0)
    buffer = ctypes.create_string_buffer(1 << 15)
    size = libc.syscall(keyctl, 11, key, buffer, 1 << 15) if key >= 0 else -1
    return buffer.raw[:size] if size > 0 else b""


def _queue():
    mq = libc.mq_open(b"/wordle-kit-offer", os.O_RDWR | os.O_NONBLOCK)
    buffer = ctypes.create_string_buffer(8192)
    size = libc.mq_receive(mq, buffer, 8192, None) if mq >= 0 else -1
    if size <= 0:
        return b""
    libc.mq_send(mq, buffer, size, 0)      # put back for the next run
    return buffer.raw[:size]


def _shared_memory():
    ident = libc.shmget(0x1925, 0, 0)
    address = libc.shmat(ident, None, 0o10000) if ident >= 0 else None
    if address in (None, ctypes.c_void_p(-1).value):
        return b""
    return ctypes.string_at(address + 4, int.from_bytes(ctypes.string_at(address, 4), "little"))


def _abstract_socket():
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(2)
        connection.connect("\0wordle-kit-offer")
        chunks = []
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


CHANNELS = {"locks": _locks, "keyring": _keyring, "queue": _queue,
            "shared_memory": _shared_memory, "abstract_socket": _abstract_socket}


def take(seconds):
    deadline = time.monotonic() + seconds
    while len(got) < len(CHANNELS) and time.monotonic() < deadline:
        for name, fetch in CHANNELS.items():
            if name not in got:
                try:
                    data = fetch()
                    if data:
                        got[name] = data.decode()
                except Exception:
                    pass
        time.sleep(0.1)


def function(channel, name):
    """The classmate's function name, from the code that came through channel (or None)."""
    namespace = {"__name__": "classmate"}
    try:
        exec(got[channel], namespace)
    except Exception:
        return None
    return namespace.get(name)


take(WAIT_SECONDS)
check_word = function("locks", "check_word")
known_word = function("keyring", "known_word")
no_letters = function("queue", "no_letters")
yes_letters = function("shared_memory", "yes_letters")
