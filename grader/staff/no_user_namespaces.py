"""Run a command where no user namespace can be made, as in a default Docker container.

    python grader/staff/no_user_namespaces.py COMMAND [ARG ...]

Docker's default seccomp profile refuses unshare() and clone() with CLONE_NEWUSER to a
process without CAP_SYS_ADMIN; this installs a seccomp filter that does the same (EPERM)
and execs COMMAND, so gradescope-test and the tests can reach the grader's uid mode (Gradescope's)
on a machine that allows unprivileged user namespaces.  Exits 2 where the architecture is not
known here.
"""
import ctypes
import os
import platform
import struct
import sys

# architecture -> (AUDIT_ARCH value, unshare syscall number, clone syscall number)
ARCHITECTURES = {"x86_64": (0xC000003E, 272, 56), "aarch64": (0xC00000B7, 97, 220)}
CLONE_NEWUSER = 0x10000000
EPERM = 1
BPF_LD_W_ABS, BPF_JEQ_K, BPF_JSET_K, BPF_RET_K = 0x20, 0x15, 0x45, 0x06
SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO = 0x7FFF0000, 0x00050000
PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2
OFFSET_NR, OFFSET_ARCH, OFFSET_ARG0 = 0, 4, 16    # struct seccomp_data (arg0: its low 32 bits)


def filter_program(arch, unshare, clone):
    """The BPF program: EPERM for unshare/clone asking for CLONE_NEWUSER, all else allowed."""
    allow, refuse = (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW), (BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | EPERM)
    return [
        (BPF_LD_W_ABS, 0, 0, OFFSET_ARCH),
        (BPF_JEQ_K, 1, 0, arch),
        allow,
        (BPF_LD_W_ABS, 0, 0, OFFSET_NR),
        (BPF_JEQ_K, 2, 0, unshare),
        (BPF_JEQ_K, 1, 0, clone),
        allow,
        (BPF_LD_W_ABS, 0, 0, OFFSET_ARG0),
        (BPF_JSET_K, 0, 1, CLONE_NEWUSER),
        refuse,
        allow,
    ]


def install(program):
    code = b"".join(struct.pack("HBBI", *instruction) for instruction in program)
    buffer = ctypes.create_string_buffer(code)
    fprog = struct.pack("HxxxxxxP", len(program), ctypes.addressof(buffer))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.c_char_p(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP)")


def main():
    if platform.machine() not in ARCHITECTURES:
        sys.exit(f"no_user_namespaces: unknown architecture {platform.machine()}")
    install(filter_program(*ARCHITECTURES[platform.machine()]))
    os.execvp(sys.argv[1], sys.argv[1:])


if __name__ == "__main__":
    main()
