"""The sandboxed child: isolates itself, then runs student code and reports raw values.

Standard library only.  The grader copies this folder's files into a private
temp dir and starts ``python -I -S start.py CONFIG_JSON``; it never imports the
rest of the kit.  Nothing here decides a score: the child only reports what the
student's code did, over a socket whose fd number is in the config (the
student's stdout and stderr are separate pipes, so printing cannot forge a
message; a student who writes to the socket only breaks their own calls).

Modes:
  calls    serve requests ("import" a module, "call" a function) until EOF
  import   import one module as a module (its __main__ guard should stop it)
  program  run one module as __main__ with random seeded and random.seed disabled (generators
           the program makes itself, random.Random() or SystemRandom(), start from the seed too);
           each seeding with a value (random.seed(1913), random.Random(x)) is reported with
           its line, and with honour_seeds it takes effect (is the secret then fixed?); the
           first draws (random.choice and the like) are reported with what they drew from;
           with end_at_eof (a game played by hand) it ends where its input does
  probe    only isolate and seal (the grader checks once that the jail can be built here, and
           learns what the seal could close)

Before any of that the child isolates itself (jail.py: namespaces and a chroot
jail as root, resource limits always, death with the grader) and, in every safe mode,
seals itself (seal.py: a keyring of its own, Landlock, a seccomp filter).
"""

import builtins
import importlib
import io
import os
import random
import runpy
import site
import sys
import traceback
import weakref

import codec  # found next to this file: start.py puts its folder on sys.path for a moment
import counting
import jail
import seal
import stack
from configuration import ChildConfig
from codec import MAX_DRAWN_ITEMS, MAX_DRAWS, MAX_SEEDINGS, End, Status

class Channel:
    """The protocol socket: newline-delimited JSON messages in both directions."""

    def __init__(self, fd):
        self.fd = fd
        self.reader = os.fdopen(os.dup(fd), "rb")
        self.sending = False    # a message is half sent: a signal handler must not send one

    def send(self, message):
        data = codec.dump_message(message)
        self.sending = True
        try:
            while data:
                data = data[os.write(self.fd, data):]
        finally:
            self.sending = False

    def receive(self):
        line = self.reader.readline()
        return codec.load_message(line) if line else None


class CappedText(io.TextIOBase):
    """sys.stdout during calls: keeps the first LIMIT characters, counts the rest."""

    def __init__(self, limit):
        self.limit = limit
        self.parts = []
        self.size = 0

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        room = self.limit - self.size
        if room > 0:
            self.parts.append(text[:room])
        self.size += len(text)
        return len(text)

    def text(self):
        captured = "".join(self.parts)
        if self.size > self.limit:
            captured += f"\n[... {self.size - self.limit} more characters not kept]"
        return captured


class WatchedStdin:
    """sys.stdin wrapper that tells the grader when the program read past the end of input,
    and on_read (if given) each time the program reads."""

    def __init__(self, stream, on_eof, on_read=lambda: None):
        self._stream = stream
        self._on_eof = on_eof
        self._on_read = on_read

    def _seen(self, data, asked=-1):
        self._on_read()
        if data == "" and asked != 0:
            self._on_eof()
        return data

    def readline(self, size=-1):
        return self._seen(self._stream.readline(size), size)

    def read(self, size=-1):
        return self._seen(self._stream.read(size), size)

    def readlines(self, hint=-1):
        lines = self._stream.readlines(hint)
        self._on_read()
        self._on_eof()
        return lines

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __getattr__(self, name):
        return getattr(self._stream, name)


# ---------------------------------------------------------------- running code

def restrict_path(code_dir):
    """sys.path = the submission's folder + the standard library (no site-packages, no kit)."""
    stdlib = [p for p in sys.path if p and "-packages" not in p]
    sys.path[:] = [code_dir] + stdlib
    importlib.invalidate_caches()


def provide_site_builtins():
    """exit() and quit(), which -S leaves out but every `python wordle.py` has (site adds them)."""
    site.setquit()


def describe(error):
    """Exception type and message, e.g. "ValueError: bad guess" (cut: messages are capped)."""
    try:
        text = str(error)
    except BaseException:
        text = "<unprintable>"
    name = type(error).__name__
    return codec.capped(f"{name}: {text}" if text else name)


def student_traceback(error, code_dir):
    """The traceback lines that point into the submission's own files."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if frame.filename.startswith(code_dir + os.sep)]
    lines = traceback.format_list(frames) + [describe(error) + "\n"]
    return "Traceback (most recent call last):\n" + "".join(lines)


def exit_detail(error):
    try:
        code = repr(error.code)
    except BaseException:
        code = "<unprintable>"
    return codec.capped(f"called sys.exit({code})")


def serve_calls(channel, output_limit, value_limit, code_dir):
    """Answer requests until the grader closes the socket (and, during a call, the grader's
    requests for where the student's code is: stack.py)."""
    modules = {}
    known = codec.KnownLists(nested=False)  # the long lists the grader sent once, by name
    serving_pid = os.getpid()
    sampler = stack.StackSampler(channel, code_dir, counting.counters)
    sampler.install()
    while True:
        request = channel.receive()
        if request is None:
            return
        reply = {"id": request.get("id"), "nonce": request.pop("nonce", None)}
        captured = CappedText(output_limit)
        sys.stdout = captured
        try:
            if request["op"] == "import":
                reply.update(import_for_calls(request["module"], modules))
            else:
                sampler.start(reply["id"], reply["nonce"])
                reply.update(call(modules[request["module"]], request, value_limit, known))
        finally:
            sampler.end()
            sys.stdout = sys.__stdout__
        leave_if_forked(serving_pid)
        reply["stdout"] = captured.text()
        channel.send(reply)


def leave_if_forked(original_pid):
    """A copy made by the student's os.fork() must not go on speaking the protocol."""
    if os.getpid() != original_pid:
        os._exit(0)


def import_for_calls(name, modules):
    try:
        modules[name] = importlib.import_module(name)
    except SystemExit as error:
        return {"status": Status.EXITED, "detail": exit_detail(error)}
    except EOFError as error:
        return {"status": Status.WAITED_FOR_INPUT, "detail": describe(error)}
    except BaseException as error:
        return {"status": Status.RAISED, "detail": describe(error)}
    return {"status": Status.OK}


def call(module, request, value_limit, known):
    if "define" in request:
        known.learn(request["define"])
    function = getattr(module, request["function"], None)
    if not callable(function):
        return {"status": Status.MISSING_FUNCTION, "detail": f"{request['function']} is not defined"}
    args = codec.decode(request["args"], known=known)
    try:
        result = function(*args)
    except SystemExit as error:
        return {"status": Status.RAISED, "detail": exit_detail(error)}
    except BaseException as error:
        return {"status": Status.RAISED, "detail": describe(error)}
    reply = {"status": Status.OK, "returned_argument": next(
        (index for index, arg in enumerate(args) if result is arg), None)}
    try:
        reply["value"] = codec.encode(result, known=known)
        if len(codec.dump_message(reply["value"])) > value_limit:
            raise codec.BadValue(f"the value takes more than {value_limit} bytes")
    except (codec.BadValue, RecursionError, ValueError, MemoryError) as error:
        reply.update(status=Status.BAD_VALUE, value=None, detail=str(error))
    try:
        reply["args_after"] = [codec.encode(arg, known=known) for arg in args]
    except (codec.BadValue, RecursionError, ValueError, MemoryError) as error:
        reply["args_after_error"] = str(error)
    return reply


def watch_imports(channel, code_dir, allowed, unwatched):
    """Report each top-level module the code in code_dir imports beyond the allowed ones
    (imports made by the unwatched modules excepted)."""
    real_import = builtins.__import__
    real_import_module = importlib.import_module
    reported = set()

    def note(importer_globals, name, level):
        importer = importer_globals or {}
        filename = str(importer.get("__file__") or "")
        if level or importer.get("__name__") in unwatched or not filename.startswith(code_dir + os.sep):
            return
        top = name.partition(".")[0]
        if top not in allowed and top not in reported and \
                len(reported) < codec.MAX_FORBIDDEN_IMPORTS:
            reported.add(top)
            channel.send({"forbidden_import": codec.capped(top, 60)})

    def watched_import(name, globals=None, locals=None, fromlist=(), level=0):
        # __import__("os") called by hand passes no globals: the caller's frame says who it is
        note(globals if globals is not None else sys._getframe(1).f_globals, name, level)
        return real_import(name, globals, locals, fromlist, level)

    def watched_import_module(name, package=None):
        note(sys._getframe(1).f_globals, name, 0)
        return real_import_module(name, package)

    builtins.__import__ = watched_import
    importlib.import_module = watched_import_module


def once(action):
    """action, done the first time only (a program may read past its input a million times:
    the grader needs to hear it once)."""
    done = []

    def do_once():
        if not done:
            done.append(True)
            action()
    return do_once


def end_here(report):
    """A game played by hand (grader play) ends where its input does (Ctrl-D, or the end of
    the lines piped in), as `python wordle.py` would with an EOFError, but reported, without
    the traceback of an error that is not the program's."""
    def end():
        try:
            report()
            sys.stdout.flush()
        finally:
            os._exit(0)
    return end


def make_random_reproducible(seed, honour_seeds, reports, clock=None):
    """Seed random; a student's random.seed(...) does nothing, and every generator the
    program makes (random.Random(), random.Random(time.time()), random.SystemRandom())
    starts from the same seed, so a replay with this seed picks the same secret. Each seeding
    with a value is passed to reports.seeded(value); with honour_seeds it takes effect, and
    from the game's first input on, the generators no value seeded (the module's,
    random.Random(), SystemRandom()) go on from another seed, one of this seed and clock
    (the moment the run's clock read as it started): a person's runs differ in what they draw once the secret is drawn (a seeding drawn
    from random itself too), unlike a seeding with a fixed value.  random.seed stays a bound
    method of the module's generator, as in Python itself."""
    original_seed = random.Random.seed
    state = {"seed": seed}
    unseeded = weakref.WeakSet([random._inst])   # generators that no value seeded

    def seed_method(self, a=None, *args, **kwargs):
        if a is not None:
            reports.seeded(a)
        if a is not None and honour_seeds:
            original_seed(self, a, *args, **kwargs)
            unseeded.discard(self)
        elif self is not random._inst:   # the module's own: a seeding does nothing
            original_seed(self, state["seed"])
            unseeded.add(self)

    def go_on_afresh():
        state["seed"] = "%s after input, clock %s" % (seed, clock)
        for generator in list(unseeded):
            original_seed(generator, state["seed"])

    for name in ("__doc__", "__name__", "__qualname__"):
        setattr(seed_method, name, getattr(original_seed, name))
    seed_method.__module__ = "random"
    random.seed(seed)
    random.Random.seed = seed_method
    random.seed = random._inst.seed
    random.SystemRandom = SystemRandom
    if honour_seeds:
        reports.when_reading = go_on_afresh


class SystemRandom(random.Random):
    """Stands in for random.SystemRandom in a program run: it draws from the seed as
    random.Random() does, so a replay picks the same, and is a class of its own whose methods
    are its own, as the real one's are (a program asking whether it is random.Random, or
    shares its methods, could tell it is being graded)."""

    __module__ = "random"

    def __init__(self, x=None):
        random.Random.seed(self)     # from the run's seed, as random.Random() starts
        self.gauss_next = None

    def seed(self, *args, **kwargs):
        """Does nothing, as the real one's."""
        return None

    def random(self):
        return super().random()

    def getrandbits(self, k):
        return super().getrandbits(k)

    def getstate(self, *args, **kwargs):
        raise NotImplementedError("System entropy source does not have state.")

    setstate = getstate


def set_clock(moment):
    """Set the program's clock (time.time and its kin, datetime's now and today) to read
    moment (seconds since the epoch) now, and its process id to one that follows from moment:
    runs with other moments differ in what a seeding from the clock or the id reads, as runs a
    person makes days apart do, and the same moment reads the same in every grading."""
    import datetime
    import time
    seconds = int(moment - time.time())
    for name, scale in (("time", 1), ("monotonic", 1), ("perf_counter", 1),
                        ("time_ns", 10 ** 9), ("monotonic_ns", 10 ** 9),
                        ("perf_counter_ns", 10 ** 9)):
        setattr(time, name, lambda read=getattr(time, name), moved=seconds * scale: read() + moved)
    for name in ("localtime", "gmtime", "ctime"):
        setattr(time, name, lambda when=None, convert=getattr(time, name): convert(
            time.time() if when is None else when))

    class MovedDate(datetime.date):
        @classmethod
        def today(cls):
            return cls.fromtimestamp(time.time())

    class MovedDatetime(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls.fromtimestamp(time.time(), tz)

        @classmethod
        def today(cls):
            return cls.fromtimestamp(time.time())

        @classmethod
        def utcnow(cls):
            return cls.utcfromtimestamp(time.time())
    datetime.date, datetime.datetime = MovedDate, MovedDatetime
    os.getpid = lambda: 300 + int(moment // 86400) % 30000


# How many things each drawing method of random draws from, given its arguments.
DRAW_SIZES = {"choice": lambda seq: len(seq),
              "choices": lambda population, *args, **kwargs: len(population),
              "sample": lambda population, *args, **kwargs: len(population),
              "randint": lambda a, b: b - a + 1,
              "randrange": lambda start, stop=None, step=1: len(
                  range(start) if stop is None else range(start, stop, step))}


def report_draws(reports):
    """Make each draw of random's drawing methods (DRAW_SIZES), by the module's functions or a
    generator's, pass reports.drew(name, how many it drew from, what it drew); the draws are
    the same. A draw inside another (randint's randrange) is not reported again."""
    inside = []

    def wrapped(name, original):
        def drawing(self, *args, **kwargs):
            if inside:
                return original(self, *args, **kwargs)
            inside.append(name)
            try:
                result = original(self, *args, **kwargs)
            finally:
                inside.pop()
            try:
                size = DRAW_SIZES[name](*args, **kwargs)
            except Exception:
                size = None
            reports.drew(name, size, result)
            return result
        return drawing
    for name in DRAW_SIZES:
        setattr(random.Random, name, wrapped(name, getattr(random.Random, name)))
        setattr(random, name, getattr(random._inst, name))


class RandomReports:
    """What a program does with random, each sent as a message with the student's line:
    seedings with a value (MAX_SEEDINGS at most), the last seeding before it first reads its
    input (when the game draws its secret: sent as it reads), and draws made before then
    (MAX_DRAWS at most)."""

    def __init__(self, channel, code_dir):
        self.channel, self.code_dir = channel, code_dir
        self.seedings = self.draws = 0
        self.reading = False
        self.last_seeding = None
        self.when_reading = None    # what to do as the game first reads its input

    def input_read(self):
        if not self.reading:
            self.reading = True
            if self.when_reading is not None:
                self.when_reading()
            if self.last_seeding is not None:
                self.channel.send({"seeded_at_start": self.last_seeding})

    def student_line(self):
        frame = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename.startswith(self.code_dir + os.sep):
                return "%s:%d" % (os.path.basename(frame.f_code.co_filename), frame.f_lineno)
            frame = frame.f_back
        return ""

    def seeded(self, value):
        if self.reading and self.seedings >= MAX_SEEDINGS:
            return
        try:
            shown = repr(value)[:80]
        except Exception:
            shown = "(a %s)" % type(value).__name__
        seeding = {"value": shown, "line": self.student_line()}
        if not self.reading:
            self.last_seeding = seeding
        if self.seedings < MAX_SEEDINGS:
            self.seedings += 1
            self.channel.send({"seeded": seeding})

    def drew(self, name, size, result):
        if self.reading or self.draws >= MAX_DRAWS:
            return
        self.draws += 1
        items = result[:MAX_DRAWN_ITEMS] if type(result) is list else [result]
        drawn = [item[:20] if type(item) is str else item for item in items
                 if type(item) in (str, int) and (type(item) is str or abs(item) < 2 ** 53)]
        self.channel.send({"drew": {"function": name, "size": size if type(size) is int
                                    and size < 2 ** 53 else None,
                                    "drawn": drawn, "line": self.student_line()}})


def run_main(channel, config, code_dir):
    """Import or run one module the way `python -c 'import m'` / `python m.py` would."""
    module = config.module
    reports = RandomReports(channel, code_dir)
    reached_eof = once(lambda: channel.send({"eof": True}))
    sys.stdin = WatchedStdin(sys.stdin, end_here(reached_eof) if config.end_at_eof
                             else reached_eof, reports.input_read)
    if config.imports is not None:
        watch_imports(channel, code_dir, set(config.imports.allowed), set(config.imports.unwatched))
    if config.mode == "program":
        sampler = stack.StackSampler(channel, code_dir, counting.counters)
        sampler.install()
        sampler.start(None, None)
        if config.honour_seeds:
            set_clock(config.clock)
        make_random_reproducible(config.seed, config.honour_seeds, reports, config.clock)
        report_draws(reports)
        sys.argv = [module + ".py"]
    running_pid = os.getpid()
    try:
        if config.mode == "program":
            runpy.run_path(os.path.join(code_dir, module + ".py"), run_name="__main__")
        else:
            importlib.import_module(module)
    except SystemExit as error:
        leave_if_forked(running_pid)
        channel.send({"end": End.EXITED, "detail": exit_detail(error)})
        raise
    except BaseException as error:
        leave_if_forked(running_pid)
        channel.send({"end": End.RAISED, "detail": describe(error)})
        sys.stderr.write(student_traceback(error, code_dir))
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(1)
    leave_if_forked(running_pid)
    channel.send({"end": End.FINISHED})


def main():
    config = ChildConfig.from_json(sys.argv[1])
    jail.die_with_parent(lambda: os.getppid() == config.grader_pid)
    code_dir = jail.isolate(config)
    jail.become_subreaper()
    sealed = seal.apply(config.seal) if config.seal is not None else None
    jail.apply_limits(config.limits)
    restrict_path(code_dir)
    provide_site_builtins()
    channel = Channel(config.fd)
    if config.mode == "probe":
        channel.send({"seal": sealed})
        channel.send({"end": End.FINISHED})
    elif config.mode == "calls":
        serve_calls(channel, config.output_limit, config.value_limit, code_dir)
    else:
        run_main(channel, config, code_dir)
