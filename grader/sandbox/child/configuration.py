"""The child's configuration: one typed object, made by the grader (sandbox/box.py and
sandbox/modes.py), sent as JSON on the child's command line, read back here by the child.

Standard library only (it runs inside the child).  A field that is misspelt or unknown fails
loudly on both sides: the classes have slots, and from_json builds them with keywords.
"""

import json
from dataclasses import asdict, dataclass, field


@dataclass(slots=True)
class Ids:
    """An unprivileged uid and gid (the run's own)."""

    uid: int
    gid: int


@dataclass(slots=True)
class ImportRules:
    """Report imports of top-level modules not in allowed, except those unwatched modules make."""

    allowed: list
    unwatched: list


@dataclass(slots=True)
class SealRequired:
    """What a child's seal must hold (what the probe's held): seccomp, a Landlock ABI."""

    seccomp: bool = False
    landlock: int = 0


@dataclass(slots=True)
class Seal:
    """Landlock's paths (child/seal.py's restrict_paths) and what must hold."""

    read: list
    list: list
    execute: list
    write: list
    require: SealRequired = field(default_factory=SealRequired)


@dataclass(slots=True)
class Jail:
    """A chroot jail on a tmpfs in namespaces of its own (child/jail.py)."""

    root: str
    uid: int
    gid: int
    tmpfs_bytes: int
    tmpfs_inodes: int
    system_paths: list
    user_namespace: bool = False
    outer: Ids = None       # root building a user namespace: the uid it first becomes


@dataclass(slots=True)
class ChildConfig:
    """What one child runs (mode: probe, calls, import or program) and how it is isolated."""

    mode: str
    module: str = ""
    seed: object = None
    honour_seeds: bool = False
    clock: int = 0              # with honour_seeds: the moment its clock reads as it starts
    hash_seed: int = 0
    end_at_eof: bool = False
    output_limit: int = 0       # calls: what a call may print, in bytes
    value_limit: int = 0        # calls: a returned value's encoded size, in bytes
    box: str = ""               # the folder of the submission's temp copy
    limits: dict = field(default_factory=dict)     # resource name: limit (jail.apply_limits)
    grader_pid: int = 0
    fd: int = -1                # the protocol socket
    imports: ImportRules = None
    cgroup_procs: list = field(default_factory=list)
    seal: Seal = None           # None: not sealed (the unsafe mode)
    drop: Ids = None            # the uid mode: the ids it becomes
    jail: Jail = None

    def to_json(self):
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text):
        return _build(cls, json.loads(text))


NESTED = {ChildConfig: {"imports": ImportRules, "seal": Seal, "drop": Ids, "jail": Jail},
          Seal: {"require": SealRequired}, Jail: {"outer": Ids}}


def _build(cls, fields):
    """cls from the plain fields asdict made (a TypeError names an unknown or missing one)."""
    if type(fields) is not dict:
        raise TypeError(f"{cls.__name__} expects an object, not {type(fields).__name__}")
    nested = NESTED.get(cls, {})
    return cls(**{name: _build(nested[name], value) if name in nested and value is not None
                  else value for name, value in fields.items()})
