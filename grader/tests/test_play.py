"""grader play (grader/staff/play.py): a TA plays a student's game by hand, in the grading's sandbox.

Piped guesses with a grading's seed and --reveal print the secret, then exactly what
`python wordle.py` prints in the student's folder for that secret (the reference's own play()
too); from a folder, a zip and a graded student's folder; on Python 3.10 to 3.13.  In a
terminal (a pty here) Ctrl-D and Ctrl-C end the game with nothing left running.  A hostile
submission that writes to the TA's home, reads files outside its folder and starts processes
that would outlive the game does none of it in the jail, user-namespace and uid modes (the
unsafe mode, which holds nothing, shows that it would).
"""
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import pytest

from grader import KIT_ROOT
from grader.ansi import BOLD
from grader.assignment import HANDOUT_FILES
from grader.checks.transcripts import EASY_WORDLE, WORDLE, Seeds
from grader.checks.transcripts.reference_games import reference_output
from grader.staff.live_text import LiveText
from grader.results.pages import layout
from grader.tests import pinned
from grader.tests.test_jail import (AS_NOBODY, NEEDS_NOBODY, NO_USER_NAMESPACES, NOBODY,
                                    SYSTEM_PYTHON, WITHOUT_CAP_SYS_ADMIN, copy_kit)

SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"
PROGRAMS = {"wordle": WORDLE, "easy_wordle": EASY_WORDLE}
GUESSES = {"wordle": ["crane", "slate", "radio", "might", "fuzzy", "plonk"],
           "easy_wordle": ["raise", "count", "plumb", "wight", "fjord", "vixen"]}
PYENV = Path.home() / ".pyenv" / "versions"
OTHER_PYTHONS = {version: next(iter(sorted(PYENV.glob(version + ".*/bin/python"))), None)
                 for version in ("3.10", "3.12", "3.13")}


def environment(**extra):
    return dict({"PYTHONPATH": str(KIT_ROOT), "PATH": "/usr/bin:/bin",
                 "WORDLE_KIT_CACHE": pinned.cache_folder()}, **extra)


def play(*arguments, typed="", python=sys.executable, prefix=(), cwd=KIT_ROOT, env=None):
    return subprocess.run(list(prefix) + [str(python), "-m", "grader", "play"]
                          + [str(argument) for argument in arguments],
                          input=typed, capture_output=True, text=True, cwd=cwd,
                          env=env or environment(), timeout=300)


def typed(program):
    return "".join(word + "\n" for word in GUESSES[program])


def own_screen(folder, program, seed, lines, run_in):
    """What `python wordle.py` prints run in a copy of the student's folder (their program
    files and the course's words.py and display_utility.py), random seeded with seed, the
    lines piped in."""
    run_in.mkdir()
    for name in ("wordle.py", "easy_wordle.py"):
        shutil.copy(folder / name, run_in / name)
    for name in HANDOUT_FILES:
        shutil.copy(KIT_ROOT / name, run_in / name)
    code = ("import random, runpy, sys; random.seed(%d); sys.argv = [%r]; "
            "runpy.run_path(%r, run_name='__main__')" % (seed, program.file, program.file))
    done = subprocess.run([sys.executable, "-c", code], cwd=run_in, input=lines,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def secret_and_screen(done):
    assert done.returncode == 0, done.stderr
    first, _, screen = done.stdout.partition("\n")
    assert first.startswith("the secret is "), done.stdout
    return first.split()[3], screen


@pytest.mark.parametrize("name, module", [("reference", "wordle"), ("reference", "easy_wordle"),
                                          ("label_answer_caps", "wordle"),
                                          ("samples_choices", "easy_wordle")])
def test_piped_guesses_print_the_secret_then_the_students_own_screen(tmp_path, name, module):
    folder = KIT_ROOT if name == "reference" else SUBMISSIONS / name
    program = PROGRAMS[module]
    done = play(folder, module, "--seed", 7, "--reveal", "--color", "always", typed=typed(module))
    first, _, screen = done.stdout.partition("\n")   # coloured as on a terminal, piped here
    assert done.returncode == 0 and first.startswith(BOLD + "the secret is "), done.stderr
    secret = first[len(BOLD):].split()[3]
    seed = Seeds(7).runs(program)[0]
    own = own_screen(folder, program, seed, typed(module), tmp_path / "own")
    assert screen == own
    assert ("answer: %s" % secret.lower()) in own.lower()   # the lost game's secret is that one
    if name == "reference" and module == "wordle":
        assert screen == reference_output(WORDLE, secret, tuple(GUESSES[module]))


def test_a_zip_and_a_graded_students_folder_play_the_same_game(tmp_path):
    lines = typed("wordle")
    from_folder = play(KIT_ROOT, "--seed", 7, "--reveal", typed=lines)
    archive = tmp_path / "student.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        for name in ("wordle.py", "easy_wordle.py"):
            handle.write(KIT_ROOT / name, "project1/" + name)
    from_zip = play(archive, "--seed", 7, "--reveal", typed=lines)
    graded = layout.write_submission(
        tmp_path / "graded", "ada", {"score": 40, "tests": [], "extra_data": {"seed": 7}},
        "report\n", [(name, (KIT_ROOT / name).read_bytes())
                     for name in ("wordle.py", "easy_wordle.py")])
    from_graded = play(graded, "--reveal", typed=lines)    # the grading's seed by default
    assert secret_and_screen(from_folder) == secret_and_screen(from_zip) == \
        secret_and_screen(from_graded)
    assert "seed 7," in from_graded.stderr


@pytest.mark.parametrize("version", sorted(OTHER_PYTHONS))
def test_every_python_from_3_10_plays_the_same_game(version):
    python = OTHER_PYTHONS[version]
    if python is None:
        pytest.skip("no Python %s here" % version)
    lines = typed("easy_wordle")
    here = play(KIT_ROOT, "easy_wordle", "--seed", 7, "--reveal", typed=lines)
    there = play(KIT_ROOT, "easy_wordle", "--seed", 7, "--reveal", typed=lines, python=python)
    assert secret_and_screen(there) == secret_and_screen(here)


def test_a_transcript_keeps_the_screen_with_letters_as_the_report_writes_them(tmp_path):
    transcript = tmp_path / "game.txt"
    done = play(KIT_ROOT, "--seed", 7, "--reveal", "--transcript", transcript,
                typed=typed("wordle"))
    secret, screen = secret_and_screen(done)
    kept = transcript.read_text()
    assert "the secret is %s" % secret in kept
    assert "> [C:yellow][R:grey][A:yellow][N:grey][E:grey]" in kept     # MAFIC's first clue
    assert "\x1b" not in kept
    assert "typed (piped in, so not shown on the screen): crane / slate / radio" in kept
    # --color auto (the default) writes no colour into a pipe, as none with never or NO_COLOR
    assert "> [C:yellow][R:grey][A:yellow][N:grey][E:grey]" in screen and "\x1b" not in screen
    for options, env in ((["--color", "never"], environment()),
                         (["--color", "auto"], environment(NO_COLOR="1"))):
        as_text = play(KIT_ROOT, "--seed", 7, *options, typed=typed("wordle"), env=env)
        assert "> [C:yellow][R:grey][A:yellow][N:grey][E:grey]" in as_text.stdout
        assert "\x1b" not in as_text.stdout
    coloured = play(KIT_ROOT, "--seed", 7, "--color", "always", typed=typed("wordle"))
    assert "\x1b[43m" in coloured.stdout and "[C:yellow]" not in coloured.stdout


def test_output_shows_colours_and_makes_every_other_escape_visible():
    live, text = LiveText(), LiveText(as_text=True)
    chunks = [b"> \x1b[43mC\x1b", b"[0m\x1b]52;c;cm0gLXJmIH4K\x07\x1b[2J[x] \xc3", b"\xa9\n"]
    shown = "".join(live.feed(chunk) for chunk in chunks) + live.end()
    assert shown == "> \x1b[43mC\x1b[0m\\x1b]52;c;cm0gLXJmIH4K\\x07\\x1b[2J[x] \xe9\n"
    kept = "".join(text.feed(chunk) for chunk in chunks) + text.end()
    assert kept == "> [C:yellow]\\x1b]52;c;cm0gLXJmIH4K\\x07\\x1b\\[2J\\[x] \xe9\n"
    unfinished = LiveText()
    assert unfinished.feed(b"\x1b[42;1mA") + unfinished.end() == "\x1b[42;1mA\x1b[0m"


CRASHES = '''
if __name__ == "__main__":
    input("> ")
    raise ValueError("the student's bug")
'''
SPINS = '''
if __name__ == "__main__":
    input("> ")
    while True:
        pass
'''
FLOODS = '''
if __name__ == "__main__":
    input("> ")
    while True:
        print("Invalid word" * 100)
'''


def student(folder, wordle_source):
    folder.mkdir()
    (folder / "wordle.py").write_text(wordle_source)
    (folder / "easy_wordle.py").write_text("")
    return folder


def test_a_crash_shows_its_traceback_and_a_game_that_spins_is_stopped_at_its_cpu_limit(tmp_path):
    crashed = play(student(tmp_path / "crashes", CRASHES), "--reveal", typed="crane\n")
    assert crashed.returncode == 1
    assert crashed.stdout.startswith("the secret could not be found: a lost game with the same "
                                     "seed showed no Answer line and no clues")
    assert "Traceback (most recent call last):" in crashed.stderr
    assert "ValueError: the student's bug" in crashed.stderr
    assert "the program crashed: ValueError: the student's bug" in crashed.stderr
    spun = play(student(tmp_path / "spins", SPINS), typed="crane\n")
    assert spun.returncode == 1
    assert "stopped: it used up a grading's CPU time limit for a game" in spun.stderr
    flooded = play(student(tmp_path / "floods", FLOODS), typed="crane\n")
    assert flooded.returncode == 1
    assert "stopped: it printed more than a grading's output limit (256 KiB)" in flooded.stderr
    assert len(flooded.stdout.encode()) <= 256 * 1024


def test_a_program_that_seeds_random_itself_plays_the_graders_game_and_is_told(tmp_path):
    done = play(SUBMISSIONS / "seeded_secret", "--seed", 7, "--reveal", typed=typed("wordle"))
    secret, screen = secret_and_screen(done)
    own = own_screen(SUBMISSIONS / "seeded_secret", WORDLE, Seeds(7).runs(WORDLE)[0],
                     typed("wordle"), tmp_path / "own")
    assert screen != own        # run as python wordle.py its seeding fixes another secret
    assert "the program seeded random with 1913 (wordle.py:" in done.stderr
    assert "answer: %s" % secret.lower() in screen.lower()


def test_the_input_ends_the_game_without_a_traceback():
    done = play(KIT_ROOT, "--seed", 7, typed="crane\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "the game ended where its input did" in done.stderr
    assert done.stdout.count("Known:") == 2
    closed = subprocess.run([sys.executable, "-m", "grader", "play", str(KIT_ROOT)], cwd=KIT_ROOT,
                            env=environment(), capture_output=True, text=True, timeout=300,
                            preexec_fn=lambda: os.close(0))     # started without any input
    assert closed.returncode == 0 and "the game ended where its input did" in closed.stderr


def test_bad_paths_and_options_are_refused_with_a_message(tmp_path):
    (tmp_path / "notes.txt").write_text("not a submission\n")
    only_wordle = student(tmp_path / "only", CRASHES)
    (only_wordle / "easy_wordle.py").unlink()
    for arguments, message in (
            ([tmp_path / "missing"], "no such file or folder"),
            ([tmp_path / "notes.txt"], "is neither a folder nor a .zip file"),
            ([only_wordle, "easy_wordle"], "easy_wordle.py not found"),
            ([KIT_ROOT, "--transcript", tmp_path / "no" / "t.txt"], "there is no folder"),
            ([KIT_ROOT, "hangman"], "invalid choice: 'hangman'"),
            ([KIT_ROOT, "--seed", "x"], "expected a seed from a report"),
            ([KIT_ROOT, "--transcript", KIT_ROOT / "wordle.py"], "a transcript is text")):
        done = play(*arguments)
        assert done.returncode == 2, (arguments, done.stderr)
        assert message in done.stderr and "Traceback" not in done.stderr


# ---------------------------------------------------------------- at a terminal

TOKEN_SLEEPER = '''
import subprocess, sys
if __name__ == "__main__":
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)", %r],
                     start_new_session=True)
    while True:
        print("Known:  _____")
        input("> ")
'''


def processes_with(token):
    found = []
    for entry in os.scandir("/proc"):
        try:
            with open(os.path.join(entry.path, "cmdline"), "rb") as handle:
                if token.encode() in handle.read():
                    found.append(entry.name)
        except OSError:
            pass
    return found


def at_a_terminal(folder, keys, temp, token):
    """play's screen, exit status and whether a process with token ran before the last key,
    with a pty as its terminal, keys typed one by one, its temporary files in temp."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(KIT_ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "grader", "play", str(folder)],
                  environment(TERM="xterm", TMPDIR=str(temp)))
    screen = b""

    def read(seconds):
        """Add what play writes within seconds to screen; return early when play has closed
        the terminal."""
        nonlocal screen
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    screen += os.read(fd, 65536)
                except OSError:
                    return

    try:
        for key in keys:
            deadline = time.monotonic() + 60
            while screen.count(b"> ") <= keys.index(key) and time.monotonic() < deadline:
                read(0.2)
            running = processes_with(token) != []
            os.write(fd, key)
        read(120)       # until play closes the terminal (it ends): however busy the machine
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    return screen.decode("utf-8", "replace"), os.waitstatus_to_exitcode(status), running


@pytest.mark.parametrize("key, status, said", [
    (b"\x04", 0, "the game ended where its input did"),
    (b"\x03", 130, "interrupted: the game was ended")])
def test_ctrl_d_or_ctrl_c_ends_the_game_and_nothing_is_left_running(tmp_path, key, status, said):
    token = "wordle-kit-play-%d" % os.getpid()
    folder = student(tmp_path / "sub", TOKEN_SLEEPER % token)
    temp = tmp_path / "tmp"
    temp.mkdir()
    screen, exit_status, was_running = at_a_terminal(folder, [b"crane\n", key], temp, token)
    assert exit_status == status, screen
    assert was_running
    assert "> crane" in screen and said in screen and "Traceback" not in screen
    time.sleep(0.5)
    assert processes_with(token) == []
    assert list(temp.iterdir()) == []       # the submission's and the sandbox's copies are gone


# ---------------------------------------------------------------- hostile, in every mode

HOSTILE = '''
import os, subprocess, sys
HOME, KIT, TOKEN = %r, %r, %r


def attempt(when):
    try:
        with open(os.path.join(HOME, "written-at-" + when), "w") as handle:
            handle.write("a student was here")
        print(when, "wrote to the home folder")
    except OSError as error:
        print(when, "could not write:", type(error).__name__)
    for path in (os.path.join(HOME, "secret.txt"), os.path.join(KIT, "private.txt")):
        try:
            with open(path) as handle:
                print(when, "read", handle.read().strip())
        except OSError as error:
            print(when, "could not read:", type(error).__name__)
    try:
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)", TOKEN],
                         start_new_session=True, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
        print(when, "started processes")
        if os.fork() == 0:      # a daemon, as far as the run's process limit lets it
            try:
                os.setsid()
                if os.fork() == 0:
                    os.execv(sys.executable, [sys.executable, "-c",
                                              "import time; time.sleep(120)", TOKEN])
            finally:
                os._exit(0)
    except OSError as error:
        print(when, "could not start processes:", type(error).__name__)


attempt("import")
if __name__ == "__main__":
    input("> ")
    attempt("game")
    print("Answer: CRANE")
'''
# mode -> (the command's prefix, its user, extra options): as test_machine_unchanged.py
MODES = {
    "jail": ([], 0, []),
    "userns-nobody": (AS_NOBODY, NOBODY, []),
    "userns-root": (WITHOUT_CAP_SYS_ADMIN, 0, []),
    "uid": (NO_USER_NAMESPACES + WITHOUT_CAP_SYS_ADMIN, 0, []),
    "unsafe": (NO_USER_NAMESPACES + AS_NOBODY, NOBODY, ["--unsafe-no-jail"]),
}


def home_state(home):
    return {path.name: path.read_bytes() for path in sorted(home.iterdir())}


@pytest.mark.timeout(300)
@NEEDS_NOBODY
@pytest.mark.parametrize("mode", list(MODES))
def test_a_hostile_game_writes_reads_and_leaves_nothing(mode):
    prefix, user, options = MODES[mode]
    base = Path(tempfile.mkdtemp(prefix="wordle-kit-play-"))
    os.chmod(base, 0o755)
    token = "wordle-kit-play-hostile-%d-%s" % (os.getpid(), mode)
    try:
        kit = copy_kit(base / "kit", [])
        home, cache = base / "home", base / "cache"
        for folder in (home, cache):
            folder.mkdir(mode=0o755)
            os.chown(folder, user, user)
        (home / "secret.txt").write_text("TA-SECRET-%s\n" % token)
        (kit / "private.txt").write_text("KIT-SECRET-%s\n" % token)
        for path in (home / "secret.txt", kit / "private.txt"):
            os.chmod(path, 0o644)
        os.chown(home / "secret.txt", user, user)
        submission = student(kit / "sub", HOSTILE % (str(home), str(kit), token))
        for path in (submission, submission / "wordle.py", submission / "easy_wordle.py"):
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        before = home_state(home)
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "WORDLE_KIT_CACHE": str(cache)}
        done = play("sub", "--seed", 7, "--reveal", *options, typed="crane\n",
                    python=SYSTEM_PYTHON, prefix=prefix, cwd=kit, env=env)
        assert done.returncode == 0, done.stderr
        assert "in the sandbox's %s mode" % mode.split("-")[0] in done.stderr
        assert "the secret is CRANE" in done.stdout
        output = done.stdout + done.stderr
        time.sleep(0.5)
        if mode == "unsafe":    # nothing held: the test sees each attempt succeed
            assert "TA-SECRET" in output and "KIT-SECRET" in output
            assert "written-at-game" in home_state(home)
            return
        assert "game could not write" in output, output
        assert "game started processes" in output, output
        assert "TA-SECRET" not in output and "KIT-SECRET" not in output
        assert home_state(home) == before
        assert processes_with(token) == []
    finally:
        for pid in processes_with(token):
            os.kill(int(pid), signal.SIGKILL)
        shutil.rmtree(base, ignore_errors=True)


@NEEDS_NOBODY
def test_without_a_safe_mode_play_refuses_and_says_how_to_get_one():
    base = Path(tempfile.mkdtemp(prefix="wordle-kit-play-"))
    os.chmod(base, 0o755)
    try:
        kit = copy_kit(base / "kit", [])
        done = play("class/alice", python=SYSTEM_PYTHON, prefix=NO_USER_NAMESPACES + AS_NOBODY,
                    cwd=kit, env={"PATH": "/usr/bin:/bin", "HOME": str(base)})
    finally:
        shutil.rmtree(base, ignore_errors=True)
    assert done.returncode == 3, done.stderr
    assert "no user namespace can be made here" in done.stderr
    assert "--unsafe-no-jail" in done.stderr and "docker run" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_outside_linux_play_names_wsl2_and_a_container_and_windows_stops_at_once():
    code = ("import sys; sys.platform = %r; sys.argv = ['grader', 'play', %r]; import runpy; "
            "runpy.run_module('grader', run_name='__main__')")
    for platform, words in (("darwin", "only be sandboxed on Linux, not on darwin"),
                            ("win32", "does not run on Windows itself")):
        done = subprocess.run([sys.executable, "-c", code % (platform, str(KIT_ROOT))],
                              cwd=KIT_ROOT, env=environment(), capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 3, done.stderr
        assert words in done.stderr and "WSL2" in done.stderr and "docker run" in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""
