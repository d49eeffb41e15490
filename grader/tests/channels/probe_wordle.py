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


# ------------------------------------------------------------------ issue 46 (round 5)
# The page cache: pages of a standard library file every grading may read, a 1-bit a cached
# page; the machine's figures; another process's nice value and CPU affinity by its pid.
PAGE = 4096
CACHE_FIRST_PAGE, CACHE_BITS = 64, (1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 1, 1)
POSIX_FADV_RANDOM, POSIX_FADV_DONTNEED, MADV_RANDOM = 1, 4, 1
RWF_NOWAIT = 8
MINCORE, CACHESTAT = {"x86_64": (27, 451), "aarch64": (232, 451)}.get(platform.machine(), (-1, -1))
NICE_MARK = 13          # the nice value a sender marks itself with
PROT_READ_ONLY = 1


def cached_file():
    """A file of the standard library large enough for the bits, the same for every grading
    run on one Python."""
    return os.path.join(os.path.dirname(os.path.realpath(os.__file__)), "pydoc_data", "topics.py")


def mark_page_cache(path=None, bits=CACHE_BITS):
    """The sender: the page of each 1-bit read in, each 0-bit's dropped (DONTNEED); "sent" or
    why not."""
    try:
        handle = os.open(path or cached_file(), os.O_RDONLY)
    except OSError as error:
        return _closed(error)
    try:
        os.posix_fadvise(handle, 0, 0, POSIX_FADV_RANDOM)      # no read-ahead of 0-bits
        for index, bit in enumerate(bits):
            offset = (CACHE_FIRST_PAGE + index) * PAGE
            if bit:
                os.pread(handle, PAGE, offset)
            else:
                os.posix_fadvise(handle, offset, PAGE, POSIX_FADV_DONTNEED)
        return "sent"
    except OSError as error:
        return _closed(error)
    finally:
        os.close(handle)


def page_cache(path=None, bits=CACHE_BITS):
    """The receiver: which of the pages are cached, by every way there is to tell (a read
    that may not wait, mincore, cachestat, the major faults getrusage counts); "leaked: ..."
    when one of them reads the bits sent, else "closed: " each way's errno, or "nothing seen".
    What a way read in is dropped again, so the next reader finds the bits as sent."""
    path = path or cached_file()
    ways = {"RWF_NOWAIT": _cached_by_nowait, "mincore": _cached_by_mincore,
            "cachestat": _cached_by_cachestat, "majflt": _cached_by_faults}
    read, refused = {}, []
    for name, way in ways.items():
        try:
            read[name] = way(path, len(bits))
        except OSError as error:
            refused.append(errno.errorcode.get(error.errno, str(error.errno)))
        time.sleep(0.05)    # what the way read in has arrived: then it can be dropped
        mark_page_cache(path, bits)
    leaked = [name for name, found in read.items() if tuple(found) == tuple(bits)]
    if leaked:
        return "leaked: %s by %s" % ("".join(map(str, bits)), ", ".join(leaked))
    return "closed: " + "/".join(refused) if not read else "nothing seen"


def _oserror():
    number = ctypes.get_errno()
    return OSError(number, os.strerror(number))


def _cached_by_nowait(path, count):
    handle = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(handle, 0, 0, POSIX_FADV_RANDOM)
        found = []
        for index in range(count):
            try:
                os.preadv(handle, [bytearray(PAGE)], (CACHE_FIRST_PAGE + index) * PAGE,
                          RWF_NOWAIT)
                found.append(1)
            except BlockingIOError:
                found.append(0)
        return found
    finally:
        os.close(handle)


def _mapped(path, action):
    handle = os.open(path, os.O_RDONLY)
    try:
        size = (CACHE_FIRST_PAGE + len(CACHE_BITS)) * PAGE
        address = libc.mmap(None, size, PROT_READ_ONLY, MAP_SHARED, handle, 0)
        if address in (None, ctypes.c_void_p(-1).value):
            raise _oserror()
        try:
            return action(address)
        finally:
            libc.munmap(ctypes.c_void_p(address), ctypes.c_size_t(size))
    finally:
        os.close(handle)


def _cached_by_mincore(path, count):
    def probe(address):
        vector = ctypes.create_string_buffer(count)
        start = address + CACHE_FIRST_PAGE * PAGE
        if libc.syscall(MINCORE, ctypes.c_void_p(start), ctypes.c_size_t(count * PAGE),
                        vector) != 0:
            raise _oserror()
        return [byte & 1 for byte in vector.raw]
    return _mapped(path, probe)


def _cached_by_cachestat(path, count):
    handle = os.open(path, os.O_RDONLY)
    try:
        found = []
        for index in range(count):
            span = struct.pack("QQ", (CACHE_FIRST_PAGE + index) * PAGE, PAGE)
            counts = ctypes.create_string_buffer(40)
            if libc.syscall(CACHESTAT, handle, span, counts, 0) != 0:
                raise _oserror()
            found.append(1 if struct.unpack_from("Q", counts.raw)[0] else 0)
        return found
    finally:
        os.close(handle)


def _cached_by_faults(path, count):
    import resource

    def probe(address):
        libc.madvise(ctypes.c_void_p(address), ctypes.c_size_t((CACHE_FIRST_PAGE + count) * PAGE),
                     MADV_RANDOM)
        found = []
        for index in range(count):
            before = resource.getrusage(resource.RUSAGE_SELF).ru_majflt
            ctypes.c_char.from_address(address + (CACHE_FIRST_PAGE + index) * PAGE).value
            found.append(0 if resource.getrusage(resource.RUSAGE_SELF).ru_majflt > before else 1)
        return found
    return _mapped(path, probe)


def machine_figures():
    """The machine's figures: sysinfo (memory, processes, loads), a shared file system's
    free space (statvfs of the standard library's), /proc's memory and load.  "leaked: ..."
    naming each one read, else "closed: " their errnos."""
    read, refused = [], []
    info = ctypes.create_string_buffer(128)
    if libc.sysinfo(info) == 0:
        read.append("sysinfo (shared memory %d)" % shared_memory_figure(info))
    else:
        refused.append(errno.errorcode.get(ctypes.get_errno(), "?"))
    try:
        os.statvfs(os.path.dirname(os.__file__))
        read.append("statvfs")
    except OSError as error:
        refused.append(errno.errorcode.get(error.errno, "?"))
    for name in ("/proc/meminfo", "/proc/loadavg"):
        try:
            with open(name) as handle:
                handle.read()
            read.append(name)
        except OSError as error:
            refused.append(errno.errorcode.get(error.errno, "?"))
    return "leaked: " + ", ".join(read) if read else "closed: " + "/".join(refused)


def shared_memory_figure(info=None):
    """The machine's shared memory in bytes (struct sysinfo's sharedram times mem_unit)."""
    if info is None:
        info = ctypes.create_string_buffer(128)
        if libc.sysinfo(info) != 0:
            raise _oserror()
    # uptime, 3 loads, totalram, freeram, sharedram, bufferram, totalswap, freeswap, procs,
    # pad, totalhigh, freehigh, mem_unit
    fields = struct.unpack_from("l3L6LHHLLI", info.raw)
    return fields[6] * fields[-1]


def hold_shared_memory(mebibytes):
    """Hold mebibytes of shared memory (a memfd, written through): what a sender's 1-bit is."""
    handle = os.memfd_create("wordle-kit-probe")
    os.ftruncate(handle, mebibytes << 20)
    block = b"\1" * (1 << 20)
    for index in range(mebibytes):
        os.pwrite(handle, block, index << 20)
    return handle


def mark_process():
    """The sender: a nice value and a CPU affinity of its own that another process can find."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, NICE_MARK)
        os.sched_setaffinity(0, sorted(os.sched_getaffinity(0))[:1])
        return "marked"
    except OSError as error:
        return _closed(error)


def other_processes(span=3000):
    """The receiver: pids near its own and the first ones, each asked its nice value; a
    process marked by a sender gives its CPU affinity and CPU time too.  "leaked: ..." when
    one was found, "closed: ERRNO" when no other pid answered, else "nothing seen"."""
    own = os.getpid()
    answered, refusals = 0, set()
    for pid in sorted(set(range(1, 300)) | set(range(max(1, own - span), own + span))):
        if pid == own:
            continue
        try:
            nice = os.getpriority(os.PRIO_PROCESS, pid)
        except OSError as error:
            refusals.add(errno.errorcode.get(error.errno, "?"))
            continue
        answered += 1
        if nice == NICE_MARK:
            try:
                affinity = sorted(os.sched_getaffinity(pid))
                seconds = time.clock_gettime(~pid << 3 | 2)     # its CPU clock
            except OSError as error:
                return "leaked: pid %d marked (%s)" % (pid, _closed(error))
            return "leaked: pid %d marked, on CPUs %s, %.2f s of CPU" % (pid, affinity, seconds)
    return "nothing seen" if answered else "closed: " + "/".join(sorted(refusals))
