"""The sandbox's modes, safest first, one record each (MODES): when it is tried, how a failed
probe is named, what it protects, and its part of the child's configuration.

  JAIL    root with namespaces: private mount, PID, network, IPC and UTS namespaces,
          a chroot jail on a tmpfs holding only read-only system files and the
          submission, an unprivileged uid/gid of its own, no new privileges;
  USERNS  the same jail built in an unprivileged user namespace, where the kernel
          allows them: without root (a TA's laptop), or as root without
          CAP_SYS_ADMIN (then first as a uid of each run's own, with the private
          paths closed to it); no capabilities left inside;
  UID     root where no namespace can be made (a default Docker container): an
          unprivileged uid/gid per child, the private paths (kit, cache, results)
          closed to other users while the sandbox is open and given back as they were
          after, however the grader ends (sandbox/private_paths.py, folder_guard.py), or
          left alone where Landlock keeps them out of reach, and everything the uid leaves
          (processes, IPC, files in the world-writable folders) removed after each child by
          a process of that uid (sandbox/leftovers.py);
  UNSAFE  neither: refused unless the caller passes unsafe_no_jail.
In every mode but UNSAFE each child then seals itself (child/seal.py, its paths chosen by
sandbox/sealing.py): a session keyring of its own, Landlock where the kernel has it (its own
copy and the Python it runs on readable, only the jail's folders writable), and a seccomp
allowlist of the calls a Python program needs, which keeps out the kernel objects namespaces
and uids do not separate (keyrings, file locks, shared futexes, System V and POSIX IPC,
sockets); what the probe's seal could not do is named in missing_protections.  Where a cgroup
can be made (root) it caps the memory and processes of all the sandbox's children together
(sandbox/cgroup.py); elsewhere the per-process limits times the process limit bound them; and
where one can be made, each child has one that counts its CPU time wherever its processes go.
Every mode has the protections of ALWAYS: resource limits (sandbox/limits.py), per-call time
limits and deadlines on every send, caps on everything the child sends, its own session killed
as a whole, children the kernel kills when the grader dies (even by SIGKILL), a scrubbed
environment, an isolated interpreter whose sys.path is the temp copy plus the standard library,
stdin from /dev/null or the scripted text.

A mode is chosen by probing: a child is started in it (mode "probe": it only isolates and
seals itself, child/worker.py) and the mode holds when that child finishes; the answer is
kept for the process, per interpreter.  Adding a mode is a record here and its code in the
child (child/jail.py for what isolates a process, child/seal.py for what seals it); adding a
protection to every mode is a line of ALWAYS and its code.
"""

import os
from dataclasses import dataclass
from typing import Callable

from grader.sandbox.child.codec import End
from grader.sandbox.child.configuration import Ids, Jail

JAIL, USERNS, UID, UNSAFE = "jail", "userns", "uid", "unsafe"
PROBE_TIMEOUT = 10.0
JAIL_UID_BASE = 1_200_000       # child uids: JAIL_UID_BASE + 0..65535, no passwd entry needed
JAIL_UID_COUNT = 65536
JAIL_USER = 1000                # the student's uid and gid inside a user namespace (never 0: an
                                # exec by uid 0 would give the capabilities back)
SYSTEM_PATHS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/alternatives")
ALWAYS = ["resource limits (memory, CPU, file size, processes, open files)",
          "time limits and output caps", "own session killed as a whole",
          "children killed by the kernel when the grader dies",
          "scrubbed environment and sys.path (temp copy + standard library)"]
JAILED = ["private mount, PID, network, IPC and UTS namespaces (no network, nothing shared with "
          "other runs)", "chroot jail without the kit, tests or other submissions"]
NO_SYSTEM_PYTHON = "no system python3 >= 3.10 that an unprivileged user can run was found"
NO_SAFE_MODE = ("no safe sandbox can be made here (student code would run as the grading user, "
                "able to read the kit and rewrite results); run as root or where unprivileged "
                "user namespaces are allowed, or pass --unsafe-no-jail to run it anyway: ")
UNSAFE_MISSING = [
    "student code runs as the grading user (--unsafe-no-jail): it can read and write whatever "
    "that user can (the kit, the expected-value cache, results files)",
    "no PID namespace: processes that leave the session are found by an environment marker and "
    "killed, which a process that clears its environment escapes, and processes the student "
    "started outlive a grader that is killed with SIGKILL",
    "no IPC namespace and no memory cap for the run as a whole"]
_PROBES = {}           # (interpreter, mode) -> None (the mode works) or why it does not
_SEALS = {}            # (interpreter, mode) -> what the probe's seal held (child/seal.py's report)


@dataclass(frozen=True)
class Place:
    """What a child's part of the configuration is made from."""

    uid: int            # the run's own uid (None unless root)
    jail_root: object   # a folder for the jail's root (a Path)
    python: str
    limits: object      # limits.Limits


@dataclass(frozen=True)
class Mode:
    name: str
    as_root: bool           # tried as root
    as_user: bool           # tried without root
    uid_outside: bool       # as root its children run as a uid of their own outside any
                            # namespace: the private paths are hidden from it before its probe
    jailed: bool            # namespaces and a chroot jail
    sealed: bool            # a keyring, Landlock and seccomp (child/seal.py)
    refusal: str            # missing_protections' words for a failed probe
    protects: Callable      # (privileged, guarded) -> the protections it adds
    child_part: Callable    # (Place) -> {ChildConfig field: value}


def jail_paths(python):
    """The read-only system paths a jail holds, with the installation of python when it lies
    outside them (a pyenv or conda interpreter of the grading user)."""
    paths = [p for p in SYSTEM_PATHS if os.path.lexists(p)]
    prefix = os.path.dirname(os.path.dirname(python))
    if not any(prefix == p or prefix.startswith(p + "/") for p in paths):
        paths.append(prefix)
    return paths


def _jail(place, user=None, **user_namespace):
    """The jail's part: its children run as user inside (else the run's own uid)."""
    place.jail_root.mkdir(exist_ok=True)
    user = place.uid if user is None else user
    return Jail(root=str(place.jail_root), uid=user, gid=user,
                tmpfs_bytes=place.limits.tmpfs_bytes, tmpfs_inodes=place.limits.tmpfs_inodes,
                system_paths=jail_paths(place.python), **user_namespace)


def _user_namespace_jail(place):
    return _jail(place, JAIL_USER, user_namespace=True,
                 outer=None if place.uid is None else Ids(place.uid, place.uid))


def _user_namespace_protects(privileged, guarded):
    return ["a user namespace of its own" + (" (the machine allows them without root)"
                                             if not privileged else "")] + JAILED + [
        "no capabilities and no new privileges inside it"] + (
        ["outside the namespace, a uid of each run's own: the kit, the cache and the results "
         "are closed to it"] if privileged else [])


def _uid_protects(privileged, guarded):
    return ["an unprivileged uid/gid of each run's own, no groups, no new privileges: the kit, "
            "the cache and the results are closed to it" +
            (" (and given back as they were after)" if guarded else ""),
            "everything the run's uid leaves (processes, System V and POSIX IPC, files in every "
            "world-writable folder) removed after it"]


MODES = {mode.name: mode for mode in [
    Mode(JAIL, as_root=True, as_user=False, uid_outside=False, jailed=True, sealed=True,
         refusal="the jail cannot be built here",
         protects=lambda privileged, guarded: JAILED + [
             "unprivileged uid/gid, no groups, no new privileges"],
         child_part=lambda place: {"jail": _jail(place)}),
    Mode(USERNS, as_root=True, as_user=True, uid_outside=True, jailed=True, sealed=True,
         refusal="no user namespace can be made here", protects=_user_namespace_protects,
         child_part=lambda place: {"jail": _user_namespace_jail(place)}),
    Mode(UID, as_root=True, as_user=False, uid_outside=True, jailed=False, sealed=True,
         refusal="no unprivileged uid can be used", protects=_uid_protects,
         child_part=lambda place: {"drop": Ids(place.uid, place.uid)}),
    Mode(UNSAFE, as_root=False, as_user=False, uid_outside=False, jailed=False, sealed=False,
         refusal="", protects=lambda privileged, guarded: [],
         child_part=lambda place: {})]}


def tried(privileged):
    """The modes to probe, safest first (UNSAFE is never probed: it is what is left)."""
    return [mode for mode in MODES.values() if (mode.as_root if privileged else mode.as_user)]


def probe_problem(start_probe, python, mode):
    """None when a child starts in mode with python, else why not (checked once a process).
    start_probe(): a probe child started so (a ChildProcess).

    Namespaces need CAP_SYS_ADMIN, which e.g. a default Docker container withholds from root.
    """
    key = (python, mode)
    if key not in _PROBES:
        child = start_probe()
        try:
            finished = child.wait_for_exit(PROBE_TIMEOUT)
        finally:
            child.kill()
        if finished and child.exit_code == 0 and {"end": End.FINISHED} in child.messages:
            _PROBES[key] = None
            _SEALS[key] = next((message["seal"] for message in child.messages
                                if type(message.get("seal")) is dict), None)
        else:
            errors = child.text("stderr").strip().splitlines()
            _PROBES[key] = errors[-1] if errors else f"exit status {child.exit_code}"
    return _PROBES[key]


def seal_report(python, mode):
    """What the seal of mode's probe with python held (child/seal.py's report), or None."""
    return _SEALS.get((python, mode))
