"""`python -m atari`: run, list and tokenize Atari BASIC programs; compare WORDLE and 2048
with the kit's rules (atari.compare).

Exit status: 0 when a program ends (or its input script or --time-limit is used up, or
the user quits),
1 when it stops on an error (the ERROR- message goes to standard error) or standard
output is closed early (`... | head`: the files asked for are still written), 2 for
unusable files or options, 130 when interrupted.
"""

import argparse
import os
import sys

from atari.atascii import EOL
from atari.basic import list_program, load_program, tokenize
from atari.basic.errors import BasicError, LoadError, SyntaxProblem
from atari.basic.interpreter import Interpreter
from atari.machine import Machine, RandomSource

from .compare.command import add_compare_command
from .frontends.dump import screen_text, write_dump
from .frontends.outcome import Outcome, OutputClosed, run_program
from .frontends.script import (ScriptError, Transcript, parse_keys, parse_rnd, parse_stick,
                               scripted_machine)
from command_line import add_color_option, parse_arguments, program_name, use_colour
from .usage import (UsageError, check_writable, require_pillow, run_handler, silence_stdout,
                    write_output)


# Far more than any listing of a program that fits in 48 KB; a bigger file (a disk image,
# a film) is not read whole into memory.
MAX_PROGRAM_FILE_BYTES = 1024 * 1024
SHOWN_WARNINGS = 5  # lines of a listing that ENTER would not take, shown one by one


def build_parser():
    parser = argparse.ArgumentParser(
        prog=program_name("atari"),
        description="Run, list and tokenize Atari BASIC programs on a simulated Atari; "
                    "compare WORDLE and 2048 with the kit's rules.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = commands.add_parser(
        "run", help="run a program (.LST or .BAS)",
        description="Run a program. In a terminal (stdin and stdout a tty, no --keys, "
                    "--stick, --dump, --png or --scripted) it is playable: keys go to the "
                    "Atari keyboard, arrow keys are joystick 0, Ctrl-Q quits. Otherwise the "
                    "run is scripted and ends cleanly when the script runs out.")
    run.add_argument("file", help="program: a listing (.LST, 0x9B or LF line ends) or .BAS, "
                                  "or wordle or 2048 for the kit's own")
    run.add_argument("--keys", default="", metavar="TEXT",
                     help=r"keys to type: \n Return, \b Backspace, \e Esc, \t Tab, "
                          r"\\ backslash, \xHH any ATASCII code")
    run.add_argument("--stick", default="", metavar="SEQ",
                     help="joystick 0 positions, one per STICK(0) read: U D L R C")
    run.add_argument("--rnd", metavar="LIST",
                     help="comma-separated values for the first RND calls (each 0 <= v < 1)")
    run.add_argument("--seed", type=int, metavar="N", help="seed for RND after the --rnd values")
    run.add_argument("--dump", metavar="FILE.json",
                     help="write screen, colours, CHBAS and variables as JSON at the end")
    run.add_argument("--png", metavar="FILE.png", help="write a picture of the screen at the end")
    run.add_argument("--time-limit", type=_positive("the time limit", " seconds"),
                     metavar="SECONDS",
                     help="scripted runs: stop a program that runs this long (for games "
                          "that loop forever once over); the dump is still written")
    run.add_argument("--scripted", action="store_true",
                     help="run scripted even in a terminal (no input beyond --keys/--stick)")
    run.add_argument("--wav", metavar="FILE.wav",
                     help="write what the program played (POKEY's four voices) as a WAV file")
    run.add_argument("--speed", type=_positive("the speed"), default=1.0, metavar="N",
                     help="in a terminal: run N times faster than a real Atari (default 1, "
                          "the Atari's pace; scripted runs always run flat out)")
    run.add_argument("--turbo", action="store_true",
                     help="in a terminal: run as fast as possible")
    run.set_defaults(handler=run_command)

    listing = commands.add_parser(
        "list", help="print a program's listing",
        description="Print the listing as LIST shows it, each byte as the character it "
                    "looks like on the Atari (inverse ones in reverse video on a terminal), "
                    "or write it byte for byte with -o.")
    listing.add_argument("file", help="program (.BAS or .LST), or wordle or 2048")
    listing.add_argument("-o", "--output", metavar="FILE",
                         help="write the listing as ATASCII bytes: 0x9B line ends, "
                              "or LF when FILE ends in .TXT")
    add_color_option(listing)
    listing.set_defaults(handler=list_command)

    tokenizer = commands.add_parser("tokenize", help="write a listing as a tokenized .BAS")
    tokenizer.add_argument("file", help="listing (.LST, 0x9B or LF line ends), or wordle or 2048")
    tokenizer.add_argument("-o", "--output", required=True, metavar="FILE.BAS",
                           help="where to write the .BAS file")
    tokenizer.set_defaults(handler=tokenize_command)

    add_compare_command(commands)
    return parser


def main(argv=None):
    return run_handler(parse_arguments(build_parser(), argv))


# -- commands -----------------------------------------------------------------------------

def run_command(args):
    program = _load(args.file)
    try:
        keys, stick = parse_keys(args.keys), parse_stick(args.stick)
        rnd = parse_rnd(args.rnd) if args.rnd is not None else []
    except ScriptError as problem:
        raise UsageError(problem) from None
    for path in (args.dump, args.png, args.wav):
        check_writable(path)
    if args.png:
        require_pillow("--png")
    scripted = (args.scripted or args.keys or args.stick or args.dump or args.png
                or not (sys.stdin.isatty() and sys.stdout.isatty()))
    if scripted:
        machine = scripted_machine(keys, stick, rnd, args.seed, args.time_limit)
        outcome = _run_scripted(machine, program, args)
    else:
        try:
            from .frontends.terminal import play  # termios: only where a terminal is played
        except ImportError:
            raise UsageError("playing in this terminal needs a POSIX terminal (termios); "
                             "use --keys/--stick for a scripted run") from None
        machine = Machine(rng=RandomSource(args.seed, rnd))
        outcome = play(machine, Interpreter(program, machine), os.path.basename(args.file),
                       speed=None if args.turbo else args.speed)
        _write_wav(args.wav, machine)
    if outcome.message and (outcome.exit_status != 0
                            or outcome.reason in ("time limit", "waiting for input")):
        print(outcome.message, file=sys.stderr)
    return outcome.exit_status


def _run_scripted(machine, program, args):
    """Run with scripted input; GRAPHICS 0 output is echoed to stdout as plain text,
    flushed line by line. Standard output closed early ends the run; the files asked
    for are still written."""
    transcript = Transcript()

    def echo(data):
        text = transcript.text(data)
        if machine.display.mode == 0:
            _write_stdout(text, flush="\n" in text)  # a live transcript, even through a pipe

    machine.editor_output = echo
    interpreter = Interpreter(program, machine)
    outcome = run_program(interpreter)
    if outcome.reason != "output closed":
        try:
            if machine.display.mode != 0 and not (args.dump or args.png):
                _write_stdout(screen_text(machine))  # the screen was not echoed as printed
            _write_stdout("", flush=True)
        except OutputClosed:
            if outcome.exit_status == 0:
                outcome = Outcome("output closed")
    if args.dump:
        write_output(args.dump, lambda path: write_dump(path, machine, interpreter.variables(),
                                                        outcome))
    if args.png:
        from .frontends.image import save_png  # Pillow: only needed for pictures
        write_output(args.png, lambda path: save_png(machine, path))
    _write_wav(args.wav, machine)
    return outcome


def _write_stdout(text, flush=False):
    """Write to standard output; OutputClosed when it was closed (a pipe to `head`)."""
    try:
        sys.stdout.write(text)
        if flush:
            sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        raise OutputClosed from None


def _write_wav(path, machine):
    if path:
        from .frontends.wav import write_wav
        write_output(path, lambda path: write_wav(path, machine))


def list_command(args):
    text = list_program(_load(args.file))
    if args.output is None:
        from .frontends.terminal_view import readable_listing
        sys.stdout.write(readable_listing(text, inverse_video=use_colour(args.color)))
        sys.stdout.flush()  # here, where a closed pipe is caught, not when Python exits
        return 0
    if not args.output.upper().endswith(".TXT"):
        text = text.replace("\n", chr(EOL))
    _write_file(args.output, text.encode("latin-1"))
    return 0


def tokenize_command(args):
    _write_file(args.output, tokenize(_load(args.file)))
    return 0


# -- helpers ------------------------------------------------------------------------------

# The kit's programs by the names `compare` takes (a file of that name is read first).
PROGRAM_NAMES = {"wordle": "WORDLE", "2048": "B2048", "b2048": "B2048"}


def _program_path(path):
    """`path`, or the kit's listing when `path` is one of PROGRAM_NAMES and no such file exists."""
    name = PROGRAM_NAMES.get(path.lower())
    if name and not os.path.exists(path):
        from .listings import listing_path
        return str(listing_path(name))
    return path


def _load(path):
    """The program in `path` (or the kit's program of that name), or a UsageError saying why
    it cannot be used."""
    path = _program_path(path)
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_PROGRAM_FILE_BYTES + 1)
    except OSError as problem:
        raise UsageError(f"cannot read {path}: {problem.strerror}") from None
    if len(data) > MAX_PROGRAM_FILE_BYTES:
        raise UsageError(f"{path} is too big to be an Atari BASIC program (over "
                         f"{MAX_PROGRAM_FILE_BYTES // 2 ** 20} MB; an Atari 800 has 48 KB)")
    try:
        program = load_program(data)
    except (LoadError, BasicError, SyntaxProblem, ValueError) as problem:
        raise UsageError(f"{path} is not a usable Atari BASIC program: "
                         f"{_visible(str(problem))}") from None
    # lines kept as ERROR lines, as ENTER reports them: the first few, then how many more
    for warning in program.warnings[:SHOWN_WARNINGS]:
        print(f"{path}: {_visible(warning)}", file=sys.stderr)
    if len(program.warnings) > SHOWN_WARNINGS:
        print(f"{path}: ... and {len(program.warnings) - SHOWN_WARNINGS} more lines ignored or "
              "kept as ERROR lines", file=sys.stderr)
    return program


def _visible(text):
    """``text`` with control characters (a binary file's bytes) shown as \\xHH escapes,
    so a message cannot drive the terminal."""
    return "".join(f"\\x{ord(char):02x}" if ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0
                   else char for char in text)


def _positive(what, unit=""):
    """An argparse type: a number above 0 (``what`` and ``unit`` name it in messages)."""
    def parse(text):
        try:
            number = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not number > 0:
            raise argparse.ArgumentTypeError(f"{what} must be more than 0{unit}")
        return number
    return parse


def _write_file(path, data):
    def write(path):
        with open(path, "wb") as stream:
            stream.write(data)
    write_output(path, write)
