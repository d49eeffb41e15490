"""The child's last locks before student code runs (standard library only): a session keyring
of its own, Landlock and a seccomp filter.

Namespaces and uids do not cover every kernel object: the grader's session keyring is
inherited across them, POSIX record locks and inotify watches on a read-only system file
are shared by every process that can open it, and in the uid mode (no namespaces) System V
and POSIX IPC, abstract unix sockets and every world-readable file are shared too.  So,
in every safe mode, after the jail (or the drop to a uid of its own):
  keyring   the child joins a new anonymous session keyring (the grader's is out of reach
            even where seccomp is missing);
  Landlock  (where the kernel has it; its ABI is read at run time) reads only the paths the
            grader lists (the submission's copy with the course files, the Python it runs
            on and its shared libraries), executes only those and the system's bin folders,
            writes only the grading's own folders; from ABI 4 no TCP, from ABI 6 no abstract
            unix socket or signal outside the child's own processes;
  seccomp   (x86_64 and aarch64) EPERM for the keyring's calls, file locks and leases,
            System V IPC, POSIX message queues, new sockets, inotify/fanotify and io_uring
            (whose operations would bypass the filter); a call of another architecture's
            table (int 0x80, x32) gets EPERM too.
apply() returns what held, so the grader can name what is missing in the staff output.
"""
import ctypes
import os
import stat
import struct

# architecture -> (AUDIT_ARCH, syscall numbers)
ARCHITECTURES = {
    "x86_64": (0xC000003E, {
        "keyctl": 250, "add_key": 248, "request_key": 249, "flock": 73, "fcntl": 72,
        "prctl": 157, "shmget": 29, "msgget": 68, "semget": 64, "mq_open": 240, "socket": 41,
        "inotify_init": 253, "inotify_init1": 294, "fanotify_init": 300,
        "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427}),
    "aarch64": (0xC00000B7, {
        "keyctl": 219, "add_key": 217, "request_key": 218, "flock": 32, "fcntl": 25,
        "prctl": 167, "shmget": 194, "msgget": 186, "semget": 190, "mq_open": 180, "socket": 198,
        "inotify_init1": 26, "fanotify_init": 262,
        "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427}),
}
X32_SYSCALL_BIT = 0x40000000     # x86_64's x32 table: same AUDIT_ARCH, numbers from here
# fcntl commands that lock or lease: F_GETLK, F_SETLK, F_SETLKW, F_OFD_*, F_SETLEASE, F_GETLEASE
LOCK_COMMANDS = (5, 6, 7, 36, 37, 38, 1024, 1025)
SECCOMP_DENIED = ("the session keyring (keyctl, add_key, request_key), file locks and leases, "
                  "System V IPC, POSIX message queues, new sockets, inotify, io_uring and "
                  "changing the worker's child-subreaper flag")
# the worker is its children's subreaper (their CPU is counted through it): student code may
# not clear the flag to hand an orphan to init, nor set it in a process of its own
PR_SET_CHILD_SUBREAPER = 36
ARGUMENT_CHECKED = ("fcntl", "prctl")
EPERM = 1
BPF_LD_W_ABS, BPF_JEQ_K, BPF_JGE_K, BPF_RET_K = 0x20, 0x15, 0x35, 0x06
SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO = 0x7FFF0000, 0x00050000
PR_SET_SECCOMP, SECCOMP_MODE_FILTER, PR_SET_NO_NEW_PRIVS = 22, 2, 38
OFFSET_NR, OFFSET_ARCH, OFFSET_ARG0, OFFSET_ARG1 = 0, 4, 16, 24   # struct seccomp_data (args: low 32 bits)

KEYCTL_JOIN_SESSION_KEYRING = 1
LANDLOCK_CREATE_RULESET, LANDLOCK_ADD_RULE, LANDLOCK_RESTRICT_SELF = 444, 445, 446  # every arch
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1
FS_EXECUTE, FS_WRITE_FILE, FS_READ_FILE, FS_READ_DIR = 1, 2, 4, 8
FS_REFER, FS_TRUNCATE, FS_IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
FS_ALL_ABI1 = (1 << 13) - 1      # execute ... make_sym
FILE_RIGHTS = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV
NET_BIND_TCP, NET_CONNECT_TCP = 1, 2
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1, 2

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


class SealError(OSError):
    """A protection the grader requires could not be applied."""


def apply(config):
    """Seal this process as config says ({"read": [paths], "list": [folders], "execute":
    [paths], "write": [paths], "require": {"seccomp": bool, "landlock": ABI}}); returns
    {"seccomp": "" or why not, "landlock": ABI (0: none), "landlock_problem": why not,
    "keyring": whether it joined a new one}.  Raises SealError when less than
    config["require"] held (the probe found more on this machine)."""
    machine = os.uname().machine
    architecture = ARCHITECTURES.get(machine)
    report = {"landlock": 0, "landlock_problem": "", "seccomp": "",
              "keyring": architecture is not None and join_own_keyring(architecture[1]["keyctl"])}
    try:
        report["landlock"] = restrict_paths(config)
    except OSError as error:
        report["landlock_problem"] = error.strerror or str(error)
    if architecture is None:
        report["seccomp"] = f"no seccomp filter for the {machine} architecture"
    else:
        try:
            install_filter(filter_program(*architecture))
        except OSError as error:
            report["seccomp"] = f"seccomp: {error.strerror or error}"
    required = config.get("require", {})
    if required.get("seccomp") and report["seccomp"]:
        raise SealError(report["seccomp"])
    if report["landlock"] < required.get("landlock", 0):
        raise SealError(f"Landlock ABI {required['landlock']} was required, "
                        f"{report['landlock']} held: {report['landlock_problem']}")
    return report


def join_own_keyring(keyctl):
    """Leave the grader's session keyring for a new anonymous one; True when joined."""
    return _libc.syscall(keyctl, KEYCTL_JOIN_SESSION_KEYRING, None) > 0


# ---------------------------------------------------------------- seccomp

def filter_program(audit_arch, numbers):
    """The BPF program: EPERM for the denied calls, fcntl's lock commands and prctl's
    PR_SET_CHILD_SUBREAPER, all else allowed."""
    denied = sorted(number for name, number in numbers.items() if name not in ARGUMENT_CHECKED)
    allow, refuse = (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW), (BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | EPERM)
    # each jump below lands on "refuse" (the program's last instruction) or falls through
    program = [(BPF_LD_W_ABS, 0, 0, OFFSET_ARCH), (BPF_JEQ_K, 0, None, audit_arch),
               (BPF_LD_W_ABS, 0, 0, OFFSET_NR)]
    if audit_arch == ARCHITECTURES["x86_64"][0]:
        program.append((BPF_JGE_K, None, 0, X32_SYSCALL_BIT))
    program += [(BPF_JEQ_K, None, 0, number) for number in denied]
    fcntl_locks = ([(BPF_LD_W_ABS, 0, 0, OFFSET_ARG1)]
                   + [(BPF_JEQ_K, None, 0, command) for command in LOCK_COMMANDS] + [allow])
    program += [(BPF_JEQ_K, 0, len(fcntl_locks), numbers["fcntl"])] + fcntl_locks
    program += [(BPF_JEQ_K, 1, 0, numbers["prctl"]), allow, (BPF_LD_W_ABS, 0, 0, OFFSET_ARG0),
                (BPF_JEQ_K, None, 0, PR_SET_CHILD_SUBREAPER)]
    program += [allow, refuse]
    last = len(program) - 1
    return [(code, last - index - 1 if jt is None else jt, last - index - 1 if jf is None else jf, k)
            for index, (code, jt, jf, k) in enumerate(program)]


def install_filter(program):
    """Install a BPF program (no new privileges first: what lets a process without
    CAP_SYS_ADMIN install one)."""
    code = b"".join(struct.pack("HBBI", *instruction) for instruction in program)
    buffer = ctypes.create_string_buffer(code)
    fprog = struct.pack("HxxxxxxP", len(program), ctypes.addressof(buffer))
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or \
            _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.c_char_p(fprog), 0, 0) != 0:
        _fail()


# ---------------------------------------------------------------- Landlock

def landlock_abi():
    """The kernel's Landlock ABI version, 0 where it has none (or it is disabled)."""
    version = _libc.syscall(LANDLOCK_CREATE_RULESET, None, 0, LANDLOCK_CREATE_RULESET_VERSION)
    return max(version, 0)


def restrict_paths(paths):
    """Landlock: read (and run) only the paths["read"], list the folders below paths["list"]
    (not read their files), run the paths["execute"], write only the paths["write"]; no TCP
    (ABI 4), no abstract unix socket or signal beyond this domain (ABI 6).  Returns the ABI
    applied; OSError where there is none."""
    abi = landlock_abi()
    if abi == 0:
        _fail("no Landlock in this kernel")
    handled = FS_ALL_ABI1 | (FS_REFER if abi >= 2 else 0) | (FS_TRUNCATE if abi >= 3 else 0) \
        | (FS_IOCTL_DEV if abi >= 5 else 0)
    attributes = [handled]
    if abi >= 4:
        attributes.append(NET_BIND_TCP | NET_CONNECT_TCP)
    if abi >= 6:
        attributes.append(SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL)
    ruleset_attr = struct.pack("%dQ" % len(attributes), *attributes)
    ruleset = _libc.syscall(LANDLOCK_CREATE_RULESET, ruleset_attr, len(ruleset_attr), 0)
    if ruleset < 0:
        _fail()
    try:
        reading = FS_READ_FILE | FS_READ_DIR | FS_EXECUTE
        # executing a file opens it for reading too
        running = FS_READ_FILE | FS_EXECUTE
        for kind, rights in (("read", reading), ("list", FS_READ_DIR), ("execute", running),
                             ("write", handled)):
            for path in paths[kind]:
                _allow(ruleset, path, rights)
        for device in ("/dev/null", "/dev/zero", "/dev/urandom"):
            _allow(ruleset, device, FS_READ_FILE | (FS_WRITE_FILE if device == "/dev/null" else 0))
        if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or \
                _libc.syscall(LANDLOCK_RESTRICT_SELF, ruleset, 0) != 0:
            _fail()
    finally:
        os.close(ruleset)
    return abi


def _allow(ruleset, path, rights):
    """Add a rule for path (skipped where it does not exist); a file gets only file rights."""
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return
    try:
        if not stat.S_ISDIR(os.fstat(fd).st_mode):
            rights &= FILE_RIGHTS
        rule = struct.pack("=Qi", rights, fd)
        if _libc.syscall(LANDLOCK_ADD_RULE, ruleset, LANDLOCK_RULE_PATH_BENEATH, rule, 0) != 0:
            _fail(f"Landlock rule for {path}")
    finally:
        os.close(fd)


def _fail(what=""):
    """Raise OSError for the libc call that just failed (its errno), prefixed with what."""
    errno = ctypes.get_errno()
    raise OSError(errno, f"{what} ({os.strerror(errno)})" if what else os.strerror(errno))
