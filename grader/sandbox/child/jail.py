"""The child's isolation (standard library only): dying with the grader, the
namespaces and chroot jail (as root), and the resource limits.

First the child joins the sandbox's control group when there is one (a memory and
process cap for all the sandbox's processes together).  When the config asks for
the jail (the grader runs as root) the process unshares a mount, a PID, a network
(so no network at all), an IPC (no System V shared memory, queues or semaphores
shared with any other run, and all of them gone when the run ends) and a UTS namespace, and
stays outside as a relay that ends the way the worker ended; it forks the
namespace's init (which reaps and, when it ends, takes every process of the
namespace with it), which builds a jail (a small tmpfs holding read-only binds
of /usr and friends, /dev/null, /dev/zero, /dev/urandom, an empty /tmp and
/box with the submission) and forks the worker proper, which chroots into the
jail and drops to an unprivileged uid/gid with no groups and no new privileges.
Without root, or as root without CAP_SYS_ADMIN, the same jail is built in a new
user namespace where the machine allows unprivileged ones (most Linux laptops):
the child (first dropped to a uid of its own when it is root) maps that one uid
to the config's uid inside (never 0), builds the jail with the namespace's capabilities and then
drops every capability, so the student's code holds none, inside or out.  A
chroot also keeps it from making user namespaces of its own (the kernel refuses
them to a chrooted process), the one way back to a capability.  When no
namespace can be made at all (root in a default Docker container) the config
asks only for the drop to an unprivileged uid/gid of its own.
Resource limits are applied in every case, and the child dies with the grader
(a parent-death signal; as root the relay and the init both have it).
"""

import ctypes
import os
import resource
import select
import signal

CLONE_NEWNS = 0x00020000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUTS = 0x04000000
CLONE_NEWUSER = 0x10000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MS_NOATIME, MS_NODIRATIME, MS_RELATIME = 1024, 2048, 1 << 21
# statvfs flag -> mount flag: the flags a bind mount made in a user namespace must keep
# when remounted (the kernel locks them), besides the read-only and nosuid we add
LOCKED_FLAGS = {os.ST_NODEV: MS_NODEV, os.ST_NOEXEC: MS_NOEXEC, os.ST_NOATIME: MS_NOATIME,
                os.ST_NODIRATIME: MS_NODIRATIME, os.ST_RELATIME: MS_RELATIME}
PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_CAPBSET_DROP = 24
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
LINUX_CAPABILITY_VERSION_3 = 0x20080522
LAST_CAPABILITY = 63        # higher than any the kernel has: unknown ones fail with EINVAL
JAIL_BOX = "/box"

_libc = ctypes.CDLL(None, use_errno=True)


def _check(result, what):
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")


def _mount(source, target, fstype, flags, data=None):
    _check(_libc.mount(_b(source), _b(target), _b(fstype), ctypes.c_ulong(flags), _b(data)),
           f"mount {target}")


def _b(text):
    return None if text is None else os.fsencode(text)


def die_with_parent(parent_alive):
    """Have the kernel SIGKILL this process when its parent ends, even by SIGKILL.

    The signal fires when the parent *thread* that forked us exits; the grader's
    threads outlive the children they start, so that is the grader dying.  A
    parent that died before the prctl sends nothing, hence the check after it.
    """
    _check(_libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "prctl")
    if not parent_alive():
        os._exit(1)


def become_subreaper():
    """Processes this one's descendants orphan (a double fork, setsid) stay under it instead
    of going to init, so the grader finds and counts their CPU time."""
    _check(_libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), "prctl(PR_SET_CHILD_SUBREAPER)")


def _has_reader(pipe_write_fd):
    """False once nobody holds the read end of the pipe (poll reports POLLERR)."""
    poller = select.poll()
    poller.register(pipe_write_fd, select.POLLOUT)
    return not any(events & select.POLLERR for _, events in poller.poll(0))


def isolate(config):
    """Control group, namespaces, jail and lowered privileges (root only); returns the code's
    directory."""
    for procs in config.cgroup_procs:
        with open(procs, "w") as handle:
            handle.write(str(os.getpid()))
    with_grader = lambda: os.getppid() == config.grader_pid   # noqa: E731
    if config.drop is not None:
        _drop_privileges(config.drop)
        die_with_parent(with_grader)   # a change of uid clears the parent-death signal
        return config.box
    jail = config.jail
    if jail is None:
        return config.box
    namespaces = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
    if jail.user_namespace:
        _enter_user_namespace(jail, namespaces)
        die_with_parent(with_grader)
    else:
        _check(_libc.unshare(namespaces), "unshare")
    status_read, status_write = os.pipe()
    init = os.fork()
    if init:
        os.close(status_write)
        _relay_and_exit(init, status_read, config.fd)
    os.close(status_read)
    # getppid() is 0 across the namespace boundary, so the relay's liveness shows in the pipe it reads
    die_with_parent(lambda: _has_reader(status_write))
    _build_jail(jail, config.box)
    worker = os.fork()      # dies with init, as the whole namespace does: no parent-death signal needed
    if worker:
        _init_wait_and_exit(worker, status_write, config.fd)
    os.close(status_write)
    os.chroot(jail.root)
    os.chdir(JAIL_BOX)
    if jail.user_namespace:
        _drop_capabilities()
    else:
        _drop_privileges(jail)
    return JAIL_BOX


def _enter_user_namespace(jail, namespaces):
    """Unshare a user namespace with the others, as an unprivileged uid (the one in
    jail.outer when we are root), mapped to jail.uid inside."""
    if jail.outer is not None:
        _drop_privileges(jail.outer, no_new_privileges=False)
        # a uid change makes /proc/self root's (not dumpable): the maps below could not be written
        _check(_libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "prctl(PR_SET_DUMPABLE)")
    uid, gid = os.geteuid(), os.getegid()
    if uid == 0:
        raise OSError("root is never mapped into the jail's user namespace (no outer uid given)")
    _check(_libc.unshare(CLONE_NEWUSER | namespaces), "unshare")
    for name, text in (("setgroups", "deny"), ("uid_map", f"{jail.uid} {uid} 1"),
                       ("gid_map", f"{jail.gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w") as handle:
            handle.write(text)


def _drop_capabilities():
    """No capabilities left, none to gain back: the bounding set emptied, the sets cleared
    (the uid inside is not 0, so an exec gives none back), no new privileges."""
    for capability in range(LAST_CAPABILITY + 1):
        if _libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0 and ctypes.get_errno() != 22:
            _check(-1, "prctl(PR_CAPBSET_DROP)")
    _check(_libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0), "prctl(PR_CAP_AMBIENT)")
    header = (ctypes.c_uint32 * 2)(LINUX_CAPABILITY_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()
    _check(_libc.capset(header, data), "capset")
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl")


def _drop_privileges(ids, no_new_privileges=True):
    """An unprivileged uid/gid of the sandbox's own, no groups (and no new privileges)."""
    os.setgroups([])
    os.setgid(ids.gid)
    os.setuid(ids.uid)
    if no_new_privileges:
        _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl")


def _build_jail(jail, box_copy):
    """In the new mount namespace, fill a tmpfs with what Python needs and the submission."""
    root = jail.root
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    _mount("tmpfs", root, "tmpfs", MS_NOSUID, f"size={jail.tmpfs_bytes},nr_inodes={jail.tmpfs_inodes},mode=0755")
    for path in jail.system_paths:
        inside = root + path
        if os.path.islink(path):
            os.makedirs(os.path.dirname(inside), exist_ok=True)
            os.symlink(os.readlink(path), inside)
            continue
        os.makedirs(inside, exist_ok=True)
        _mount(path, inside, None, MS_BIND | MS_REC)
        kept = os.statvfs(inside).f_flag
        flags = sum(flag for st_flag, flag in LOCKED_FLAGS.items() if kept & st_flag)
        _mount(None, inside, None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | flags)
    os.makedirs(root + "/dev")
    for device in ("/dev/null", "/dev/zero", "/dev/urandom"):
        open(root + device, "w").close()
        _mount(device, root + device, None, MS_BIND)
    os.mkdir(root + "/tmp")
    os.chmod(root + "/tmp", 0o1777)
    box = root + JAIL_BOX
    os.mkdir(box)
    for name in os.listdir(box_copy):
        source, target = os.path.join(box_copy, name), os.path.join(box, name)
        if os.path.isdir(source):   # __pycache__: the course files' bytecode
            os.mkdir(target)
            for entry in os.listdir(source):
                _copy_file(os.path.join(source, entry), os.path.join(target, entry))
                os.chown(os.path.join(target, entry), jail.uid, jail.gid)
        else:
            _copy_file(source, target)
        os.chown(target, jail.uid, jail.gid)
    os.chown(box, jail.uid, jail.gid)
    os.chmod(box, 0o700)


def _copy_file(source, target):
    """Copy a file's bytes (shutil would cost every child the import of its archive modules)."""
    with open(source, "rb") as reading, open(target, "wb") as writing:
        writing.write(reading.read())


def _init_wait_and_exit(worker, status_write, protocol_fd):
    """PID 1 of the namespace: reap everything; when the worker ends, pass on its status."""
    os.close(protocol_fd)
    while True:
        pid, status = os.wait()
        if pid == worker:
            os.write(status_write, str(status).encode())
            os._exit(0)     # init exits: the kernel kills whatever is left in the namespace


def _relay_and_exit(init, status_read, protocol_fd):
    """Outside the namespace: wait for init, then end the way the worker ended."""
    os.close(protocol_fd)
    os.waitpid(init, 0)
    raw = os.read(status_read, 64)
    status = int(raw) if raw.isdigit() else None
    if status is not None and os.WIFEXITED(status):
        os._exit(os.WEXITSTATUS(status))
    sig = os.WTERMSIG(status) if status is not None and os.WIFSIGNALED(status) else signal.SIGKILL
    if sig != signal.SIGKILL:   # SIGKILL has no handler to reset
        signal.signal(sig, signal.SIG_DFL)
    os.kill(os.getpid(), sig)
    os._exit(128 + sig)


def apply_limits(limits):
    """Resource limits for this process and everything it starts."""
    for name, value in limits.items():
        # CPU: SIGXCPU at the limit (named in the report), SIGKILL a second later for a process
        # that ignores it
        hard = value + 1 if name == "RLIMIT_CPU" else value
        resource.setrlimit(getattr(resource, name), (value, hard))
