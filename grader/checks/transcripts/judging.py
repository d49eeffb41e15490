"""Judging one run against the expected screens."""
import math
from dataclasses import dataclass, replace

from grader import assignment
from grader.assignment import QUIET_TIMEOUT, RUN_TIMEOUT
from grader.checks.function_runner import cpu_text
from grader.checks.screen import screen_lines
from grader.checks.transcripts.comparison import compare_screens, diff_block
from grader.checks.transcripts.own_functions import (OwnFunctions, own_note, own_screen,
                                                     stopped_note)
from grader.checks.transcripts.programs import SPECS, Program
from grader.checks.transcripts.reading import shared_list_hint
from grader.checks.transcripts.reference_games import expected_screen, reference_game_cpu
from grader.checks.transcripts.scripts import script_variants
from grader.results.outcome import Diff, Outcome
from grader.sandbox import WAITED, Status, why_stopped_early, why_stopped_waiting

SHOWN_SPACING_NOTES = 3
SHOWN_ERROR_LINES = 4

def run_problems(program, run, guard_hint):
    """Lines about how the run ended, when it did not end normally."""
    problems = []
    if run.stopped_early == WAITED:
        problems.append("the program did not finish: %s" % why_stopped_waiting(run))
    elif run.status == Status.TIMEOUT:
        problems.append("the program did not finish: it printed nothing for %g s, or ran for %g s "
                        "(of wall-clock time: waiting for something?)" % (QUIET_TIMEOUT, RUN_TIMEOUT))
    elif run.status == Status.BUDGET_SPENT:
        problems.append("the program was not run, or was stopped: %s" % run.detail)
    elif run.status == Status.WAITED_FOR_INPUT:
        problems.append("the program asked for more input after the test's input ran out: the "
                        "game should have ended (after a win, or after the sixth guess)")
    elif run.stopped_early:
        problems.append("the program did not finish within its CPU time limit: %s"
                        % why_stopped_early(run))
    elif run.cpu_exhausted:
        reference_cpu = reference_game_cpu(program)
        problems.append("the program was stopped: it used up its CPU time limit of %.0f s (an "
                        "endless loop?); the reference's longest game takes %s, and a game "
                        "may take %d times that, at least %g s"
                        % (math.ceil(assignment.game_cpu_limit(reference_cpu)),
                           cpu_text(reference_cpu), assignment.CPU_MULTIPLE,
                           assignment.GAME_CPU_FLOOR))
    elif run.status == Status.CRASHED:
        problems.append("the program was stopped: %s" % run.detail)
    elif run.status in (Status.RAISED, Status.EXITED):
        problems.append("the program stopped with an error: %s" % run.detail)
        error_lines = run.stderr.strip().splitlines()[-SHOWN_ERROR_LINES:]
        if error_lines:
            problems.append("its error output ended with:")
            problems.extend("    " + line for line in error_lines)
    if run.output_truncated and run.status != Status.CRASHED:
        problems.append("the program printed more than the output limit")
    if not run.stdout.strip() and guard_hint:
        problems.extend(guard_hint)
    return problems


def judge_run(program, run, secret, script, guard_hint=()):
    """Outcome of one run whose secret is known, against the reference's screens."""
    problems = run_problems(program, run, guard_hint)
    got = screen_lines(run.stdout)
    comparisons = []
    for variant in script_variants(script):
        comparisons.append(compare_screens(got, expected_screen(program, secret, tuple(variant))))
        if comparisons[-1].matches:
            break
    matching = [c for c in comparisons if c.matches]
    if matching and not problems:
        return Outcome(True, notes=capped_notes(matching[0].notes))
    details = ["typed: %s" % " | ".join(script), "secret: %s" % secret] + problems
    hint = shared_list_hint(run, secret)
    if hint:
        details.append(hint)
    comparison = matching[0] if matching else comparisons[0]
    if not comparison.matches:
        details.append(comparison.problem)
        if len(comparisons) > 1:
            details.append("(upper-case input may be accepted or called an invalid word; "
                           "the screen matched neither)")
        details.append(diff_block(comparison.expected_rows, got))
    return Outcome(False, details, capped_notes(comparison.notes))


def shown_samples(program, run, secret, script):
    """(Samples, the words shown) of each sample of a run whose screen is right, else []."""
    got = screen_lines(run.stdout)
    for variant in script_variants(script):
        comparison = compare_screens(got, expected_screen(program, secret, tuple(variant)))
        if comparison.matches:
            return comparison.samples
    return []


def capped_notes(notes):
    """The first few spacing notes and how many more there were."""
    if len(notes) <= SHOWN_SPACING_NOTES:
        return notes
    return notes[:SHOWN_SPACING_NOTES] + ["... and %d more spacing differences"
                                          % (len(notes) - SHOWN_SPACING_NOTES)]


def without_answer(outcome):
    """A run compared with the secret its clues told, as it showed no Answer line."""
    outcome.details.insert(2, "the program printed no 'Answer: SECRET' line; the secret above is "
                              "a word that gives every clue it showed (the screen before the "
                              "Answer line is the same for each such word)")
    return outcome


def no_secret_outcome(program, run, script, guard_hint):
    """The run showed no Answer line: nothing to compare with, say what it printed."""
    problems = run_problems(program, run, guard_hint)
    got = [line.text for line in screen_lines(run.stdout)]
    details = ["typed: %s" % " | ".join(script)] + problems
    if run.status == Status.OK:  # it ended on its own: the Answer line is what was missing
        details.append("the game's secret could not be found: after a win or the sixth guess "
                       "the program must print 'Answer: SECRET'")
    if got:
        details.append(Diff("the end of what your program printed", tuple(
            (" ", text) for text in got[-15:])))
    elif run.status == Status.OK:
        details.append("the program printed nothing")
    return Outcome(False, details)



@dataclass(frozen=True)
class Game:
    """A run whose screen did not match the reference's, to be judged again."""

    test_id: str
    program: Program
    run: object   # its RunResult
    secret: str
    script: list
    outcome: Outcome    # how it failed


def judge_through_own_functions(own, game):
    """A passing Outcome when the run's screen is the one the reference program prints
    through the student's own functions (OwnFunctions), and it ended normally or stopped
    where that program stops (a call of the student's that stops alone too); else None."""
    problems = run_problems(game.program, game.run, ())
    got = screen_lines(game.run.stdout)
    for variant in script_variants(game.script):
        found = own_screen(own, game.program, game.secret, tuple(variant))
        if found is None or (found.stopped_by is None and problems) or (
                found.stopped_by is not None and not stops_as(game.run, found.stopped_by.status)):
            continue
        comparison = compare_screens(got, found.expected)
        if comparison.matches:
            notes = [stopped_note(found.stopped_by)] if found.stopped_by else []
            notes += [note for note in [own_note(found.used)] if note]
            return Outcome(True, notes=notes + capped_notes(comparison.notes))
    return None


def stops_as(run, status):
    """Whether the run ended as a call of the student's that ended with status would end
    it: a timeout at its CPU limit, one for waiting (the run did not finish), an error, or the
    program ended."""
    if status == WAITED:
        return run.status == Status.TIMEOUT
    if status == Status.TIMEOUT:
        return run.cpu_exhausted or run.status == Status.TIMEOUT
    if status == Status.RAISED:
        return run.status == Status.RAISED
    return run.status in (Status.CRASHED, Status.EXITED) and not run.cpu_exhausted


def rejudge_through_own_functions(box, games, tested, number):
    """{test id: its Outcome} of the tests of games (test_program's rejudges) judged again
    through the student's own functions (those wrong by their tests, tested being the function
    tests' FunctionTestRun; number, the grading's, draws the order of calls, OwnFunctions), in
    the order of the tests. A test passes when every game of it that failed passes so; else it
    fails as the first game that does not, naming any function that answered a call
    differently at two times. The games are judged again until no more functions are found
    to answer so: a function is not trusted for an early game that a later one shows
    untrustworthy."""
    own = OwnFunctions(box, tested, number)
    order = {spec.id: index for index, spec in enumerate(SPECS)}
    by_test = {}
    for game in sorted(games, key=lambda game: order[game.test_id]):
        by_test.setdefault(game.test_id, []).append(game)
    while True:
        untrusted = set(own.inconsistent)
        outcomes = {test_id: judged_through_own_functions(own, test_games)
                    for test_id, test_games in by_test.items()}
        if set(own.inconsistent) == untrusted:
            return outcomes


def judged_through_own_functions(own, games):
    """The Outcome of a test whose games failed on their screens, judged again through own."""
    notes = []
    for game in games:
        outcome = judge_through_own_functions(own, game)
        if outcome is None:
            details = list(game.outcome.details)
            details[2:2] = own.inconsistency_notes(game.program)
            if own.budget_spent:
                details.append("not judged again through your own functions: " + own.budget_spent)
            return replace(game.outcome, details=details)
        notes += [note for note in outcome.notes if note not in notes]
    return Outcome(True, notes=notes)
