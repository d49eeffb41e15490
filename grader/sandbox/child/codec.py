"""Plain-data encoding shared by the grader and its sandboxed child (standard library only).

Values cross the process boundary as JSON.  JSON's own types stand for exactly
themselves (str, int, float, bool, None, list); the two Python types JSON has no
word for are tagged: a tuple is ``{"tuple": [...]}`` and a dict (str keys only)
is ``{"dict": {...}}``.  Only values whose type *is* one of these (not a
subclass) can be encoded; anything else raises :class:`BadValue` naming the
type, so a str subclass or an object that claims to equal everything can never
pass for a plain value.  Messages are one JSON object per line.

A long list of words that both sides hold (:class:`KnownLists`: the word list
the function tests pass dozens of times) crosses as ``{"known": name}``: it is
sent whole once and named after, in both directions.  Only lists of exactly
``str`` are named, and a name decodes to a fresh list, so the naming changes no
value, type or identity the other side sees.

The words both sides use for what student code did (:class:`Status`) and how a
run ended (:class:`End`) are named here, once.
"""

import json


class Status:
    """What one call, import or run of student code did (plain strings: they cross as JSON)."""

    OK = "ok"                               # returned, imported or finished normally
    RAISED = "raised"                       # raised an exception (in a call, sys.exit too)
    EXITED = "exited"                       # ended the program: sys.exit, exit(), os._exit
    TIMEOUT = "timeout"                     # did not finish within its time limit
    CRASHED = "crashed"                     # stopped: a signal, the output cap, a broken protocol
    WAITED_FOR_INPUT = "waited_for_input"   # read past the end of its input
    BAD_VALUE = "bad_value"                 # returned something that is not plain data
    MISSING_MODULE = "missing_module"       # the module's file is not in the submission
    MISSING_FUNCTION = "missing_function"   # the module has no such function
    IMPORT_FAILED = "import_failed"         # importing the module for calls failed
    RESTARTS_SPENT = "restarts_spent"       # no new calls child: restarting them took too long
    BUDGET_SPENT = "budget_spent"           # not made, or stopped: the grading's time was spent


class End:
    """How a program or import run ended, as the child reports it."""

    FINISHED = "finished"
    RAISED = "raised"
    EXITED = "exited"

MAX_DEPTH = 50
DETAIL_CHARACTERS = 2000    # longest text kept of one detail (an exception message)
MAX_FORBIDDEN_IMPORTS = 50  # forbidden module names one run reports
MAX_SEEDINGS = 4  # seedings of random with a value one run reports
MAX_DRAWS = 8  # draws of random (random.choice and the like) one run reports
MAX_DRAWN_ITEMS = 5  # of what one draw drew (random.sample's list), reported
KNOWN_MIN_LENGTH = 1000     # lists of words this long are sent once and named after
_SCALARS = (str, int, float, bool, type(None))
_SCALAR_TYPES = frozenset(_SCALARS)


class BadValue(Exception):
    """The value is not plain data of an exact, known type."""


class KnownLists:
    """Long lists of words both sides hold, by name.  The side that defines them (the
    grader: define_new) names each new one as it encodes it and hands the definitions
    over with take_new(); the other side learns them and may then name them too, only
    as a whole value unless nested (the grader takes at most one named list a value)."""

    def __init__(self, define_new=False, lists=None, nested=True):
        self.define_new = define_new
        self.nested = nested
        self.lists, self._by_length, self._new = {}, {}, {}
        for name, words in (lists or {}).items():
            self._add(name, tuple(words))

    def name_of(self, value):
        """The name of a list of exactly-typed scalars equal to a known list (a new name where
        this side defines them and every item is a str), or None."""
        if len(value) < KNOWN_MIN_LENGTH:
            return None
        for name in self._by_length.get(len(value), ()):
            if tuple(value) == self.lists[name]:    # a str equals no other scalar type
                return name
        if self.define_new and all(type(item) is str for item in value):
            name = "list%d" % len(self.lists)
            self._add(name, tuple(value))
            self._new[name] = list(value)
            return name
        return None

    def take_new(self):
        """{name: list} of the lists named since the last call, for the other side to learn."""
        new, self._new = self._new, {}
        return new

    def learn(self, definitions):
        """Take the other side's {name: list of str}; BadValue if malformed."""
        if type(definitions) is not dict:
            raise BadValue("malformed list definitions")
        for name, words in definitions.items():
            if type(words) is not list or not all(type(item) is str for item in words):
                raise BadValue("malformed list definition")
            self._add(name, tuple(words))

    def _add(self, name, words):
        self.lists[name] = words
        self._by_length.setdefault(len(words), []).append(name)

    def fresh_copy(self, name):
        if type(name) is not str or name not in self.lists:
            raise BadValue("unknown list name %r" % (name,))
        return list(self.lists[name])

    def at_most(self, copies):
        """These lists, to decode a reply that may name them at most copies times: a reply
        naming one a million times must not make the grader build a million lists."""
        return _Allowance(self, copies)


class _Allowance:
    def __init__(self, known, copies):
        self.known, self.copies = known, copies

    def fresh_copy(self, name):
        if self.copies <= 0:
            raise BadValue("the reply names a list it was sent more often than a call "
                           "can give it back")
        self.copies -= 1
        return self.known.fresh_copy(name)


def encode(value, depth=0, known=None):
    """Return the JSON-ready form of VALUE; raise BadValue for any other type.  With known
    (KnownLists), a list equal to a known one is sent by name."""
    if depth > MAX_DEPTH:
        raise BadValue(f"nested more than {MAX_DEPTH} levels deep")
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        if _SCALAR_TYPES.issuperset(map(type, value)):    # a word list: no item needs a tag
            name = (known.name_of(value) if known is not None and (depth == 0 or known.nested)
                    else None)
            return list(value) if name is None else {"known": name}
        return [encode(item, depth + 1, known) for item in value]
    if kind is tuple:
        return {"tuple": [encode(item, depth + 1, known) for item in value]}
    if kind is dict:
        encoded = {}
        for key, item in value.items():
            if type(key) is not str:
                raise BadValue(f"dict key of type {type(key).__name__}")
            encoded[key] = encode(item, depth + 1, known)
        return {"dict": encoded}
    raise BadValue(f"value of type {_type_name(kind)}")


def decode(data, depth=0, known=None):
    """Inverse of :func:`encode` for parsed JSON (known: the KnownLists it was encoded with);
    raise BadValue on anything malformed."""
    if depth > MAX_DEPTH:
        raise BadValue(f"nested more than {MAX_DEPTH} levels deep")
    kind = type(data)
    if kind in _SCALARS:
        return data
    if kind is list:
        if _SCALAR_TYPES.issuperset(map(type, data)):
            return list(data)
        return [decode(item, depth + 1, known) for item in data]
    if kind is dict and len(data) == 1:
        if type(data.get("tuple")) is list:
            return tuple(decode(item, depth + 1, known) for item in data["tuple"])
        if type(data.get("dict")) is dict:
            return {key: decode(item, depth + 1, known) for key, item in data["dict"].items()}
        if "known" in data and known is not None:
            return known.fresh_copy(data["known"])
    raise BadValue("malformed encoded value")


def capped(text, limit=DETAIL_CHARACTERS):
    """text (made a str) cut to limit characters, saying how much was cut: the child cuts
    what it reports, and the grader again what it receives (it trusts nothing sent)."""
    text = text if type(text) is str else str(text)
    if len(text) <= limit:
        return text
    return text[:limit] + f"... ({len(text) - limit} more characters not kept)"


def dump_message(message):
    """One message as a line of bytes."""
    return json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n"


def load_message(line):
    """Parse one message line; raise BadValue unless it is a JSON object."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError, UnicodeDecodeError) as error:
        raise BadValue(f"unreadable message: {error}") from None
    if type(message) is not dict:
        raise BadValue("message is not an object")
    return message


def _type_name(kind):
    module = getattr(kind, "__module__", "")
    name = getattr(kind, "__qualname__", repr(kind))
    return name if module in ("builtins", "__main__", "") else f"{module}.{name}"
