"""Tests for CSCI 1913 Project 1: Wordle.

Put this file next to your wordle.py and easy_wordle.py and run:

    python test_wordle_funcs.py

or test the files in another folder, leaving it as it is (course staff: a student's
folder, with the course's words.py and display_utility.py from this file's folder):

    python test_wordle_funcs.py FOLDER

Every check prints PASS or FAIL; a FAIL shows the call, the value expected
and what your function did instead. The last line counts the checks:
"N passed, N failed". The exit status is 0 when every check passed, 1 when
any failed, 2 when the tester itself could not run, and 130 when stopped
with Ctrl-C. It needs Python 3.6 or later.

Your files run in Python processes of their own, never inside the tester,
so a function that loops forever, waits for input, prints a lot, calls
exit() or crashes is stopped and named, and the other checks still run.
The first lines your code prints are shown under the check, marked "|"
(for each function, the first time it prints).

Time limits count CPU time (the time your code computes, however busy the
computer is): hundreds of times what the kit's reference solution needs,
and at least 2 seconds a call, so slow but correct code passes. A call
that waits (time.sleep, a file) for 20 seconds, using almost no CPU time,
is stopped too.

filter_word_list may return its words in any order: the assignment does
not fix one, and the kit's grader accepts any order. (The course's own
tester compares lists in order, so it would show a different order as
different.)
"""
import ast
import collections
import io
import math
import os
import queue
import reprlib
import signal
import subprocess
import sys
import threading
import time
import traceback

MODULES = ("wordle", "easy_wordle")
TESTER_FILE = os.path.abspath(__file__)
TESTER_FOLDER = os.path.dirname(TESTER_FILE)
FOLDER = TESTER_FOLDER  # the student's files: this file's folder, or the FOLDER given
COURSE_MODULES = ("words", "display_utility")  # the course's files, from TESTER_FOLDER if there
CHILD_FLAG = "--run-student-code"  # how the tester starts its child processes

# CPU seconds the kit's reference solution needs for its slowest call in this
# tester (measured by the kit's benchmarks/tester_time.py, rounded up).
REFERENCE_SECONDS = {"import": 0.04, "filter_word_list": 0.04}
OTHER_REFERENCE_SECONDS = 0.00001  # check_word, known_word, no_letters, yes_letters
LIMIT_MULTIPLE = 300  # a call may use this many times the reference's CPU time,
LIMIT_FLOOR = 2.0  # and never less than this many CPU seconds.
WAIT_LIMIT = 20.0  # seconds a call may wait (sleep, read a file) while using almost no CPU time,
IDLE_SHARE = 0.01  # that is, less than this share of the time: busy computers give more than that
SILENCE_LIMIT = 30.0  # seconds without a sign of life before a child process is stopped
MEMORY_LIMIT = 2 * 1024 ** 3  # bytes of memory for the process running your code (where possible)

SHOWN_LINES = 3  # lines of your code's printing shown under a check
SHOWN_WORDS = 10  # words listed when a word list is wrong
MAX_ITEMS = 100_000  # items in a list your function returns, at most (words.py has 14,855)

# What happened to one request sent to the child process (a reply's "status").
RETURNED = "returned"  # the call returned (or the import finished)
RAISED = "raised"  # it raised an exception
SYNTAX = "syntax error"  # the file could not be compiled
TIMEOUT = "timeout"  # it used up its CPU time
WAITED = "waited"  # it waited too long using almost no CPU time
RUNNING = "running"  # not a reply: the call is still running
DIED = "died"  # it ended the child process (os._exit, a crash)
TESTER_ERROR = "tester error"  # the tester's own code failed in the child


def cpu_limit(name):
    """CPU seconds one call of name (or "import") may use."""
    reference = REFERENCE_SECONDS.get(name, OTHER_REFERENCE_SECONDS)
    return max(LIMIT_FLOOR, LIMIT_MULTIPLE * reference)


# ==================================================================== the test cases

def colours(code):
    """Turn a short clue code like "y-g--" into a list of colour names."""
    names = {"g": "green", "y": "yellow", "-": "grey"}
    return [names[letter] for letter in code]


CHECK_WORD_EXAMPLES = [
    ("LERED", "RADIO", "y-y--"), ("LERED", "DRUID", "-y--g"), ("LERED", "LERED", "ggggg"),
    ("PERIS", "RAISE", "y-yyy"), ("OPENS", "EPICS", "yg--g"), ("MISTS", "MISTY", "gggg-"),
    ("ELUDE", "LEDGE", "yyy-g"), ("CRANE", "BEEPS", "-y---"), ("ROBOT", "REORG", "g-y--"),
    ("BOOKS", "SHOES", "--g-g"),
]
CHECK_WORD_REPEATS = [
    ("ISSUE", "STEDS", "y-y-y"),  # the second S is yellow too: ISSUE has two
    ("ROVER", "ERROR", "yy-yg"),  # only one R is left for a yellow
    ("XVIII", "IIIXV", "yygyy"),  # triple letters
    ("EERIE", "EEEEE", "gg--g"),  # greens use up all three E
    ("SASSY", "SISSY", "g-ggg"),  # no yellow for an S when all are green
    ("KEBAB", "ABBEY", "yygy-"),  # two B in both words
    ("SPEED", "ABIDE", "---yy"),
    ("OCTAL", "BOOKS", "-y---"),  # only one O in the secret
    ("OUTGO", "BOOKS", "-yy--"),  # two O in the secret
]

CLUE_CODES = {
    ("LERED", "RADIO"): "y-y--", ("LERED", "DRUID"): "-y--g", ("LERED", "LERED"): "ggggg",
    ("AUNTS", "TUNES"): "ygg-g", ("AUNTS", "ALPHA"): "g----", ("AUNTS", "MONTH"): "--gg-",
    ("AUNTS", "DUMMY"): "-g---", ("AUNTS", "AUNTS"): "ggggg",
    ("BUMPS", "YELPS"): "---gg", ("BUMPS", "ZUMBA"): "-ggy-", ("BUMPS", "BOOKS"): "g---g",
    ("BUMPS", "HIPPO"): "---g-", ("BUMPS", "SOCKS"): "----g",
    ("ELBOW", "BOOKS"): "yy---", ("ELBOW", "ELECT"): "gg---", ("ELBOW", "BEBOP"): "-ygg-",
    ("PERIS", "RAISE"): "y-yyy", ("PERIS", "SERIF"): "yggg-", ("PERIS", "MERIS"): "-gggg",
    ("OASIS", "BOOKS"): "-y--g",
}


def clue_list(secret, guesses):
    """The clue list after guessing each of guesses against secret."""
    return [(guess, colours(CLUE_CODES[(secret, guess)])) for guess in guesses]


KNOWN_WORD_CASES = [
    ("LERED", [], "_____"), ("LERED", ["RADIO"], "_____"), ("LERED", ["RADIO", "DRUID"], "____D"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "LERED"),
    ("AUNTS", ["TUNES"], "_UN_S"), ("AUNTS", ["TUNES", "ALPHA"], "AUN_S"),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH"], "AUNTS"),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY"], "AUNTS"),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY", "AUNTS"], "AUNTS"),
    ("AUNTS", ["MONTH"], "__NT_"),
]
NO_LETTERS_CASES = [
    ("LERED", [], ""), ("LERED", ["RADIO"], "AIO"), ("LERED", ["RADIO", "DRUID"], "AIOU"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "AIOU"),
    ("BUMPS", ["YELPS"], "ELY"), ("BUMPS", ["YELPS", "ZUMBA"], "AELYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS"], "AELYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS"], "AEKLOYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS", "HIPPO"], "AEHIKLOYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS", "HIPPO", "SOCKS"], "ACEHIKLOYZ"),
    # One O is yellow, so O is in the word even though the other O is grey.
    ("OASIS", ["BOOKS"], "BK"),
]
YES_LETTERS_CASES = [
    ("LERED", [], ""), ("LERED", ["RADIO"], "DR"), ("LERED", ["RADIO", "DRUID"], "DR"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "DELR"),
    ("ELBOW", ["BOOKS"], "BO"), ("ELBOW", ["BOOKS", "ELECT"], "BELO"), ("ELBOW", ["BEBOP"], "BEO"),
    ("BUMPS", ["HIPPO"], "P"),
]

RAISE_WORDS = [
    "miser", "wires", "siler", "tiers", "sider", "sevir", "siker", "peris", "speir", "sizer",
    "sweir", "serir", "meris", "kiers", "vires", "tires", "sehri", "hires", "fiers", "cires",
    "sieur", "siver", "biers", "serif", "fires", "sixer", "epris", "liers", "siren", "serin",
    "icers", "piers", "sired", "sires", "seric", "viers", "wiser", "breis", "mires",
]
TUNES_WORDS = ["munts", "runts", "lunts", "punts", "funts", "sunts", "aunts", "cunts", "hunts",
               "bunts", "dunts"]
DRUID_WORDS = ["gyred", "cered", "mered", "spred", "shred", "sered", "sherd", "lered", "tyred"]
FULL_LIST_CASES = [
    ("PERIS", ["RAISE"], RAISE_WORDS), ("PERIS", ["RAISE", "SERIF"], ["peris", "meris"]),
    ("PERIS", ["RAISE", "SERIF", "MERIS"], ["peris"]),
    ("AUNTS", ["TUNES"], TUNES_WORDS),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY"], ["aunts"]),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY", "AUNTS"], ["aunts"]),
    ("BUMPS", ["YELPS", "ZUMBA"], ["bumps"]), ("BUMPS", ["YELPS", "ZUMBA", "YELPS"], ["bumps"]),
    ("LERED", ["RADIO", "DRUID"], DRUID_WORDS), ("LERED", ["RADIO", "DRUID", "LERED"], ["lered"]),
    ("ELBOW", ["BOOKS", "ELECT"], ["elbow"]),
    ("ELBOW", ["BEBOP"], ["elbow", "embox", "syboe", "embow", "embog"]),
]
ORDER_RULE = ("the words may come in any order, as in the grader; "
              "the course's own tester compares them in order")


# ==================================================================== the child process
# This part runs in the child process started by StudentProcess: it imports
# your module, calls your functions and sends back what happened, one line
# of Python literals per request. It never prints into the tester's report.

class Capture(io.TextIOBase):
    """Stands in for sys.stdout and sys.stderr during a call: keeps the first
    few lines of what the call prints and counts the rest."""

    KEPT_CHARACTERS = 2000

    def __init__(self):
        self.clear()

    def clear(self):
        """Forget what was printed so far."""
        self.kept = ""
        self.lines = 0  # newlines printed
        self.open_line = False  # whether the last line printed has no newline yet

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        if len(self.kept) < self.KEPT_CHARACTERS:
            self.kept += text[:self.KEPT_CHARACTERS - len(self.kept)]
        self.lines += text.count("\n")
        if text:
            self.open_line = not text.endswith("\n")
        return len(text)

    def printed(self):
        """(the first lines printed, how many lines in all)."""
        return self.kept.splitlines()[:SHOWN_LINES], self.lines + self.open_line


def student_frame(frames):
    """The innermost of frames (filename, line, function) in one of the
    student's files, described as "wordle.py, line 12, in check_word"."""
    for filename, line, function in reversed(frames):
        if os.path.dirname(os.path.abspath(filename)) == FOLDER and filename != TESTER_FILE:
            where = "%s, line %s" % (os.path.basename(filename), line)
            return where if function == "<module>" else where + ", in " + function
    return ""


def error_reply(exc):
    """Describe an exception raised by student code."""
    if isinstance(exc, SyntaxError):
        where = "%s, line %s" % (os.path.basename(exc.filename or "?"), exc.lineno)
        code = (exc.text or "").strip()
        return {"status": SYNTAX, "detail": type(exc).__name__ + ": " + str(exc.msg),
                "where": where, "code": code}
    try:
        text = str(exc)
    except BaseException:
        text = "(a message that could not be shown)"
    if isinstance(exc, SystemExit):
        text = "exit(%s) or sys.exit(%s) was called" % (text, text)
    frames = [(frame.filename, frame.lineno, frame.name)
              for frame in traceback.extract_tb(exc.__traceback__)]
    return {"status": RAISED, "detail": type(exc).__name__ + (": " + text if text else ""),
            "where": student_frame(frames), "kind": type(exc).__name__}


def is_plain(value, depth=0):
    """True if value is made only of strings, numbers, None, lists and tuples
    (and is not huge: no answer here needs more than MAX_ITEMS items)."""
    if type(value) in (str, int, bool, type(None)):
        return True
    if type(value) is float:
        return math.isfinite(value)
    if type(value) in (list, tuple) and depth < 10 and len(value) <= MAX_ITEMS:
        return all(is_plain(item, depth + 1) for item in value)
    return False


def plain_copy(value):
    """A copy of lists and tuples all the way down (strings need no copy)."""
    if type(value) is list:
        return [plain_copy(item) for item in value]
    if type(value) is tuple:
        return tuple(plain_copy(item) for item in value)
    return value


def value_reply(value):
    """The reply for a value a call returned: the value itself if it is plain
    data, else a description of it."""
    if is_plain(value) and len(ascii(value)) < 5_000_000:
        return {"status": RETURNED, "value": value}
    try:
        shown = reprlib.repr(value)
    except BaseException:
        shown = "(its repr() failed)"
    kind = type(value).__name__
    if type(value) in (list, tuple):
        kind += " of %d items" % len(value)
    return {"status": RETURNED, "unplain": "%s  (a %s)" % (shown, kind)}


class Runner:
    """Runs the tester's requests in the child, each under a CPU-time limit
    kept by a watchdog thread."""

    def __init__(self, replies):
        self.replies = replies
        self.lock = threading.Lock()
        self.running = None  # (request, capture, CPU and wall time at its start)
        self.modules = {}
        self.answers = collections.defaultdict(list)  # function -> [(call id, list returned, copy)]
        self.check_word_calls = [0]
        self.main_thread = threading.get_ident()
        threading.Thread(target=self.watch, daemon=True).start()

    def send(self, reply):
        """Send one reply to the tester, as one line."""
        self.replies.write(ascii(reply) + "\n")
        self.replies.flush()

    def watch(self):
        """Stop the running call once it has used up its CPU time, or waited
        too long using almost none; say every second that it is still running."""
        last_sign = time.monotonic()
        while True:
            time.sleep(0.02)
            with self.lock:
                if self.running is None:
                    continue
                request, capture, cpu_start, wall_start = self.running
                cpu = time.process_time() - cpu_start
                wall = time.monotonic() - wall_start
                if cpu > request["cpu"]:
                    status = TIMEOUT
                elif wall > WAIT_LIMIT and cpu < IDLE_SHARE * wall:
                    status = WAITED
                else:
                    if time.monotonic() - last_sign > 1:
                        self.send({"status": RUNNING})
                        last_sign = time.monotonic()
                    continue
                frames = sys._current_frames().get(self.main_thread)
                stack = traceback.extract_stack(frames) if frames else []
                lines, total = capture.printed()
                self.send({"status": status, "cpu": round(cpu, 1), "wall": round(wall, 1),
                           "where": student_frame([(f.filename, f.lineno, f.name) for f in stack]),
                           "printed": lines, "printed_lines": total})
                os._exit(0)

    def handle(self, request):
        """Run one request ("import" or "call") and send its reply."""
        capture = Capture()
        limit_cpu_time(request["cpu"])
        with self.lock:
            self.running = (request, capture, time.process_time(), time.monotonic())
        sys.stdout = sys.stderr = capture
        try:
            reply = self.run(request, capture)
        except BaseException as exc:  # SystemExit and KeyboardInterrupt too
            reply = error_reply(exc)
        finally:
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        with self.lock:
            reply["cpu"] = round(time.process_time() - self.running[2], 3)
            self.running = None
        reply["printed"], reply["printed_lines"] = capture.printed()
        self.send(reply)

    def run(self, request, capture):
        """What handle() runs with the call's output captured."""
        name = request["module"]
        if request["op"] == "import":
            for earlier in request["after"]:  # their printing was reported with their own import
                __import__(earlier)
            capture.clear()
            self.modules[name] = __import__(name)
            if name == "easy_wordle":
                self.count_check_word_calls()
            return {"status": RETURNED, "functions": [
                attribute for attribute, value in vars(self.modules[name]).items()
                if callable(value)]}
        return self.call(request)

    def call(self, request):
        """Call a function of an imported module; say what it returned and what it changed."""
        function = getattr(self.modules[request["module"]], request["function"])
        args = request["args"]
        if "words_at" in request:
            from words import words
            args[request["words_at"]] = list(words)
        before = plain_copy(args)
        calls_before = self.check_word_calls[0]
        value = function(*args)
        reply = value_reply(value)
        reply["changed"] = [(i, len(before[i]), len(args[i]))
                            for i in range(len(args)) if args[i] != before[i]]
        reply["returned_arg"] = [i for i in range(len(args)) if value is args[i]]
        reply["used_check_word"] = self.check_word_calls[0] > calls_before
        reply.update(self.compare_answers(request, value))
        return reply

    def compare_answers(self, request, value):
        """Whether value is a list this function returned before, and which of
        its earlier lists have changed since they were returned."""
        earlier = self.answers[request["function"]]
        same = [call_id for call_id, answer, _ in earlier if answer is value]
        changed = []
        for i, (call_id, answer, answer_copy) in enumerate(earlier):
            if answer != answer_copy:
                now = plain_copy(answer) if is_plain(answer) else "(not plain data)"
                changed.append((call_id, answer_copy, now))
                earlier[i] = (call_id, answer, plain_copy(answer))
        if type(value) is list and is_plain(value) and not same:
            earlier.append((request["id"], value, plain_copy(value)))
        return {"same_list_as": same, "changed_answers": changed}

    def count_check_word_calls(self):
        """Count the calls of check_word (to tell whether filter_word_list uses it)."""
        for module in (sys.modules.get("easy_wordle"), sys.modules.get("wordle")):
            original = getattr(module, "check_word", None)
            if callable(original):
                setattr(module, "check_word", counted(original, self.check_word_calls))


def counted(function, counter):
    """function, adding 1 to counter[0] at every call."""
    def counting(*args, **kwargs):
        counter[0] += 1
        return function(*args, **kwargs)
    return counting


def limit_memory():
    """Where the system allows it, keep the process's memory use reasonable
    (a runaway list then raises MemoryError instead of filling the computer)."""
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, resource.RLIM_INFINITY))
    except (ImportError, AttributeError, ValueError, OSError):  # Windows, macOS
        pass


def limit_cpu_time(seconds):
    """Where the system allows it, have it stop the process too, a little
    after the watchdog thread should have (in case that thread cannot run:
    some long operations written in C never let other threads run)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    used = resource.getrusage(resource.RUSAGE_SELF)
    total = used.ru_utime + used.ru_stime
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    soft = math.ceil(total + seconds) + 2  # whole seconds, 2 to 3 after the watchdog's limit
    if hard == resource.RLIM_INFINITY or soft <= hard:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def load_course_modules():
    """For a FOLDER given: the course's words.py and display_utility.py from the tester's
    folder, where it has them, imported first, so the student's files use those."""
    if FOLDER == TESTER_FOLDER:
        return
    import importlib.util
    for name in COURSE_MODULES:
        path = os.path.join(TESTER_FOLDER, name + ".py")
        if os.path.exists(path):
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)


def child_main():
    """Answer the tester's requests, read from stdin, until it closes it.

    Replies go to the real stdout; the student's code gets an empty stdin
    (input() fails at once) and its own printing is captured per call.
    """
    requests = os.fdopen(os.dup(0), "r", encoding="ascii")
    replies = os.fdopen(os.dup(1), "w", encoding="ascii")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)  # printing that bypasses sys.stdout goes to the tester's stderr pipe
    sys.stdin = open(os.devnull)
    sys.path[0] = FOLDER
    load_course_modules()
    limit_memory()
    runner = Runner(replies)
    for line in requests:
        request = ast.literal_eval(line)
        try:
            runner.handle(request)
        except BaseException:
            runner.send({"status": TESTER_ERROR, "detail": traceback.format_exc()})
            return


# ==================================================================== running a module

class StudentProcess:
    """A child Python process that imports one of the student's modules and
    calls its functions, one request at a time. A call that gets stuck, or
    ends the process, costs only that process: the next call starts a new one.
    """

    def __init__(self, module, after):
        self.module = module
        self.after = after  # modules to import before it (they imported well on their own)
        self.process = None
        self.replies = None
        self.raw_output = []  # what the child wrote to its real stdout/stderr
        self.call_ids = 0

    def start(self):
        """Start a new child process and import the module in it; return the reply."""
        options = {}
        if os.name == "posix":
            options["start_new_session"] = True  # no terminal: it cannot read the keyboard
        else:
            options["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        self.process = subprocess.Popen(
            # -B: no __pycache__ is written into the student's folder
            [sys.executable, "-B", TESTER_FILE, CHILD_FLAG, FOLDER], cwd=FOLDER, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **options)
        self.replies = queue.Queue()
        self.raw_output = []
        threading.Thread(target=read_lines, args=(self.process.stdout, self.replies),
                         daemon=True).start()
        threading.Thread(target=keep_start, args=(self.process.stderr, self.raw_output),
                         daemon=True).start()
        return self.ask({"op": "import", "module": self.module, "after": self.after}, "import")

    def call(self, function, args, words_at=None):
        """Call function(*args) in the child; return its reply (a dict)."""
        if self.process is None:
            imported = self.start()
            if imported["status"] != RETURNED:
                self.stop()
                return {"status": RAISED, "detail": "%s.py could not be imported again: %s"
                        % (self.module, imported.get("detail", imported["status"]))}
        self.call_ids += 1
        request = {"op": "call", "module": self.module, "function": function,
                   "args": args, "id": self.call_ids}
        if words_at is not None:
            request["words_at"] = words_at
        reply = self.ask(request, function)
        reply["id"] = self.call_ids
        return reply

    def ask(self, request, name):
        """Send one request; wait for its reply. A stuck or dead child is stopped."""
        request["cpu"] = cpu_limit(name)
        try:
            self.process.stdin.write((ascii(request) + "\n").encode("ascii"))
            self.process.stdin.flush()
        except OSError:  # the child has already gone
            pass
        reply = {"status": RUNNING}
        while reply["status"] == RUNNING:
            try:
                reply = parse_reply(self.replies.get(timeout=SILENCE_LIMIT))
            except queue.Empty:
                reply = parse_reply(None)
        if reply["status"] == TESTER_ERROR:
            raise TesterError(reply["detail"])
        if reply["status"] in (TIMEOUT, WAITED, DIED):
            if reply["status"] == DIED:
                reply["exit_code"] = self.stop(wait=5)
                if reply["exit_code"] == -getattr(signal, "SIGXCPU", 0):
                    reply.update(status=TIMEOUT, cpu=request["cpu"])
            self.stop()
            if "printed" not in reply:
                reply["printed"] = raw_lines(self.raw_output)
        return reply

    def stop(self, wait=0):
        """End the child process (after waiting up to wait seconds for it to
        end by itself), and anything it started; return its exit code."""
        if self.process is None:
            return None
        try:
            self.process.wait(wait)
        except subprocess.TimeoutExpired:
            pass
        try:
            if os.name == "posix":
                os.killpg(self.process.pid, signal.SIGKILL)
            else:
                self.process.kill()
        except OSError:
            pass
        self.process.wait()
        try:
            self.process.stdin.close()
        except OSError:
            pass
        code = self.process.returncode  # (its stdout and stderr are closed by their readers)
        self.process = None
        return code


class TesterError(Exception):
    """The tester's own code failed (not the student's)."""


def read_lines(pipe, lines):
    """Put each line read from pipe on the queue lines, then "" at the end."""
    for line in pipe:
        lines.put(line.decode("ascii", "replace"))
    lines.put("")
    pipe.close()


def keep_start(pipe, kept, limit=4000):
    """Read pipe to its end, keeping its first limit bytes in the list kept."""
    size = 0
    while True:
        data = pipe.read1(4096) if hasattr(pipe, "read1") else pipe.read(4096)
        if not data:
            pipe.close()
            return
        if size < limit:
            kept.append(data[:limit - size])
        size += len(data)


def raw_lines(kept):
    """The first lines the child wrote around the tester's back."""
    lines = b"".join(kept).decode("utf-8", "replace").splitlines()
    return lines[:SHOWN_LINES]


def parse_reply(line):
    """The reply dict for one line from the child: a "died" reply at the end
    of its output, a "waited" one for None (it went silent)."""
    if line is None:
        return {"status": WAITED, "cpu": None, "where": ""}
    if not line:
        return {"status": DIED, "where": ""}
    try:
        reply = ast.literal_eval(line.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        reply = None
    if type(reply) is not dict or "status" not in reply:
        return {"status": DIED, "where": "", "garbled": True}
    return reply


# ==================================================================== reporting

class Tally:
    """Counts and prints what passed and what failed."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.notes_given = set()

    def section(self, title):
        """Start a section of the report."""
        print()
        print("== " + title + " ==")

    def line(self, text):
        """An explanation line under a check."""
        print("        " + text)

    def record(self, call_text, problems, reply=None):
        """One check: it passed when there are no problems."""
        if problems:
            self.failed += 1
            print("  FAIL  " + call_text)
            for problem in problems:
                self.line(problem)
        else:
            self.passed += 1
            print("  PASS  " + call_text)
        if reply is not None:
            self.show_printed(reply)

    def not_run(self, count, reason):
        """count checks that could not be run, as one failure line."""
        self.failed += count
        print("  FAIL  %s not run: %s" % (plural(count, "check"), reason))

    def note_once(self, key, text):
        """Print a note the first time only."""
        if key not in self.notes_given:
            self.notes_given.add(key)
            self.line("note: " + text)

    def show_printed(self, reply):
        """Show the first lines the student's code printed, marked as its output."""
        lines = reply.get("printed") or []
        if not lines:
            return
        total = max(reply.get("printed_lines", len(lines)), len(lines))
        if total > len(lines):
            self.line("your code printed %d lines; the first %d:" % (total, len(lines)))
        else:
            self.line("your code printed:")
        for line in lines:
            self.line("| " + printable(line))


def printable(text, width=100):
    """text with control characters written out, cut to width characters."""
    shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return shown if len(shown) <= width else shown[:width] + "..."


def plural(count, noun):
    """E.g. "1 check", "2 checks"."""
    return "%d %s%s" % (count, noun, "" if count == 1 else "s")


def show(value):
    """Show a value with its type when that is not obvious from repr."""
    text = repr(value)
    if type(value) not in (str, list):
        text += "  (a " + type(value).__name__ + ")"
    return text


def same_value(actual, expected):
    """Compare strictly: same type all the way down, then same value."""
    if type(actual) is not type(expected):
        return False
    if type(expected) in (list, tuple):
        if len(actual) != len(expected):
            return False
        return all(same_value(a, e) for a, e in zip(actual, expected))
    return expected == actual


# ==================================================================== what went wrong

def failure_problems(reply):
    """Why a call gave no value (an empty list when it returned one)."""
    status = reply["status"]
    where = reply.get("where")
    at = ", at " + where if where else ""
    if status == RETURNED:
        return []
    if status == RAISED:
        return [raised_problem(reply)]
    if status == TIMEOUT:
        return ["did not finish: stopped after %.1f seconds of CPU time%s (an infinite loop?)"
                % (reply["cpu"], at)]
    if status == WAITED:
        if reply.get("cpu") is None:
            return ["did not finish: the process running it stopped answering and was stopped"]
        return ["did not finish: still waiting after %.0f seconds, having used only %.1f "
                "seconds of CPU time%s (time.sleep? reading a file?)"
                % (reply["wall"], reply["cpu"], at)]
    if status == SYNTAX:
        return ["%s: %s" % (reply["where"], reply["detail"])] + (
            ["    " + reply["code"]] if reply.get("code") else [])
    if reply.get("garbled"):
        return ["the process running it wrote something the tester could not read, and was stopped"]
    return ["ended the process running it (exit code %s: os._exit()? a crash?)"
            % reply.get("exit_code")]


def raised_problem(reply):
    """One line for an exception, with advice for the usual suspects."""
    where = reply.get("where")
    text = "raised " + reply["detail"] + (" (%s)" % where if where else "")
    if reply.get("kind") == "EOFError":
        text += ": it asked for input(); this function must not read the keyboard"
    elif reply.get("kind") == "SystemExit":
        text += ": nothing but the game may end the program"
    return text


# ==================================================================== one function

class StudentFunction:
    """One of the student's functions, called through its module's process.

    After a call that got stuck or ended the process, or when the function
    cannot be called at all, unusable says why and its other checks are not run.
    """

    def __init__(self, module, name):
        self.module = module
        self.name = name
        self.unusable = module.unusable_reason(name)
        self.failed = 0  # checks of it that failed with an answer
        self.printed_shown = False
        self.shared_list_explained = False
        self.call_texts = {}  # call id -> how the call was written

    def call(self, call_text, args, words_at=None):
        """Call the function with args (see StudentProcess.call); return the reply."""
        reply = self.module.process.call(self.name, args, words_at)
        self.call_texts[reply.get("id")] = call_text
        if reply["status"] in (TIMEOUT, WAITED, DIED):
            what = "ended its process" if reply["status"] == DIED else "did not finish"
            self.unusable = "%s %s in an earlier call, so it is not called again" % (
                self.name, what)
        if reply.get("printed"):
            if self.printed_shown:
                reply["printed"] = []
            self.printed_shown = True
        return reply

    def list_reuse_problems(self, reply):
        """Problems when the call returned a list it had returned before, or
        changed a list an earlier call returned."""
        changes = {call_id: (was, now) for call_id, was, now in reply.get("changed_answers", [])}
        problems = []
        for call_id in reply.get("same_list_as", []):
            was, now = changes.pop(call_id, (None, None))
            if self.shared_list_explained:
                problems.append("again returned the same list object as an earlier call "
                                "(see above)")
                continue
            self.shared_list_explained = True
            changing = ", changing its answer from %r to %r" % (was, now) if was != now else ""
            in_game = " (in the game, every row of the history would show the last clue's " \
                "colours)" if self.name == "check_word" else ""
            problems.append("returned the same list object as the earlier call %s%s: every call "
                            "must build and return a new list%s"
                            % (self.call_texts.get(call_id, "?"), changing, in_game))
        for call_id, (was, now) in changes.items():
            problems.append("changed the list that the earlier call %s returned, from %r to %r"
                            % (self.call_texts.get(call_id, "?"), was, now))
        return problems


def run_checks(tally, function, checks):
    """Run checks, each (call_text, args, expected, words_at), against function.
    Checks that can no longer be run are counted as failed on one line."""
    for number, (call_text, args, expected, words_at) in enumerate(checks):
        if function.unusable:
            tally.not_run(len(checks) - number, function.unusable)
            return
        reply = function.call(call_text, args, words_at)
        problems = failure_problems(reply)
        if not problems:
            problems = answer_problems(function, expected, reply)
            if problems:
                function.failed += 1
        tally.record(call_text, problems, reply)
        if function.name == "filter_word_list":
            filter_notes(tally, function, reply, problems, expected)


def answer_problems(function, expected, reply):
    """Why the value returned is wrong, or what else the call did wrong."""
    if "unplain" in reply:
        problems = ["expected: " + show(expected), "got:      " + reply["unplain"]]
    elif function.name == "filter_word_list":
        problems = word_list_problems(reply["value"], expected)
    elif same_value(reply["value"], expected):
        problems = []
    else:
        problems = ["expected: " + show(expected), "got:      " + show(reply["value"])]
    return problems + argument_problems(function.name, reply) + function.list_reuse_problems(reply)


def argument_problems(name, reply):
    """Problems when the call changed its arguments or returned one of them."""
    problems = []
    for index, length_before, length_after in reply.get("changed", []):
        if name == "filter_word_list" and index == 0:
            problems.append("changed the word list it was given (it had %d words, now %d)"
                            % (length_before, length_after))
        else:
            problems.append("changed the clue list it was given" if name != "check_word"
                            else "changed its argument %d" % (index + 1))
    if name == "filter_word_list" and 0 in reply.get("returned_arg", []):
        problems.append("returned the word list it was given; it must return a new list")
    return problems


def word_list_problems(actual, expected):
    """Why actual is not expected as a list of words in any order."""
    if type(actual) is not list or not all(type(word) is str for word in actual):
        return ["expected: " + short_list(expected), "got:      " + short_list(actual)]
    extra = collections.Counter(actual) - collections.Counter(expected)
    missing = collections.Counter(expected) - collections.Counter(actual)
    if not extra and not missing:
        return []
    problems = ["expected %s, got %d" % (plural(len(expected), "word"), len(actual))]
    for label, words in (("extra (not possible, but returned)", extra),
                         ("missing (possible, but not returned)", missing)):
        if words:
            problems.append("%s: %s" % (label, listed(sorted(words.elements()))))
    return problems


def listed(words):
    """Up to SHOWN_WORDS words, and how many more."""
    text = ", ".join(repr(word) for word in words[:SHOWN_WORDS])
    if len(words) > SHOWN_WORDS:
        text += " and %d more" % (len(words) - SHOWN_WORDS)
    return text


def filter_notes(tally, function, reply, problems, expected):
    """The notes under a filter_word_list check: its order, and check_word's part
    in a wrong answer."""
    if reply["status"] != RETURNED or "unplain" in reply:
        return
    wrong_words = word_list_problems(reply["value"], expected)
    if not problems and reply["value"] != expected:
        tally.note_once("order", "your words come in a different order from the word list's: "
                                 "accepted here and by the grader, but the course's own tester "
                                 "compares in order")
    check_word_failures = function.module.check_word_failures()
    if wrong_words and reply["used_check_word"] and check_word_failures:
        tally.note_once("check_word", "filter_word_list calls check_word, which failed %s "
                                      "above: fixing check_word may fix this too"
                        % plural(check_word_failures, "check"))


def short_list(value):
    """Show a list, shortened when it is long."""
    if type(value) is list and len(value) > SHOWN_WORDS:
        return "[%s, ... %d words]" % (", ".join(repr(word) for word in value[:3]), len(value))
    return show(value)


# ==================================================================== one module

class StudentModule:
    """One of the student's files: its import check, its __main__ guard, its functions."""

    def __init__(self, name, checked_modules):
        self.name = name
        self.file = name + ".py"
        self.checked_modules = checked_modules  # modules checked before this one, by file name
        self.process = StudentProcess(name, [module.name for module in checked_modules.values()
                                             if not module.problem])
        self.functions = None  # names of its functions, once imported
        self.problem = None  # why it cannot be used
        self.function_objects = {}

    def import_check(self, tally):
        """Import the module in its own process and report the outcome."""
        if not os.path.exists(os.path.join(FOLDER, self.file)):
            self.problem = "%s was not found" % self.file
            advice = ("put this tester next to your files" if FOLDER == TESTER_FOLDER
                      else "check the folder's name")
            tally.record("import " + self.name,
                         ["%s is not in %s: %s" % (self.file, FOLDER, advice)])
            return
        failed = self.failed_import()
        if failed:
            self.problem = "%s could not be imported (see above)" % self.file
            tally.record("import " + self.name, [
                "%s imports %s, which could not be imported (see above): fix %s first"
                % (self.file, failed, failed)])
            return
        reply = self.process.start()
        if reply["status"] == RETURNED:
            self.functions = reply["functions"]
        else:
            self.process.stop()
            self.problem = "%s could not be imported (see above)" % self.file
        tally.record("import " + self.name, self.import_problems(reply), reply)

    def failed_import(self):
        """The file of a student module this one imports first thing, if that
        module could not be imported."""
        tree = self.source_tree()  # (if None, importing it will tell what is wrong)
        for node in tree.body if tree else []:
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                other = self.checked_modules.get("%s.py" % name)
                if other is not None and other.problem:
                    return other.file
        return None

    def import_problems(self, reply):
        """Why the import failed, blaming the file where it went wrong."""
        status = reply["status"]
        if status == RETURNED:
            if reply.get("printed"):
                return ["importing it printed something: only the game, under "
                        "`if __name__ == \"__main__\":`, should print"]
            return []
        where = reply.get("where") or ""
        culprit = where.split(",")[0]
        other = self.checked_modules.get(culprit)
        if culprit != self.file and other is not None and other.problem:
            return ["%s imports %s, which could not be imported (see above): fix %s first"
                    % (self.file, culprit, culprit)]
        if status == SYNTAX:
            return failure_problems(reply)
        if reply.get("kind") == "EOFError":
            return ["it asked for input while being imported (%s): put the game under "
                    "`if __name__ == \"__main__\":`" % where]
        problems = ["importing it " + failure_problems(reply)[0]]
        if status in (TIMEOUT, WAITED):
            problems.append("is the game outside `if __name__ == \"__main__\":`?")
        return problems

    def guard_check(self, tally):
        """Check the `if __name__ == "__main__":` line by reading the source (not running it)."""
        label = "%s starts its game under `if __name__ == \"__main__\":`" % self.file
        tree = self.source_tree()
        if tree is None:
            tally.record(label, ["not checked: %s could not be read or parsed (see above)"
                                 % self.file])
        else:
            tally.record(label, guard_problems(tree, self.file))

    def source_tree(self):
        """The file's syntax tree (read, never run), or None if it cannot be read."""
        try:
            with open(os.path.join(FOLDER, self.file), "rb") as source:
                return ast.parse(source.read())
        except (OSError, ValueError, SyntaxError):
            return None

    def unusable_reason(self, function):
        """Why function cannot be called at all (None if it can)."""
        if self.problem:
            return self.problem
        if function not in self.functions:
            return "%s has no function %s (check its spelling)" % (self.file, function)
        return None

    def function(self, name):
        """The StudentFunction for the module's function name."""
        if name not in self.function_objects:
            self.function_objects[name] = StudentFunction(self, name)
        return self.function_objects[name]

    def check_word_failures(self):
        """How many checks check_word failed with a wrong answer."""
        wordle = self.checked_modules.get("wordle.py")
        checked = wordle.function_objects.get("check_word") if wordle else None
        return checked.failed if checked else 0


def guard_problems(tree, file):
    """What is wrong with the module's `if __name__ == "__main__":` guard."""
    problems = []
    top_level_guard = False
    for node in ast.walk(tree):
        compared = guard_string(node)
        if compared is None:
            continue
        if compared != "__main__":
            problems.append("line %d compares __name__ with %r, which is never equal when you "
                            "run python %s, so the game never starts: write \"__main__\""
                            % (node.lineno, compared, file))
        elif node in tree.body:
            top_level_guard = True
        else:
            problems.append("line %d: the guard is inside a function or another block, so "
                            "`python %s` never reaches it: put it at the left margin"
                            % (node.lineno, file))
    if not problems and not top_level_guard:
        problems.append("there is no `if __name__ == \"__main__\":` line: the game must start "
                        "under it, so that importing the file does not start it")
    return problems


def guard_string(node):
    """The string an `if __name__ == "...":` statement compares with, or None."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return None
    test = node.test
    if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return None
    sides = [test.left, test.comparators[0]]
    names = [side for side in sides if isinstance(side, ast.Name) and side.id == "__name__"]
    strings = [text for text in map(string_literal, sides) if text is not None]
    if names and strings:
        return strings[0]
    return None


def string_literal(node):
    """The text of a string literal node, or None: ast.Constant from Python 3.8, ast.Str
    before (named by its type, as ast.Str warns from 3.12 and is gone in 3.14)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if type(node).__name__ == "Str":
        return node.s
    return None


# ==================================================================== the sections

def call_text(name, args):
    """How a call is shown, e.g. "check_word('LERED', 'RADIO')"."""
    return name + "(" + ", ".join(repr(arg) for arg in args) + ")"


def check_word_checks(cases):
    """The checks (call text, arguments, expected value, where the word list goes)."""
    return [(call_text("check_word", [secret, guess]), [secret, guess], colours(code), None)
            for secret, guess, code in cases]


def clue_function_checks(name, cases):
    """The checks of a function of a clue list, from (secret, guesses, expected) cases."""
    checks = []
    for secret, guesses, expected in cases:
        args = [clue_list(secret, guesses)]
        checks.append((call_text(name, args), args, expected, None))
    return checks


def filter_check(word_list, clues, expected):
    """A check of filter_word_list; word_list None means the full list from words.py."""
    if word_list is None:
        return ("filter_word_list(words, %r)" % (clues,), [None, clues], expected, 0)
    return (call_text("filter_word_list", [word_list, clues]), [list(word_list), clues], expected,
            None)


def run_wordle_tests(tally, wordle):
    """The checks of the four functions of wordle.py."""
    tally.section("check_word (examples from the assignment)")
    check_word = wordle.function("check_word")
    run_checks(tally, check_word, check_word_checks(CHECK_WORD_EXAMPLES))
    tally.section("check_word (repeated letters)")
    run_checks(tally, check_word, check_word_checks(CHECK_WORD_REPEATS))
    for name, cases in (("known_word", KNOWN_WORD_CASES), ("no_letters", NO_LETTERS_CASES),
                        ("yes_letters", YES_LETTERS_CASES)):
        tally.section(name)
        run_checks(tally, wordle.function(name), clue_function_checks(name, cases))


def run_filter_word_list_tests(tally, easy_wordle):
    """The checks of filter_word_list in easy_wordle.py."""
    filter_word_list = easy_wordle.function("filter_word_list")
    tally.section("filter_word_list (the full word list)")
    print("  (" + ORDER_RULE + ")")
    run_checks(tally, filter_word_list, [filter_check(None, clue_list(secret, guesses), expected)
                                         for secret, guesses, expected in FULL_LIST_CASES])

    tally.section("filter_word_list (other word lists)")
    apple = [("APPLE", colours("g----"))]
    clues = clue_list("PERIS", ["RAISE", "SERIF"])
    run_checks(tally, filter_word_list, [
        filter_check(["aaaaa", "bbbbb", "ccccc", "ddddd"], apple, ["aaaaa"]),
        # Words that are not in words.py.
        filter_check(["zzzzz", "qeris", "peris", "perix", "xeris", "meris"], clues,
                     ["qeris", "peris", "xeris", "meris"]),
        filter_check([], clues, []),
    ])

    tally.section("filter_word_list (no clues: every word, in a new list)")
    run_checks(tally, filter_word_list, [
        filter_check(["rossa", "jetty", "wizzo"], [], ["rossa", "jetty", "wizzo"])])


def main():
    """Run every check; return the exit status."""
    if not any(os.path.exists(os.path.join(FOLDER, name + ".py")) for name in MODULES):
        print("There is no wordle.py or easy_wordle.py in %s: %s" % (FOLDER, (
            "put test_wordle_funcs.py in the folder that holds them, and run it there."
            if FOLDER == TESTER_FOLDER else "give the folder that holds them.")))
        return 2
    print("Testing the wordle.py and easy_wordle.py in " + FOLDER)
    print("(each runs in a separate process; lines marked | were printed by your code)")
    tally = Tally()
    tally.section("importing your files")
    modules = {}
    try:
        for name in MODULES:
            module = StudentModule(name, dict(modules))
            modules[module.file] = module
            module.import_check(tally)
            module.guard_check(tally)
        run_wordle_tests(tally, modules["wordle.py"])
        run_filter_word_list_tests(tally, modules["easy_wordle.py"])
    finally:
        for module in modules.values():
            module.process.stop()
    print()
    print("%d passed, %d failed" % (tally.passed, tally.failed))
    return 1 if tally.failed else 0


def run():
    """The command: main() with the tester's own failures reported as exit status 2."""
    if hasattr(sys.stdout, "reconfigure"):  # (not in IDLE) characters the terminal lacks
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        status = main()
        sys.stdout.flush()  # here, where a closed pipe is caught, not when Python exits
        return status
    except KeyboardInterrupt:
        print()
        print("Stopped (Ctrl-C): not every check ran.")
        return 130
    except BrokenPipeError:  # the report was piped into a command that has stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1  # as the kit's other tools: nothing wrong, nothing more to say
    except Exception as error:  # a bug of the tester's own (a TesterError: in its child)
        print()
        print("The tester itself failed, so it could not finish (this is not your code's fault):")
        if isinstance(error, TesterError):
            print(error)
        else:
            traceback.print_exc(file=sys.stdout)
    return 2


def parse_arguments(argv):
    """The command line: an optional FOLDER, and --help (a usage error exits 2, as argparse
    does); returns the folder of the files to test."""
    import argparse
    parser = argparse.ArgumentParser(
        prog="python test_wordle_funcs.py",
        description="Test the wordle.py and easy_wordle.py in FOLDER (default: this file's "
                    "folder, %s): PASS or FAIL for every check, then \"N passed, N failed\". "
                    "Exit status: 0 every check passed, 1 a check failed, 2 the tester could "
                    "not run, 130 stopped with Ctrl-C." % TESTER_FOLDER)
    parser.add_argument("folder", nargs="?", metavar="FOLDER",
                        help="the folder of the files to test, left as it is; the course's "
                             "words.py and display_utility.py are taken from this file's "
                             "folder where it has them")
    folder = parser.parse_args(argv).folder
    if folder is None:
        return TESTER_FOLDER
    if not os.path.isdir(folder):
        parser.error("%s is not a folder" % folder)
    return os.path.abspath(folder)


if __name__ == "__main__":
    if sys.argv[1:2] == [CHILD_FLAG]:
        FOLDER = sys.argv[2]
        child_main()
    else:
        FOLDER = parse_arguments(sys.argv[1:])
        sys.exit(run())
