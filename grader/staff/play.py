"""A TA plays a student's game by hand: ``python -m grader play PATH [wordle|easy_wordle]``.

The course grades the programs partly "when we manually run your wordle program": this runs
``python wordle.py`` from the student's files (a folder, a zip, or a student's folder of
grade-all's output) in the same sandbox as a grading (the safest mode the machine allows,
with the course's words.py and display_utility.py beside them), its output shown live in
the TA's terminal (colour escapes kept, any other control sequence shown as text:
live_text.py) and the TA's lines typed into it.

- Its random seed is a grading's (transcripts.Seeds): the game a report describes is
  played again with that report's seed (a graded folder's own by default), and with
  --reveal a silent lost game with the same seed first finds its secret as the grader
  does (the Answer line, or the one word its clues fit).
- Limits as a grading's game (CPU time, memory, output), but no wall-clock limit while it
  waits for the TA; with piped input, the grading's wall-clock limits, as nobody waits.
- The game ends where the input does (Ctrl-D, or the end of the lines piped in), or on
  Ctrl-C; either way the sandbox is closed and nothing of it is left running.
- --transcript FILE keeps what was shown and typed, coloured letters as [R:green].
"""
import json
import os
import shlex
import sys
import threading
import time
from pathlib import Path

from command_line import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, program_name
from grader import CONTAINER_LINE, KIT_ROOT, assignment
from grader.ansi import BOLD, RESET
from grader.assignment import QUIET_TIMEOUT, RUN_TIMEOUT
from grader.checks import expected_cache
from grader.checks.transcripts import SEED_RANGE, Seeds
from grader.checks.transcripts.reading import fitting_secrets, learn_secret
from grader.checks.transcripts.reference_games import reference_game_cpu
from grader.checks.transcripts.scripts import loss_script, stdin_text
from grader.checks.information import missing_files_line
from grader.grading import open_sandbox
from grader.staff.live_text import LiveText, typed_line
from grader.results.pages.layout import RESULTS, SOURCES, read_text
from grader.sandbox.box import SandboxError
from grader.sandbox.modes import UNSAFE
from grader.sandbox import Status
from grader.sandbox.child_process import DRAIN_AFTER_EXIT
from grader.sandbox.limits import Limits
from grader.submission import LoadError, load_submission

READ_INTERVAL = 0.1         # seconds between looks at the game's CPU time while it runs
MAX_TYPED_SHOWN = 1000      # piped lines a transcript lists
CONTAINER_HINT = ("the kit in a Linux container plays it safely (as root there, in the uid "
                  "mode), e.g. " + CONTAINER_LINE.replace("COMMAND ...", "play SUBMISSION"))
NOT_LINUX = ("student code can only be sandboxed on Linux, not on %s: use WSL2 (the kit in a "
             "Linux distribution under Windows) or " + CONTAINER_HINT + "; or pass "
             "--unsafe-no-jail to play it as yourself anyway (the student's code can then read "
             "and change whatever you can)")


class CannotPlay(Exception):
    """The game cannot be played: a bad path, a missing program, no safe sandbox."""

    def __init__(self, message, sandbox_failed=False):
        super().__init__(message)
        self.sandbox_failed = sandbox_failed


def graded_source(path):
    """(where the files are, the grading's seed or None): a student's folder of grade-all's
    output holds the files graded in src/ and the seed in results.json's extra_data."""
    folder = Path(path)
    if not (folder.is_dir() and (folder / SOURCES).is_dir() and (folder / RESULTS).is_file()):
        return folder, None
    try:
        extra = json.loads(read_text(folder, (RESULTS,))).get("extra_data")
        seed = extra.get("seed") if isinstance(extra, dict) else None
    except (OSError, ValueError, AttributeError):
        seed = None
    if not (type(seed) is int and 0 <= seed < SEED_RANGE):
        seed = None
    return folder / SOURCES, seed


def home_folder():
    """The TA's home, kept from student code as the kit is (where it is theirs to keep)."""
    home = Path(os.path.expanduser("~"))
    try:
        return [home] if home != Path("/") and home.is_dir() and \
            home.stat().st_uid == os.geteuid() else []
    except OSError:
        return []


class Screen:
    """The TA's terminal (typing: the file descriptor their lines come from; standard output
    and error) and the transcript."""

    def __init__(self, transcript, as_text, interactive, colour, typing):
        self.transcript = transcript
        self.interactive = interactive
        self.typing = typing        # the file descriptor the TA's lines come from
        self.colour = colour
        self.lock = threading.Lock()
        self.live = {"stdout": (LiveText(as_text), sys.stdout),
                     "stderr": (LiveText(as_text), sys.stderr)}
        self.kept = {"stdout": LiveText(as_text=True), "stderr": LiveText(as_text=True)}
        self.piped = []
        self.shown = {"stdout": 0, "stderr": 0}    # bytes of the game's output shown so far
        self.line_open = False      # the screen's last line is not ended (a prompt)
        self.kept_line_open = False

    def output(self, name, data, final=False):
        text, stream = self.live[name]
        shown = text.feed(data) + (text.end() if final else "")
        kept = self.kept[name].feed(data) + (self.kept[name].end() if final else "")
        with self.lock:
            if shown:
                stream.write(shown)
                stream.flush()
                self.line_open = not shown.endswith("\n")
            self._keep(kept)

    def typed(self, line):
        """A line the TA typed (the terminal echoed it); piped lines are listed at the end."""
        with self.lock:
            if self.interactive:
                self._keep(typed_line(line))
            elif len(self.piped) < MAX_TYPED_SHOWN:
                self.piped.append(typed_line(line.rstrip(b"\n")))

    def result(self, text):
        """A line of play's own on standard output (the secret)."""
        with self.lock:
            sys.stdout.write((BOLD + text + RESET if self.colour else text) + "\n")
            sys.stdout.flush()
            self._keep(text + "\n")

    def say(self, text):
        """A line of play's own on standard error (on a line of its own in a terminal)."""
        with self.lock:
            if self.line_open and sys.stderr.isatty():
                sys.stderr.write("\n")
                self.line_open = False
            sys.stderr.write("play: %s\n" % text)
            sys.stderr.flush()
            self._keep("%s[play: %s]\n" % ("\n" if self.kept_line_open else "", text))

    def close(self):
        with self.lock:
            if self.piped:
                self._keep("[typed (piped in, so not shown on the screen): %s]\n"
                           % " / ".join(self.piped))
            if self.transcript is not None:
                self.transcript.close()

    def _keep(self, text):
        if self.transcript is not None and text:
            self.transcript.write(text)
            self.transcript.flush()
            self.kept_line_open = not text.endswith("\n")


def find_secret(box, program, seeds, seed, cpu_limit):
    """The line that says the secret, or why it could not be found: a silent lost game with
    the seed, read as a grading reads its first game."""
    run = box.run_program(program.module, stdin_text(loss_script(program, seeds)), seed,
                          timeout=RUN_TIMEOUT, quiet_timeout=QUIET_TIMEOUT, cpu_limit=cpu_limit)
    secret = learn_secret(run)
    if secret is not None:
        return "the secret is %s (the Answer line of a lost game with the same seed)" % secret
    fitting = fitting_secrets(run)
    if len(fitting) == 1:
        return ("the secret is %s (the one word the clues of a lost game with the same seed "
                "fit)" % fitting[0])
    if fitting:
        return ("the secret could not be found: a lost game with the same seed showed no "
                "Answer line, and its clues fit %d words (%s%s)" % (
                    len(fitting), ", ".join(fitting[:10]), ", ..." if len(fitting) > 10 else ""))
    how = run.detail or run.status
    return ("the secret could not be found: a lost game with the same seed showed no Answer "
            "line and no clues (%s)" % how)


def feed_input(screen, child_input, fd):
    """Copy the TA's lines (fd: the terminal, or what is piped in) into the game as they come,
    then end its input (Ctrl-D, or the end of what was piped).  Reads with os.read, so the
    thread holds no lock of sys.stdin's when the process ends before its input does."""
    pending = b""
    try:
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            lines = (pending + chunk).split(b"\n")
            pending = lines.pop()
            for line in lines:
                screen.typed(line + b"\n")
                child_input.write(line + b"\n")
                child_input.flush()
        if pending:
            screen.typed(pending)
            child_input.write(pending)
    except (OSError, ValueError):     # no input to read (closed), or the game ended first
        pass
    finally:
        try:
            child_input.close()
        except (OSError, ValueError):
            pass


def relay(child, screen, cpu_limit, interactive):
    """Show the game's output as it comes until it ends; a wall-clock limit only where nobody
    types (piped input).  Returns why it was stopped ("" when it ended by itself)."""
    started, exited_at, stopped = time.monotonic(), None, ""
    while True:
        reading = child.read_for(READ_INTERVAL)
        show_new_output(child, screen)
        now = time.monotonic()
        if exited_at is None and child.process.poll() is not None:
            exited_at = now
        if exited_at is not None:
            if now - exited_at >= DRAIN_AFTER_EXIT or not reading:
                break
            continue
        if child.truncated or child.violated:
            break
        if child.stopped_too_long():
            break
        if child.cpu_limit is not None and child.cpu_seen > child.cpu_limit:
            child.kill()        # its processes together: each has the kernel's limit, all this
            break
        if not interactive and (now - started > RUN_TIMEOUT or
                                now - child.last_output > QUIET_TIMEOUT):
            stopped = ("stopped: with piped input a game has a grading's wall-clock limits "
                       "(%g s, or %g s without output)" % (RUN_TIMEOUT, QUIET_TIMEOUT))
            break
        if not reading:
            time.sleep(READ_INTERVAL)
    return stopped


def show_new_output(child, screen, final=False):
    """Show what the game printed since the last look (final: all of it, ending its lines)."""
    for name in ("stdout", "stderr"):
        new = bytes(child.buffers[name][screen.shown[name]:])
        screen.shown[name] += len(new)
        if new or final:
            screen.output(name, new, final=final)


def ending(result, cpu_limit, limits):
    """How the game ended, for the TA."""
    if result.status == Status.OK:
        return "the game ended: the program finished"
    if result.status == Status.WAITED_FOR_INPUT:
        return "the game ended where its input did (Ctrl-D, or the end of the lines piped in)"
    if result.status == Status.RAISED:
        return "the program crashed: %s (its traceback is above)" % result.detail
    if result.status == Status.EXITED:
        return "the program ended itself: %s" % result.detail
    if result.cpu_exhausted:
        return "stopped: it used up a grading's CPU time limit for a game (%g s)" % cpu_limit
    if result.output_truncated:
        return ("stopped: it printed more than a grading's output limit (%d KiB)"
                % (limits.output_bytes // 1024))
    return "stopped: %s" % (result.detail or result.status)


def play(path, program, seed=None, game=1, reveal=False, transcript=None, colour=False,
         as_text=False, unsafe_no_jail=False):
    """Play program's game from the submission at path with the TA's terminal (or what is
    piped in); return the exit status.  Raises CannotPlay."""
    if not sys.platform.startswith("linux") and not unsafe_no_jail:
        raise CannotPlay(NOT_LINUX % sys.platform, sandbox_failed=True)
    source, graded_seed = graded_source(path)
    seeds = Seeds(seed if seed is not None else graded_seed if graded_seed is not None
                  else Seeds.draw().number)
    game_seed = seeds.runs(program)[game - 1]
    limits = Limits()
    cpu_limit = assignment.game_cpu_limit(reference_game_cpu(program))
    # Python leaves sys.stdin None where the process started without a standard input (<&-):
    # then there is nothing to type (fd 0 may since have been given to a file of its own)
    typing = sys.stdin.fileno() if sys.stdin is not None else os.open(os.devnull, os.O_RDONLY)
    interactive = os.isatty(typing)
    private = (KIT_ROOT, expected_cache.cache_folder(), *home_folder())
    try:
        with load_submission(source, assignment.REQUIRED_FILES) as submission:
            if program.file not in submission.files:
                raise CannotPlay("cannot play %s: %s" % (path, missing_files_line(submission)))
            with open_sandbox(submission, unsafe_no_jail=unsafe_no_jail, limits=limits,
                              private_paths=private,
                              output_files=[transcript] if transcript else []) as box:
                handle = open(transcript, "w", encoding="utf-8") if transcript else None
                screen = Screen(handle, as_text, interactive, colour, typing)
                try:
                    return play_in(box, screen, path, program, seeds, game, game_seed, reveal,
                                   cpu_limit, submission.notes)
                finally:
                    screen.close()
    except LoadError as error:
        raise CannotPlay("cannot play %s: %s" % (path, error)) from None
    except SandboxError as error:
        raise CannotPlay("the sandbox could not start: %s; or: %s" % (error, CONTAINER_HINT),
                         sandbox_failed=True) from None


def play_in(box, screen, path, program, seeds, game, game_seed, reveal, cpu_limit, notes):
    for note in notes:
        screen.say(note)
    replay = "%s play %s%s --seed %d%s" % (
        program_name("grader"), shlex.quote(str(path)),
        "" if program.module == "wordle" else " " + program.module,
        seeds.number, "" if game == 1 else " --game %d" % game)
    screen.say("%s in the sandbox's %s mode; seed %d, game %d of a grading with that seed "
               "(%s plays it again)" % (program.file, box.mode, seeds.number, game, replay))
    if box.mode == UNSAFE:
        screen.say("unsafe: the student's code runs as you (--unsafe-no-jail)")
    if reveal:
        screen.result(find_secret(box, program, seeds, game_seed, cpu_limit))
    screen.say("limits as a grading's game: %g s of CPU time, %d MiB of memory, %d KiB of "
               "output%s; %s ends the game" % (
                   cpu_limit, box.limits.memory_bytes // 1024 ** 2,
                   box.limits.output_bytes // 1024,
                   ", no time limit while it waits for you" if screen.interactive else "",
                   "Ctrl-D or Ctrl-C" if screen.interactive else "the end of the input"))
    child = box.start_program(program.module, game_seed, cpu_limit=cpu_limit)
    threading.Thread(target=feed_input, args=(screen, child.process.stdin, screen.typing),
                     daemon=True, name="typing").start()
    try:
        stopped = relay(child, screen, cpu_limit, screen.interactive)
    except KeyboardInterrupt:
        box.end_program(child)
        show_new_output(child, screen, final=True)
        screen.say("interrupted: the game was ended (Ctrl-C)")
        return EXIT_INTERRUPTED
    result = box.end_program(child)
    show_new_output(child, screen, final=True)    # what came between the last look and its end
    screen.say(stopped or ending(result, cpu_limit, box.limits))
    for value, line in result.seedings:
        screen.say("the program seeded random with %s (%s): as in a grading that did nothing "
                   "here (the secret came from the seed); run as python %s it would fix the "
                   "game's draws" % (value, line, program.file))
    for item in box.removed[:10]:
        screen.say("removed after the game, as its uid left it: %s" % item)
    # as `atari run`: what was run failed (a crash, a limit) is 1, a game played out or cut
    # short by its input 0
    if stopped or result.status not in (Status.OK, Status.WAITED_FOR_INPUT):
        return EXIT_FAILED
    return EXIT_OK
