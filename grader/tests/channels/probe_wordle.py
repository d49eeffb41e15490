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
import time

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.shmat.restype = ctypes.c_void_p
KEYCTL = {"x86_64": 250, "aarch64": 219}.get(platform.machine(), -1)
KEYCTL_SEARCH, KEYCTL_READ, KEY_SPEC_SESSION_KEYRING = 10, 11, -3
FLOCK = "hhxxxxqqixxxx"     # struct flock on 64-bit Linux
SHM_RDONLY, IPC_CREAT, IPC_RMID = 0o10000, 0o1000, 0
SHM_STAT, SHM_INFO = 13, 14
FUTEX, FUTEX_WAITV = {"x86_64": (202, 449), "aarch64": (98, 449)}.get(platform.machine(), (-1, -1))
FUTEX_WAIT, FUTEX_WAKE, FUTEX_32, CLOCK_MONOTONIC = 0, 1, 2, 1
PROT_READ, MAP_SHARED = 1, 1
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                      ctypes.c_long]


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


def shared_memory_by_id():
    """Issue 31: the machine's segments listed (SHM_INFO, SHM_STAT) and attached by id, with no
    key to know."""
    highest = libc.shmctl(0, SHM_INFO, ctypes.create_string_buffer(256))
    if highest < 0:
        return _closed()
    for index in range(highest + 1):
        ident = libc.shmctl(index, SHM_STAT, ctypes.create_string_buffer(256))
        if ident < 0:
            continue
        address = libc.shmat(ident, None, SHM_RDONLY)
        if address not in (None, ctypes.c_void_p(-1).value) and \
                ctypes.string_at(address, 12) == b"staff secret":
            return "leaked: " + ctypes.string_at(address, 12).decode()
    return "nothing seen"


def futex(path, offset, seconds=3.0):
    """Issue 31: a shared futex on a read-only mapping of a file everyone may read is keyed by
    the file, so a wake from another grading (or the grader) ends this wait: FUTEX_WAIT and
    futex_waitv, without FUTEX_PRIVATE_FLAG."""
    try:
        with open(path, "rb") as handle:
            address = libc.mmap(None, offset + 4, PROT_READ, MAP_SHARED, handle.fileno(), 0)
    except OSError as error:
        return _closed(error)
    if address in (None, ctypes.c_void_p(-1).value):
        return _closed()
    word = address + offset
    value = ctypes.c_uint32.from_address(word).value
    waiter = struct.pack("QQII", value, word, FUTEX_32, 0)

    def wait():
        relative = struct.pack("qq", 0, 200_000_000)
        return libc.syscall(FUTEX, ctypes.c_void_p(word), FUTEX_WAIT, value, relative, None, 0)

    def wait_vector():
        now = time.clock_gettime(time.CLOCK_MONOTONIC) + 0.2
        absolute = struct.pack("qq", int(now), int(now % 1 * 1e9))
        return libc.syscall(FUTEX_WAITV, waiter, 1, 0, absolute, CLOCK_MONOTONIC)

    ways, refused = {"FUTEX_WAIT": wait, "futex_waitv": wait_vector}, {}
    deadline = time.monotonic() + seconds
    while ways and time.monotonic() < deadline:
        for name, way in list(ways.items()):
            if way() == 0:
                return "leaked: woken (%s)" % name
            number = ctypes.get_errno()
            if number not in (errno.ETIMEDOUT, errno.EAGAIN, errno.EINTR):
                refused[name] = errno.errorcode.get(number, str(number))
                del ways[name]
    return "closed: " + "/".join(refused.values()) if not ways else "nothing seen"


def wake_futex(path, offset):
    """Wake whoever waits on the word at offset of path (a shared futex), every millisecond,
    from a thread of this process's."""
    import threading
    with open(path, "rb") as handle:
        word = libc.mmap(None, offset + 4, PROT_READ, MAP_SHARED, handle.fileno(), 0) + offset
    stop = threading.Event()

    def wake():
        while not stop.wait(0.001):
            libc.syscall(FUTEX, ctypes.c_void_p(word), FUTEX_WAKE, 1 << 30, None, None, 0)
    threading.Thread(target=wake, daemon=True).start()
    return stop.set


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
