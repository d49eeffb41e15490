"""The child's configuration: one typed object, made by the grader (sandbox/box.py and
sandbox/modes.py), sent as JSON on the child's command line, read back here by the child.

Standard library only, and light (it runs inside the child, at every start).  A field that
is misspelt or unknown fails loudly on both sides: the classes have slots, and from_json
builds them with keywords.
"""

import json

REQUIRED = object()     # a field without a default


class Record:
    """Named fields (FIELDS: name -> default, REQUIRED, or a class or type to call for one;
    NESTED: name -> the Record class a field holds), with slots: an unknown, misspelt or
    missing field raises.  Hand-made, not a dataclass: importing dataclasses would cost each
    child's start more CPU time than all the rest of its configuration."""

    __slots__ = ()
    FIELDS = {}
    NESTED = {}

    def __init__(self, *args, **kwargs):
        names = list(self.FIELDS)
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__} takes at most {len(names)} fields")
        values = dict(zip(names, args))
        for name, value in kwargs.items():
            if name not in self.FIELDS or name in values:
                raise TypeError(f"{type(self).__name__}: unknown or repeated field {name!r}")
            values[name] = value
        for name, default in self.FIELDS.items():
            if name not in values:
                if default is REQUIRED:
                    raise TypeError(f"{type(self).__name__}: missing field {name!r}")
                values[name] = default() if callable(default) else default
            setattr(self, name, values[name])

    def __eq__(self, other):
        return type(other) is type(self) and self.plain() == other.plain()

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(
            "%s=%r" % (name, getattr(self, name)) for name in self.FIELDS))

    def plain(self):
        """The fields as plain data (nested records as dicts)."""
        return {name: value.plain() if isinstance(value, Record) else value
                for name, value in ((name, getattr(self, name)) for name in self.FIELDS)}

    @classmethod
    def from_plain(cls, fields):
        """cls from what plain() made (a TypeError names an unknown or missing field)."""
        if type(fields) is not dict:
            raise TypeError(f"{cls.__name__} expects an object, not {type(fields).__name__}")
        return cls(**{name: cls.NESTED[name].from_plain(value)
                      if name in cls.NESTED and value is not None else value
                      for name, value in fields.items()})


def record(name, doc, fields, nested=None):
    """A Record class: fields in order, name -> default (REQUIRED where there is none)."""
    return type(name, (Record,), {"__slots__": tuple(fields), "__doc__": doc,
                                  "FIELDS": dict(fields), "NESTED": nested or {}})


Ids = record("Ids", "An unprivileged uid and gid (the run's own).",
             {"uid": REQUIRED, "gid": REQUIRED})
ImportRules = record(
    "ImportRules",
    "Report imports of top-level modules not in allowed, except those unwatched modules make.",
    {"allowed": REQUIRED, "unwatched": REQUIRED})
SealRequired = record("SealRequired",
                      "What a child's seal must hold (what the probe's held): seccomp, a Landlock ABI.",
                      {"seccomp": False, "landlock": 0})
Seal = record("Seal", "Landlock's paths (child/seal.py's restrict_paths) and what must hold.",
              {"read": REQUIRED, "list": REQUIRED, "execute": REQUIRED, "write": REQUIRED,
               "require": SealRequired}, {"require": SealRequired})
Jail = record("Jail", "A chroot jail on a tmpfs in namespaces of its own (child/jail.py); outer: "
              "the Ids root first becomes when it builds a user namespace.",
              {"root": REQUIRED, "uid": REQUIRED, "gid": REQUIRED, "tmpfs_bytes": REQUIRED,
               "tmpfs_inodes": REQUIRED, "system_paths": REQUIRED, "user_namespace": False,
               "outer": None}, {"outer": Ids})


class ChildConfig(Record):
    """What one child runs (mode: probe, calls, import or program) and how it is isolated:
    clock (with honour_seeds) is the moment the program's clock reads as it starts;
    output_limit and value_limit (calls) what a call may print and return, in bytes; box the
    folder of the submission's temp copy; limits resource name: limit (jail.apply_limits);
    fd the protocol socket; seal None where nothing is sealed (the unsafe mode); drop the ids
    the uid mode becomes."""

    FIELDS = {"mode": REQUIRED, "module": "", "seed": None, "honour_seeds": False, "clock": 0,
              "hash_seed": 0, "end_at_eof": False, "output_limit": 0, "value_limit": 0,
              "box": "", "limits": dict, "grader_pid": 0, "fd": -1, "imports": None,
              "cgroup_procs": list, "seal": None, "drop": None, "jail": None}
    NESTED = {"imports": ImportRules, "seal": Seal, "drop": Ids, "jail": Jail}
    __slots__ = tuple(FIELDS)

    def to_json(self):
        return json.dumps(self.plain())

    @classmethod
    def from_json(cls, text):
        return cls.from_plain(json.loads(text))
