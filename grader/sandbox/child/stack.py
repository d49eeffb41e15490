"""Where a call's student code is, when the grader asks (standard library only).

During a call or a program run the grader may send SAMPLE_SIGNAL; the handler (run by Python between two
bytecodes of whatever the call runs) sends one message naming the innermost frame of the
student's own files (file, line, function, and which invocation of it: the same number for
the same frame within a call) and whether the student's code is in the very
state it was in at an earlier sample of the same call: the same frames (the same
invocations, not new calls of the same functions), at the same instructions (not only the same
lines: at another point of a line, what the line has computed so far differs, unseen), with the
same values in their local variables, their modules' globals and random's generator, or the
same but for whole numbers the innermost loop only counts with (child/counting.py: their names
are sent too).  Deterministic code found twice in one state is in an endless loop; the grader
uses it (with where earlier calls were stopped for time) to stop such a call without spending
its whole limit (sandbox/endless_loops.py).  What a state holds that cannot be compared (an
iterator, an object with state kept in C, more than STATE_ITEMS values) makes it unknown, never
repeated.

SAMPLE_SIGNAL is SIGWINCH: its default action is to be ignored, so code that resets its
handler only goes unsampled, and nothing the student's code does with it can end a call.
"""
import os
import random
import signal
import types

SAMPLE_SIGNAL = signal.SIGWINCH
STATE_ITEMS = 50_000        # values compared in one state at most (a word list is ~2,300)
_SCALARS = frozenset((str, int, float, complex, bool, bytes, type(None)))
_BY_IDENTITY = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type,
                types.CodeType)
_HEAP_TYPE = 1 << 9         # Py_TPFLAGS_HEAPTYPE: a class written in Python


class Unknown(Exception):
    """The state holds something whose changes cannot be seen from Python."""


class StackSampler:
    """Answers SAMPLE_SIGNAL during a call with a message on the channel."""

    def __init__(self, channel, code_dir, counters):
        """counters(frame, earlier state, state): the names of the counters two states of the
        same frames differ by alone, or () (child/counting.py's counters)."""
        self.channel = channel
        self.prefix = code_dir + os.sep
        self.counters = counters
        self.request = None     # (id, nonce) of the call running now ((None, None): the
                                # program run), or None
        self.earlier = {}       # the (line, instruction) of each frame of each earlier sample
                                # of this call: its (frames, state), the latest there
        self.held = []          # the innermost frames sampled in this call: while they are
                                # held, no other frame takes their id (a sample's invocation)

    def install(self):
        signal.signal(SAMPLE_SIGNAL, self.handle)

    def start(self, request_id, nonce):
        self.request, self.earlier, self.held = (request_id, nonce), {}, []

    def end(self):
        """The call returned: no sample is sent from here on (its reply is)."""
        self.request, self.earlier, self.held = None, {}, []

    def handle(self, signum, frame):
        if self.request is None or getattr(self.channel, "sending", False):
            return
        frames = []
        while frame is not None:
            if frame.f_code.co_filename.startswith(self.prefix):
                frames.append(frame)
            frame = frame.f_back
        sample = None
        if frames:
            at = tuple((each.f_lineno, each.f_lasti) for each in frames)
            state = state_of(frames)
            earlier = self.earlier.get(at)
            comparable = (state is not None and earlier is not None and earlier[1] is not None
                          and all(a is b for a, b in zip(earlier[0], frames)))
            counters = ()
            if comparable and earlier[1] != state:
                counters = self.counters(frames[0], earlier[1], state)
            repeated = comparable and (earlier[1] == state or bool(counters))
            self.earlier[at] = (frames, state)
            inner = frames[0]
            self.held.append(inner)
            sample = {"file": os.path.basename(inner.f_code.co_filename),
                      "line": inner.f_lineno, "function": inner.f_code.co_name,
                      "repeated": repeated, "counters": list(counters),
                      "invocation": id(inner)}
        request_id, nonce = self.request
        self.channel.send({"id": request_id, "nonce": nonce, "sample": sample})


def state_of(frames):
    """What the student's code holds in these frames, as comparable plain values: the innermost
    frame's variables ({name: value}, for child/counting.py), the other frames', their modules'
    globals and random's generator; None when some of it cannot be compared.  A
    comprehension's own iterator (".0") is left out as a for loop's is (it is not a local
    variable): where it is, the loop variable shows."""
    budget = [STATE_ITEMS]
    try:
        modules = {id(frame.f_globals): frame.f_globals for frame in frames}
        return ({name: _value(value, budget)
                 for name, value in _variables(frames[0].f_locals).items()},
                tuple(_value(_variables(frame.f_locals), budget) for frame in frames[1:]),
                tuple(_value(_variables(namespace), budget) for namespace in modules.values()),
                _value(random.getstate(), budget))
    except (Unknown, RecursionError):
        return None


def _variables(namespace):
    """A frame's or module's variables: not its comprehension's iterator, nor the dunder names
    of a module (its builtins, loader and spec, which its code does not change)."""
    return {name: value for name, value in namespace.items()
            if name.isidentifier() and not name.startswith("__")}


def _value(value, budget):
    budget[0] -= 1
    if budget[0] < 0:
        raise Unknown
    kind = type(value)
    if kind in _SCALARS:
        return kind.__name__, value
    if kind in (list, tuple):
        return kind.__name__, tuple(_value(item, budget) for item in value)
    if kind in (set, frozenset):
        return kind.__name__, frozenset(_value(item, budget) for item in value)
    if kind is dict:
        return "dict", tuple((_value(key, budget), _value(item, budget))
                             for key, item in value.items())
    if isinstance(value, _BY_IDENTITY):
        return "identity", id(value)
    if isinstance(value, random.Random):
        return "random", _value(value.getstate(), budget)
    if all(klass is object or klass.__flags__ & _HEAP_TYPE for klass in kind.__mro__) and \
            type(getattr(value, "__dict__", None)) is dict and "__slots__" not in \
            kind.__dict__:
        return "object", id(kind), _value(dict(vars(value)), budget)
    raise Unknown
