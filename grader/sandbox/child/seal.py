"""The child's last locks before student code runs (standard library only): a session keyring
of its own, Landlock and a seccomp filter.

Namespaces and uids do not cover every kernel object: the grader's session keyring is
inherited across them; POSIX record locks, inotify watches and shared futexes on a
read-only system file are shared by every process that can open it (a shared futex is keyed
by the file and offset, across PID, mount and IPC namespaces and uids); and in the uid mode
(no namespaces) System V and POSIX IPC, abstract unix sockets and every world-readable file
are shared too.  So, in every safe mode, after the jail (or the drop to a uid of its own):
  keyring   the child joins a new anonymous session keyring (the grader's is out of reach
            even where seccomp is missing);
  Landlock  (where the kernel has it; its ABI is read at run time) reads only the paths the
            grader lists (the submission's copy with the course files, the Python it runs
            on and its shared libraries), executes only those and the system's bin folders,
            writes only the grading's own folders; from ABI 4 no TCP, from ABI 6 no abstract
            unix socket or signal outside the child's own processes;
  seccomp   (x86_64 and aarch64) an allowlist (ALLOWED below): the calls CPython 3.10 to 3.13
            and a plain program make, some with arguments checked (CHECKED: futexes only
            private, clone without namespaces, fcntl without locks, leases or directory
            notifications, prctl without the child-subreaper flag, no new action for SIGCHLD;
            no advice or flag that drops or tests cached pages, no huge pages, no resource
            usage from wait4 or waitid; a process's priority, affinity, limits, group or CPU
            clock only its own, named by pid 0 or its own pid); EPERM for what would reach
            beyond the grading (REFUSED: the keyring, flock, all of System V IPC and POSIX
            message queues, new sockets, inotify/fanotify, io_uring, futex_waitv, the page
            cache's state and the machine's figures) and ENOSYS for every other call; a
            call of another architecture's table (int 0x80, x32) gets EPERM.  So no System V
            or POSIX IPC object of the machine (a segment another process made 0666
            included) is reachable in any mode, nor any figure of the machine's (its memory,
            load, processes, free space) or of another process's.
apply() returns what held, so the grader can name what is missing in the staff output.
"""
import ctypes
import os
import stat
import struct

# The seccomp allowlist: what CPython 3.10 to 3.13 and its standard library call to import a
# student's module and run a program, what the worker calls, and what a plain program may use
# (files in its folder, time, randomness, threads, processes).  Checked over the corpus's
# gradings (3.11, 3.13) with the filter's audit mode (filter_program(..., audit=True) in
# apply(): what it would refuse is allowed and logged, `dmesg | grep type=1326` names each
# call), which is how to learn what a new Python needs.  A call of no table fails with ENOSYS,
# as on a kernel that lacks it: glibc and CPython then fall back (clone3 -> clone) or raise an
# OSError.  Names an architecture lacks (open, fork, ... on aarch64) are skipped.
# Each group says, for each of its calls, whether any allowed form reads or changes state
# shared with the machine or another grading (issue 46's audit): a call with such a form is in
# CHECKED, that form refused, or in REFUSED; what no filter can refuse (a read's timing, CPU
# contention) is in the README's security section.
ALLOWED = {
    # No: each changes or reads this process's own mappings (mmap and madvise are CHECKED: the
    # machine's huge page pool, the page cache); msync writes back only the pages of files it
    # mapped, which it may write only in its own folders.
    "memory": "brk munmap mremap mprotect msync",
    # Only what Landlock (and in the jail the chroot, its system folders bound read-only) lets
    # it open: its own copy, the standard library, Python and its libraries to read, its own
    # folders to write (none in the uid mode).  A read of a shared file brings its pages into
    # the machine's page cache, which a later read's time can tell: the README's limits.
    "reading and writing": "read write readv writev pread64 pwrite64 preadv pwritev lseek "
                           "sendfile copy_file_range close close_range dup dup2 dup3 open "
                           "openat",
    # Reads a path's metadata: static for the files it may read; stat reads any path's owner,
    # size and times (not its content), /proc/PID's too in the uid mode: the README's limits.
    "file metadata": "stat fstat lstat newfstatat statx access faccessat faccessat2 getxattr "
                     "lgetxattr fgetxattr listxattr llistxattr flistxattr readlink readlinkat "
                     "getdents getdents64 getcwd chdir fchdir umask",
    # Changes only its own folders (Landlock: the jail's tmpfs; nothing in the uid mode, and
    # the kernel refuses another uid's files); fsync of a file it may only read flushes nothing.
    "changing files": "mkdir mkdirat rmdir unlink unlinkat rename renameat renameat2 link "
                      "linkat symlink symlinkat chmod fchmod fchmodat truncate ftruncate "
                      "fallocate utimensat fsync fdatasync",
    # No: objects of its own (a pipe's buffer pages are counted against its uid, its own in
    # every root mode; without root the userns mode's gradings are one user: the README's
    # limits); ioctl acts on one of its descriptors: its pipes and sockets, files' static
    # attributes (Landlock from ABI 5 refuses devices' commands); memfd_create is CHECKED.
    "pipes, descriptors and waiting on them": "pipe pipe2 ioctl select pselect6 poll ppoll "
                                              "epoll_create epoll_create1 epoll_ctl epoll_wait "
                                              "epoll_pwait epoll_pwait2 eventfd eventfd2",
    # No: the protocol socket and socket pairs of its own (new sockets are REFUSED).
    "the protocol socket and socket pairs": "socketpair sendto recvfrom sendmsg recvmsg shutdown "
                                            "getsockopt setsockopt getsockname getpeername",
    # No: itself and the processes it starts; its own ids (getppid names the grader, the same
    # for every grading); setpgid moves only itself or its children within its own session.
    "processes and threads": "fork vfork execve exit exit_group getpid getppid gettid getuid "
                             "geteuid getgid getegid getresuid getresgid getgroups getpgrp "
                             "setsid setpgid getrlimit setrlimit times set_tid_address "
                             "set_robust_list arch_prctl",
    # A signal reaches only processes of its own uid (a uid of its own in every root mode),
    # only inside the jail's PID namespace, only its own run where Landlock has ABI 6; the
    # answer for another pid (EPERM, not ESRCH) says only that it exists, as stat on /proc/PID
    # does in the uid mode: refusing other pids would refuse signalling its own children.
    "signalling": "kill tkill tgkill",
    # No: its own signal state.
    "signals": "rt_sigprocmask rt_sigreturn rt_sigpending rt_sigtimedwait "
               "rt_sigsuspend sigaltstack alarm pause",
    # Reads the machine's clocks (the same for everyone, set by no grading); its own timers
    # (a clock named by a process's pid is CHECKED).  sched_yield and rseq (its area says on
    # which CPU it runs) meet other gradings only in CPU contention: the README's limits.
    "time and the CPU": "nanosleep gettimeofday time getitimer setitimer timer_settime "
                        "timer_gettime timer_getoverrun timer_delete timerfd_create "
                        "timerfd_settime timerfd_gettime sched_yield rseq",
    # uname: static (the kernel's release and machine, the host's name, which only its
    # administrator sets); getrandom draws from the machine's entropy pool, whose state no
    # caller can read.
    "the system and randomness": "uname getrandom",
}
# Allowed with arguments checked, where a call is needed but one of its forms is a channel or
# a power: name -> (conditions, errno when one fails); each condition (argument, rule,
# values) on the argument's low 32 bits (the kernel reads these arguments as ints); the rules:
# "has" (every bit of values set), "lacks" (none of them set), "in" (one of values), "null"
# (the argument, a pointer, is null), "not set for" (the call names one of values and its next
# argument, a pointer, is not null: it sets something).  values may be a function of the
# sealed process's pid (filter_program's), for what names the caller itself.
FUTEX_PRIVATE_FLAG = 128
# CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET: no namespace of its own;
# CLONE_PARENT: no child given to the worker's parent (the grader), out of the worker's count
CLONE_NEW_NAMESPACES = 0x7E020000
CLONE_PARENT = 0x00008000
# F_DUPFD, F_GETFD, F_SETFD, F_GETFL, F_SETFL, F_DUPFD_CLOEXEC, F_SETPIPE_SZ, F_GETPIPE_SZ,
# F_ADD_SEALS, F_GET_SEALS: no record lock, lease or directory notification (F_NOTIFY)
FCNTL_COMMANDS = (0, 1, 2, 3, 4, 1030, 1031, 1032, 1033, 1034)
# PR_SET_PDEATHSIG, PR_GET_PDEATHSIG, PR_GET_DUMPABLE, PR_SET_NAME, PR_GET_NAME, PR_GET_SECCOMP,
# PR_CAPBSET_READ, PR_GET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS, PR_GET_NO_NEW_PRIVS, PR_SET_VMA:
# the worker is its children's subreaper (their CPU is counted through it), so student code
# may not clear the flag to hand an orphan to init, nor set it in a process of its own
PRCTL_OPTIONS = (1, 2, 3, 15, 16, 21, 23, 37, 38, 39, 0x53564D41)
# The kernel reaps at once the children of a process that ignores SIGCHLD (or sets
# SA_NOCLDWAIT), adding their CPU time to nobody's, so code could compute past its limits or
# keep a grading long in short-lived children; SIGCHLD keeps the action it had (the default).
SIGCHLD = 17
# MADV_NORMAL, RANDOM, SEQUENTIAL, DONTNEED, FREE, DONTFORK, DOFORK, HUGEPAGE, NOHUGEPAGE,
# DONTDUMP, DODUMP, WIPEONFORK, KEEPONFORK, GUARD_INSTALL, GUARD_REMOVE: its own pages only
# (DONTNEED unmaps a file's pages from this process, leaving them cached).  Not WILLNEED,
# POPULATE_READ (read ahead, as no call needs), COLD, PAGEOUT (age or drop a shared file's
# cached pages: another grading's test of them), MERGEABLE (same-page merging across
# processes, whose copy on write is timed), REMOVE, COLLAPSE and the rest.
MADVISE_ADVICE = (0, 1, 2, 4, 8, 10, 11, 14, 15, 16, 17, 18, 19, 102, 103)
# POSIX_FADV_NORMAL, RANDOM, SEQUENTIAL: this descriptor's read-ahead; not WILLNEED (read
# ahead), DONTNEED (drop a shared file's cached pages) or NOREUSE (age them)
FADVISE_ADVICE = (0, 1, 2)
# every flag of preadv2 and pwritev2 but RWF_HIPRI, DSYNC, SYNC, APPEND, NOAPPEND: RWF_NOWAIT
# fails on a page not cached (a test of another grading's pages), RWF_DONTCACHE drops pages
RWF_REFUSED = 0xFFFFFFFF & ~0x37
MAP_HUGETLB, MFD_HUGETLB = 0x40000, 4     # pages of the machine's one huge page pool
PRIO_PROCESS = 0
# CLOCK_REALTIME to CLOCK_TAI: the machine's clocks
SYSTEM_CLOCKS = tuple(range(12))
EPERM, ESRCH, ENOSYS, EINVAL = 1, 3, 38, 22


def own_pids(pid):
    """0 or the sealed process's own pid: what names the caller itself.  A process it starts
    names itself by 0 (its own pid is not known to the filter, built before it)."""
    return (0, pid)


def own_clocks(pid):
    """The machine's clocks and the caller's own CPU clocks (the kernel's MAKE_PROCESS_CPUCLOCK
    and MAKE_THREAD_CPUCLOCK of pid 0 or its own: PROF, VIRT, SCHED), not another process's
    CPU time by its pid."""
    return SYSTEM_CLOCKS + tuple((~who << 3 | thread | kind) & 0xFFFFFFFF for who in own_pids(pid)
                                 for thread in (0, 4) for kind in (0, 1, 2))


CHECKED = {
    # a shared futex is keyed by the file and offset it lies on, so two gradings mapping one
    # read-only file (a library, the standard library) would meet on it across namespaces and
    # uids; a private one by the process's memory.  EINVAL, not EPERM: glibc's waits end on
    # EINVAL (pthread_join's shared wait for a thread's exit then loops until the thread is
    # gone) and abort on an error they do not expect
    "futex": (((1, "has", FUTEX_PRIVATE_FLAG),), EINVAL),
    "clone": (((0, "lacks", CLONE_NEW_NAMESPACES | CLONE_PARENT),), EPERM),
    "fcntl": (((1, "in", FCNTL_COMMANDS),), EPERM),
    "prctl": (((0, "in", PRCTL_OPTIONS),), EPERM),
    "rt_sigaction": (((0, "not set for", (SIGCHLD,)),), EPERM),
    # the page cache: nothing that drops, ages or tests another grading's cached pages.
    # EINVAL for madvise and mmap (a kernel without the advice or flag: allocators fall back)
    "madvise": (((2, "in", MADVISE_ADVICE),), EINVAL),
    "fadvise64": (((3, "in", FADVISE_ADVICE),), EPERM),
    "preadv2": (((5, "lacks", RWF_REFUSED),), EPERM),
    "pwritev2": (((5, "lacks", RWF_REFUSED),), EPERM),
    # the machine's huge page pool: whether it has pages left is another grading's figure
    "mmap": (((3, "lacks", MAP_HUGETLB),), EINVAL),
    "memfd_create": (((1, "lacks", MFD_HUGETLB),), EINVAL),
    # no resource usage (its page faults count the pages it found missing from the page cache)
    "wait4": (((3, "null", None),), EPERM),
    "waitid": (((4, "null", None),), EPERM),
    # another process named by its pid: in the uid mode (no PID namespace) another grading's
    # or the machine's; ESRCH, as the jail's PID namespace answers for a process it hides
    "getpriority": (((0, "in", (PRIO_PROCESS,)), (1, "in", own_pids)), ESRCH),
    "setpriority": (((0, "in", (PRIO_PROCESS,)), (1, "in", own_pids)), ESRCH),
    "sched_getaffinity": (((0, "in", own_pids),), ESRCH),
    "sched_setaffinity": (((0, "in", own_pids),), ESRCH),
    "sched_getparam": (((0, "in", own_pids),), ESRCH),
    "sched_getscheduler": (((0, "in", own_pids),), ESRCH),
    "getpgid": (((0, "in", own_pids),), ESRCH),
    "getsid": (((0, "in", own_pids),), ESRCH),
    "prlimit64": (((0, "in", own_pids),), ESRCH),
    # a process's CPU clock by its pid: EINVAL, as for a clock of no process
    "clock_gettime": (((0, "in", own_clocks),), EINVAL),
    "clock_getres": (((0, "in", own_clocks),), EINVAL),
    "clock_nanosleep": (((0, "in", own_clocks),), EINVAL),
    "timer_create": (((0, "in", own_clocks),), EINVAL),
}
# Refused with EPERM (a PermissionError in Python): what would reach beyond the grading.
REFUSED = {
    "the session keyring": "keyctl add_key request_key",
    "file locks": "flock",
    "System V IPC": "shmget shmat shmdt shmctl msgget msgsnd msgrcv msgctl semget semop "
                    "semtimedop semctl",
    "POSIX message queues": "mq_open mq_unlink mq_timedsend mq_timedreceive mq_notify "
                            "mq_getsetattr",
    "new sockets": "socket",
    "inotify and fanotify": "inotify_init inotify_init1 inotify_add_watch fanotify_init "
                            "fanotify_mark",
    # whose operations would bypass the filter
    "io_uring": "io_uring_setup io_uring_enter io_uring_register",
    # its waiters' flags lie in memory the filter cannot read: a shared one could not be told
    "futex_waitv": "futex_waitv",
    # which of a file's pages are cached, how many, and reading them in
    "the page cache's state": "mincore cachestat readahead",
    # the machine's memory, processes and load (sysinfo), a file system's free space (which
    # every grading and the grader change), the page faults that count missing cached pages
    "the machine's figures": "sysinfo statfs fstatfs getrusage",
}
SECCOMP_DENIED = (", ".join(REFUSED) + ", shared futexes, new namespaces, locks, leases and "
                  "notifications by fcntl, changing the worker's child-subreaper flag, "
                  "dropping or testing cached pages (fadvise, madvise, RWF_NOWAIT), huge pages "
                  "and naming another process by its pid")
# architecture -> (AUDIT_ARCH, syscall numbers of the names above: the kernel's unistd_64.h
# and, for aarch64, asm-generic/unistd.h)
ARCHITECTURES = {
    "x86_64": (0xC000003E, {
        "read": 0, "write": 1, "open": 2, "close": 3, "stat": 4, "fstat": 5, "lstat": 6, "poll": 7,
        "lseek": 8, "mmap": 9, "mprotect": 10, "munmap": 11, "brk": 12, "rt_sigaction": 13,
        "rt_sigprocmask": 14, "rt_sigreturn": 15, "ioctl": 16, "pread64": 17, "pwrite64": 18,
        "readv": 19, "writev": 20, "access": 21, "pipe": 22, "select": 23, "sched_yield": 24,
        "mremap": 25, "msync": 26, "mincore": 27, "madvise": 28, "shmget": 29, "shmat": 30,
        "shmctl": 31, "dup": 32, "dup2": 33, "pause": 34, "nanosleep": 35, "getitimer": 36, "alarm":
        37, "setitimer": 38, "getpid": 39, "sendfile": 40, "socket": 41, "sendto": 44, "recvfrom":
        45, "sendmsg": 46, "recvmsg": 47, "shutdown": 48, "getsockname": 51, "getpeername": 52,
        "socketpair": 53, "setsockopt": 54, "getsockopt": 55, "clone": 56, "fork": 57, "vfork": 58,
        "execve": 59, "exit": 60, "wait4": 61, "kill": 62, "uname": 63, "semget": 64, "semop": 65,
        "semctl": 66, "shmdt": 67, "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71, "fcntl":
        72, "flock": 73, "fsync": 74, "fdatasync": 75, "truncate": 76, "ftruncate": 77, "getdents":
        78, "getcwd": 79, "chdir": 80, "fchdir": 81, "rename": 82, "mkdir": 83, "rmdir": 84, "link":
        86, "unlink": 87, "symlink": 88, "readlink": 89, "chmod": 90, "fchmod": 91, "umask": 95,
        "gettimeofday": 96, "getrlimit": 97, "getrusage": 98, "sysinfo": 99, "times": 100, "getuid":
        102, "getgid": 104, "geteuid": 107, "getegid": 108, "setpgid": 109, "getppid": 110,
        "getpgrp": 111, "setsid": 112, "getgroups": 115, "getresuid": 118, "getresgid": 120,
        "getpgid": 121, "getsid": 124, "rt_sigpending": 127, "rt_sigtimedwait": 128,
        "rt_sigsuspend": 130, "sigaltstack": 131, "statfs": 137, "fstatfs": 138, "getpriority": 140,
        "setpriority": 141, "sched_getparam": 143, "sched_getscheduler": 145, "prctl": 157,
        "arch_prctl": 158, "setrlimit": 160, "gettid": 186, "readahead": 187, "getxattr": 191,
        "lgetxattr": 192, "fgetxattr": 193, "listxattr": 194, "llistxattr": 195, "flistxattr": 196,
        "tkill": 200, "time": 201, "futex": 202, "sched_setaffinity": 203, "sched_getaffinity": 204,
        "epoll_create": 213, "getdents64": 217, "set_tid_address": 218, "semtimedop": 220,
        "fadvise64": 221, "timer_create": 222, "timer_settime": 223, "timer_gettime": 224,
        "timer_getoverrun": 225, "timer_delete": 226, "clock_gettime": 228, "clock_getres": 229,
        "clock_nanosleep": 230, "exit_group": 231, "epoll_wait": 232, "epoll_ctl": 233, "tgkill":
        234, "mq_open": 240, "mq_unlink": 241, "mq_timedsend": 242, "mq_timedreceive": 243,
        "mq_notify": 244, "mq_getsetattr": 245, "waitid": 247, "add_key": 248, "request_key": 249,
        "keyctl": 250, "inotify_init": 253, "inotify_add_watch": 254, "openat": 257, "mkdirat": 258,
        "newfstatat": 262, "unlinkat": 263, "renameat": 264, "linkat": 265, "symlinkat": 266,
        "readlinkat": 267, "fchmodat": 268, "faccessat": 269, "pselect6": 270, "ppoll": 271,
        "set_robust_list": 273, "utimensat": 280, "epoll_pwait": 281, "timerfd_create": 283,
        "eventfd": 284, "fallocate": 285, "timerfd_settime": 286, "timerfd_gettime": 287,
        "eventfd2": 290, "epoll_create1": 291, "dup3": 292, "pipe2": 293, "inotify_init1": 294,
        "preadv": 295, "pwritev": 296, "fanotify_init": 300, "fanotify_mark": 301, "prlimit64": 302,
        "renameat2": 316, "getrandom": 318, "memfd_create": 319, "copy_file_range": 326, "preadv2":
        327, "pwritev2": 328, "statx": 332, "rseq": 334, "io_uring_setup": 425, "io_uring_enter":
        426, "io_uring_register": 427, "close_range": 436, "faccessat2": 439, "epoll_pwait2": 441,
        "futex_waitv": 449, "cachestat": 451}),
    "aarch64": (0xC00000B7, {
        "getxattr": 8, "lgetxattr": 9, "fgetxattr": 10, "listxattr": 11, "llistxattr": 12,
        "flistxattr": 13, "getcwd": 17, "eventfd2": 19, "epoll_create1": 20, "epoll_ctl": 21,
        "epoll_pwait": 22, "dup": 23, "dup3": 24, "fcntl": 25, "inotify_init1": 26,
        "inotify_add_watch": 27, "ioctl": 29, "flock": 32, "mkdirat": 34, "unlinkat": 35,
        "symlinkat": 36, "linkat": 37, "renameat": 38, "statfs": 43, "fstatfs": 44, "truncate": 45,
        "ftruncate": 46, "fallocate": 47, "faccessat": 48, "chdir": 49, "fchdir": 50, "fchmod": 52,
        "fchmodat": 53, "openat": 56, "close": 57, "pipe2": 59, "getdents64": 61, "lseek": 62,
        "read": 63, "write": 64, "readv": 65, "writev": 66, "pread64": 67, "pwrite64": 68, "preadv":
        69, "pwritev": 70, "sendfile": 71, "pselect6": 72, "ppoll": 73, "readlinkat": 78,
        "newfstatat": 79, "fstat": 80, "fsync": 82, "fdatasync": 83, "timerfd_create": 85,
        "timerfd_settime": 86, "timerfd_gettime": 87, "utimensat": 88, "exit": 93, "exit_group": 94,
        "waitid": 95, "set_tid_address": 96, "futex": 98, "set_robust_list": 99, "nanosleep": 101,
        "getitimer": 102, "setitimer": 103, "timer_create": 107, "timer_gettime": 108,
        "timer_getoverrun": 109, "timer_settime": 110, "timer_delete": 111, "clock_gettime": 113,
        "clock_getres": 114, "clock_nanosleep": 115, "sched_getscheduler": 120, "sched_getparam":
        121, "sched_setaffinity": 122, "sched_getaffinity": 123, "sched_yield": 124, "kill": 129,
        "tkill": 130, "tgkill": 131, "sigaltstack": 132, "rt_sigsuspend": 133, "rt_sigaction": 134,
        "rt_sigprocmask": 135, "rt_sigpending": 136, "rt_sigtimedwait": 137, "rt_sigreturn": 139,
        "setpriority": 140, "getpriority": 141, "getresuid": 148, "getresgid": 150, "times": 153,
        "setpgid": 154, "getpgid": 155, "getsid": 156, "setsid": 157, "getgroups": 158, "uname":
        160, "getrlimit": 163, "setrlimit": 164, "getrusage": 165, "umask": 166, "prctl": 167,
        "gettimeofday": 169, "getpid": 172, "getppid": 173, "getuid": 174, "geteuid": 175, "getgid":
        176, "getegid": 177, "gettid": 178, "sysinfo": 179, "mq_open": 180, "mq_unlink": 181,
        "mq_timedsend": 182, "mq_timedreceive": 183, "mq_notify": 184, "mq_getsetattr": 185,
        "msgget": 186, "msgctl": 187, "msgrcv": 188, "msgsnd": 189, "semget": 190, "semctl": 191,
        "semtimedop": 192, "semop": 193, "shmget": 194, "shmctl": 195, "shmat": 196, "shmdt": 197,
        "socket": 198, "socketpair": 199, "getsockname": 204, "getpeername": 205, "sendto": 206,
        "recvfrom": 207, "setsockopt": 208, "getsockopt": 209, "shutdown": 210, "sendmsg": 211,
        "recvmsg": 212, "readahead": 213, "brk": 214, "munmap": 215, "mremap": 216, "add_key": 217,
        "request_key": 218, "keyctl": 219, "clone": 220, "execve": 221, "mmap": 222, "fadvise64":
        223, "mprotect": 226, "msync": 227, "mincore": 232, "madvise": 233, "wait4": 260,
        "prlimit64": 261, "fanotify_init": 262, "fanotify_mark": 263, "renameat2": 276, "getrandom":
        278, "memfd_create": 279, "copy_file_range": 285, "preadv2": 286, "pwritev2": 287, "statx":
        291, "rseq": 293, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "close_range": 436, "faccessat2": 439, "epoll_pwait2": 441, "futex_waitv": 449, "cachestat":
        451}),
}
X32_SYSCALL_BIT = 0x40000000     # x86_64's x32 table: same AUDIT_ARCH, numbers from here
BPF_LD_W_ABS, BPF_ALU_AND_K, BPF_JA = 0x20, 0x54, 0x05
BPF_JEQ_K, BPF_JGE_K, BPF_JSET_K, BPF_RET_K = 0x15, 0x35, 0x45, 0x06
SECCOMP_RET_ALLOW, SECCOMP_RET_LOG, SECCOMP_RET_ERRNO = 0x7FFF0000, 0x7FFC0000, 0x00050000
PR_SET_SECCOMP, SECCOMP_MODE_FILTER, PR_SET_NO_NEW_PRIVS = 22, 2, 38
OFFSET_NR, OFFSET_ARCH = 0, 4          # struct seccomp_data
OFFSET_ARGS = 16                       # args[i] at 16 + 8 i (its low 32 bits: little-endian)
MAX_SHORT_JUMP = 255

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
    """Seal this process as config (a configuration.Seal) says; returns {"seccomp": "" or
    why not, "landlock": ABI (0: none), "landlock_problem": why not, "keyring": whether it
    joined a new one}.  Raises SealError when less than config.require held (the probe found
    more on this machine)."""
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
            install_filter(filter_program(*architecture, os.getpid()))
        except OSError as error:
            report["seccomp"] = f"seccomp: {error.strerror or error}"
    required = config.require
    if required.seccomp and report["seccomp"]:
        raise SealError(report["seccomp"])
    if report["landlock"] < required.landlock:
        raise SealError(f"Landlock ABI {required.landlock} was required, "
                        f"{report['landlock']} held: {report['landlock_problem']}")
    return report


def join_own_keyring(keyctl):
    """Leave the grader's session keyring for a new anonymous one; True when joined."""
    return _libc.syscall(keyctl, KEYCTL_JOIN_SESSION_KEYRING, None) > 0


# ---------------------------------------------------------------- seccomp

def filter_program(audit_arch, numbers, pid, audit=False):
    """The BPF program: another architecture's call (int 0x80, x32) gets EPERM; then a binary
    search on the call's number finds its rule (ALLOWED: allow; CHECKED: its arguments decide,
    pid the sealed process's own, for what names the caller itself; REFUSED: EPERM; any
    other: ENOSYS).  With audit, what would fail with ENOSYS or fail an argument check is
    allowed and logged by the kernel instead (SECCOMP_RET_LOG: the kernel log names each such
    call), to learn what a new Python needs."""
    unlisted = [_return(SECCOMP_RET_LOG if audit else SECCOMP_RET_ERRNO | ENOSYS)]
    rules = {}
    for table, action in ((ALLOWED, [_return(SECCOMP_RET_ALLOW)]),
                          (REFUSED, [_return(SECCOMP_RET_ERRNO | EPERM)])):
        for names in table.values():
            rules.update((name, action) for name in names.split())
    for name, (conditions, errno) in CHECKED.items():
        rules[name] = _argument_check(conditions, pid,
                                      SECCOMP_RET_LOG if audit else SECCOMP_RET_ERRNO | errno)
    actions = {numbers[name]: action for name, action in rules.items() if name in numbers}
    ranges = []     # (first number, its instructions), each up to the next one's first number
    for number in range(max(actions) + 2):
        action = actions.get(number, unlisted)
        if not ranges or ranges[-1][1] is not action:
            ranges.append((number, action))
    refuse = _return(SECCOMP_RET_ERRNO | EPERM)
    program = [(BPF_LD_W_ABS, 0, 0, OFFSET_ARCH), (BPF_JEQ_K, 1, 0, audit_arch), refuse,
               (BPF_LD_W_ABS, 0, 0, OFFSET_NR)]
    if audit_arch == ARCHITECTURES["x86_64"][0]:
        program += [(BPF_JGE_K, 0, 1, X32_SYSCALL_BIT), refuse]
    return program + _search(ranges)


def _search(ranges):
    """Instructions that run the action of the range the call's number (in the accumulator)
    falls in: ranges = [(first number, instructions)], sorted, the first from 0."""
    if len(ranges) == 1:
        return ranges[0][1]
    middle = len(ranges) // 2
    below, above = _search(ranges[:middle]), _search(ranges[middle:])
    if len(below) <= MAX_SHORT_JUMP:
        return [(BPF_JGE_K, len(below), 0, ranges[middle][0])] + below + above
    return [(BPF_JGE_K, 0, 1, ranges[middle][0]), (BPF_JA, 0, 0, len(below))] + below + above


NEXT, FAIL = "next", "fail"     # a condition's jump targets: the next condition, the refusal


def _argument_check(conditions, pid, refusal):
    """Instructions that allow the call when every condition holds (see CHECKED), else return
    refusal."""
    program, ends = [], []
    for argument, rule, values in conditions:
        program += _condition(argument, rule, values(pid) if callable(values) else values)
        ends.append(len(program))
    fail = len(program) + 1
    resolved = []
    for index, instruction in enumerate(program):
        end = next(end for end in ends if end > index)
        targets = {NEXT: end - index - 1, FAIL: fail - index - 1}
        code, true, false, constant = instruction
        if code == BPF_JA:
            constant = targets.get(constant, constant)
        resolved.append((code, targets.get(true, true), targets.get(false, false), constant))
    return resolved + [_return(SECCOMP_RET_ALLOW), _return(refusal)]


def _condition(argument, rule, values):
    """Instructions that go on past their end (NEXT) when the argument's low 32 bits pass the
    rule, and jump to the refusal (FAIL) when not."""
    offset = OFFSET_ARGS + 8 * argument
    load = (BPF_LD_W_ABS, 0, 0, offset)
    if rule == "has":
        return [load, (BPF_ALU_AND_K, 0, 0, values), (BPF_JEQ_K, NEXT, FAIL, values)]
    if rule == "lacks":
        return [load, (BPF_JSET_K, FAIL, NEXT, values)]
    if rule == "null":
        return [load, (BPF_JEQ_K, 0, FAIL, 0), (BPF_LD_W_ABS, 0, 0, offset + 4),
                (BPF_JEQ_K, NEXT, FAIL, 0)]
    if rule == "not set for":
        return ([load] + _skip_one_if_in(values) + [(BPF_JA, 0, 0, NEXT)]
                + _condition(argument + 1, "null", None))
    return [load] + [(BPF_JEQ_K, NEXT, 0, value) for value in values[:-1]] + \
        [(BPF_JEQ_K, NEXT, FAIL, values[-1])]


def _skip_one_if_in(values):
    """Instructions that, when the accumulator is one of values, jump past the one instruction
    that follows them (else go on to it)."""
    return [(BPF_JEQ_K, len(values) - index, 0, value) for index, value in enumerate(values)]


def _return(action):
    return (BPF_RET_K, 0, 0, action)


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
    """Landlock: read (and run) only the paths.read, list the folders below paths.list (not
    read their files), run the paths.execute, write only the paths.write; no TCP
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
            for path in getattr(paths, kind):
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
