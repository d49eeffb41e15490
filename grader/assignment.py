"""The assignment's facts in one table: CSCI 1913 Project 1 (Wordle), Spring 2025.

What students hand in, what each required function is (its module, arguments,
what it returns, its time limits, what it builds on), the two programs, the
imports allowed, and the rubric's groups. The checks, the rubric and the
sandbox's setup read them from here; nothing else spells them out.
"""
from dataclasses import dataclass

#: The files a submission must hold.
REQUIRED_FILES = ("wordle.py", "easy_wordle.py")
#: The course's files the students' code imports; the kit's copies go beside theirs.
#: With REQUIRED_FILES after them, in the order they import each other.
HANDOUT_FILES = ("words.py", "display_utility.py")

#: Top-level modules the students' own code may import without permission.
ALLOWED_IMPORTS = ("math", "random", "words", "display_utility", "wordle", "easy_wordle")
ALLOWED_IMPORTS_TEXT = "math, random and the course's files (words, display_utility, wordle)"


# Time limits of one call, in CPU seconds of the child that runs the student's code (read by
# the grader, not reported by the child), set against the reference's CPU time for the same
# call measured on this machine: correct code written the slow, obvious way (100 times slower
# than the reference) stays far inside them, whatever the load of the machine.
CPU_MULTIPLE = 300  # a call may take this many times the reference's CPU time ...
CPU_FLOOR = 0.5  # ... and at least this many CPU seconds
# Wall-clock time is only a safety net far above that, for code that waits instead of
# computing (time.sleep, a blocked read): WALL_FACTOR times the CPU limit, plus WALL_MARGIN.
WALL_FACTOR = 20
WALL_MARGIN = 10.0


# A call that waits instead of computing (its own time less its CPU time: sleeps, blocked reads)
# for this many seconds is stopped as a timeout: the required functions are pure, so correct
# work, however slow, computes. Only where the child's own time is measured (sandbox/
# child_process.py: its waits for a CPU read from /proc), so a busy machine is never taken for
# waiting.
WAIT_LIMIT = 5.0


def cpu_limit(reference_cpu):
    """CPU seconds a call may take when the reference takes reference_cpu seconds."""
    return max(CPU_FLOOR, CPU_MULTIPLE * reference_cpu)


def wall_limit(cpu_seconds):
    """The wall-clock safety net of a call with that CPU limit."""
    return WALL_FACTOR * cpu_seconds + WALL_MARGIN


@dataclass(frozen=True)
class Function:
    """A function the assignment requires."""

    name: str
    module: str
    arguments: tuple  # its parameters' names, as the assignment writes them
    returns: str  # what it returns, for people
    return_type: type  # str, or list (of str)
    builds_on: str = None  # a required function it is meant to use
    any_order: bool = False  # a returned list is right in any order

    @property
    def file(self):
        return self.module + ".py"


FUNCTIONS = {function.name: function for function in (
    Function("check_word", "wordle", ("secret", "guess"), "a list of 5 strings", list),
    Function("known_word", "wordle", ("clues",), "a string", str),
    Function("no_letters", "wordle", ("clues",), "a string", str),
    Function("yes_letters", "wordle", ("clues",), "a string", str),
    Function("filter_word_list", "easy_wordle", ("words", "clues"), "a list of strings", list,
             builds_on="check_word", any_order=True),
)}


@dataclass(frozen=True)
class Program:
    """A program the assignment requires (``python MODULE.py`` plays a game)."""

    module: str
    group: str  # its rubric group

    @property
    def file(self):
        return self.module + ".py"


WORDLE = Program("wordle", "wordle_program")
EASY_WORDLE = Program("easy_wordle", "easy_wordle_program")
PROGRAMS = (WORDLE, EASY_WORDLE)
# A game's CPU time is limited by the kernel (RLIMIT_CPU in its child, whatever the load),
# set against the reference program's CPU time for a lost game (six guesses: the most
# work a game can take), CPU_MULTIPLE times it and at least GAME_CPU_FLOOR: the whole
# process of a lost wordle.py game, starting Python and reading words.py included, takes
# about 60 ms of CPU, for the reference and for a check_word 100 times slower alike; its
# wall-clock limits are only safety nets for games that wait instead of computing, far
# above what slow but correct code needs on a busy machine.
GAME_CPU_FLOOR = 2.0


def game_cpu_limit(reference_cpu):
    """CPU seconds a game may take when the reference's lost game takes reference_cpu."""
    return max(GAME_CPU_FLOOR, CPU_MULTIPLE * reference_cpu)


RUN_TIMEOUT = 300.0  # wall seconds for one game
# The whole grading's budget for the student's code, in its own time (the wall-clock time of
# its calls, imports and games less what a busy machine kept it waiting for a CPU): each call
# and game is given at most what is left, and none is made once it is spent (the tests say
# so), so code that sleeps or waits everywhere cannot keep a grading past Gradescope's 10
# minutes, and it is spent alike on a quiet machine and a busy one. A correct submission
# uses about 5 s of it.
GRADING_BUDGET = 240.0
# The grading's wall-clock time for the student's code is at most the budget and this: a
# machine too busy to let the code use its budget in that time ends the grading as the
# grader's failure (grading.MachineTooBusy), not the student's.
GRADING_WALL_SLACK = 40.0
# That bound is for a grader that may use GRADING_CPUS CPUs (its lines of work, the function
# tests and each program's games, run side by side); where it may use less (a container's CPU
# quota, fewer CPUs to run on: sandbox/cpu_quota.py) it grows in proportion, so the time the
# kernel withholds is the machine's, neither charged to the student nor MachineTooBusy.
GRADING_CPUS = 2


# The bound also grows by the time the kernel kept the student's code ready to run but
# waiting for a CPU (its run delay: a busy machine's doing), up to GRADING_WALL_GROWTH times
# itself, so a grading beside other work ends with its score, not as MachineTooBusy, while
# the grader's own time stays bounded whatever the load.
GRADING_WALL_GROWTH = 3


def grading_wall_limit(budget, cpus):
    """The grading's wall-clock bound for the student's code, given its budget and the CPUs'
    worth of time the grader may use, before it grows by the code's waits for a CPU."""
    return (budget + GRADING_WALL_SLACK) * max(1.0, GRADING_CPUS / cpus)


def longest_grading_wall(budget, cpus):
    """The most that bound can grow to."""
    return GRADING_WALL_GROWTH * grading_wall_limit(budget, cpus)


QUIET_TIMEOUT = 60.0  # a game that prints nothing for this long (wall seconds) is stuck
MAX_GUESSES = 6
SAMPLE_SIZE = 5  # words the easy game shows after each guess (fewer when fewer are possible)

#: The rubric's groups, in report order: one per function, one per program, then
#: the information checks (files, imports, the __main__ guard).
CHECKS_GROUP = "checks"
GROUPS = tuple(FUNCTIONS) + tuple(program.group for program in PROGRAMS) + (CHECKS_GROUP,)
