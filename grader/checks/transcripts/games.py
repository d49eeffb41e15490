"""The runs of a program."""
import math
from dataclasses import dataclass, field

from grader import assignment, reference
from grader.assignment import QUIET_TIMEOUT, RUN_TIMEOUT
from grader.checks.transcripts.chosen_guesses import SAMPLE_MISS_TARGET, grading_sample_miss
from grader.checks.transcripts.fixed_samples import FIXED_SAMPLE_CHANCE, fixed_sample_reason
from grader.checks.transcripts.judging import (Game, judge_run, no_secret_outcome, shown_samples,
                                               without_answer)
from grader.checks.transcripts.programs import EASY_WORDLE
from grader.checks.transcripts.reading import fitting_secrets, learn_secret, shown_counts, shows_win
from grader.checks.transcripts.reference_games import reference_game_cpu
from grader.checks.transcripts.scripts import (chosen_loss_script, loss_script, second_script,
                                               stdin_text, win_script)
from grader.results.outcome import Outcome
from grader.sandbox import Status

RULES_REPLAY = ("the %s replayed with the same random seed, lost again, typing guesses chosen "
                "for its secret so that it shows each clue rule case the secret allows (a "
                "letter twice in the guess, and in the secret once or twice; a letter three "
                "times):")
SAMPLES_REPLAY = ("the second game replayed with the same random seed, typing guesses chosen for "
                  "its secret so that five words stay possible (the first games left too few "
                  "turns for a repeated sample word to be sure to show):")


# The clocks of the runs with the program's seedings honoured: noon UTC on 8, 15 and 22
# December 2101, a week apart, the same moments in every grading (a score must not depend on
# its date): a seeding from the clock with a window under a week differs between them, and
# one of a month (a calendar month, 28, 30 or 31 days) does not.
HONOURED_CLOCKS = (4163486400, 4164091200, 4164696000)


def at_line(line):
    """ at line N of FILE for a reported "FILE:N", or "" when the line is unknown."""
    return " at line %s of %s" % tuple(reversed(line.rsplit(":", 1))) if line else ""


def fixed_by_seeding(run_seeded, seeds, program, seedings):
    """Why the program's own seeding of random (seedings: what a run reported, as RunResult's)
    fixes its secret, or None. run_seeded(seed, clock) runs the lost game with the
    program's seedings taking effect and its clock set: three runs with different seeds,
    their clocks (process ids, hash seeds) a week apart (HONOURED_CLOCKS), so a seeding from
    any of them differs; the secret is fixed when every run's last seeding before the game began has the
    same value and every run shows the same secret."""
    if not seedings:
        return None
    seen = None
    for index, seed in enumerate(seeds.seeded_runs(program)):
        result = run_seeded(seed, HONOURED_CLOCKS[index])
        fitting = fitting_secrets(result)
        found = (learn_secret(result) or (fitting[0] if len(fitting) == 1 else None),
                 result.seeding_at_start)
        if found[0] is None or found[1] is None or (seen is not None and found != seen):
            return None
        seen = found
    secret, (value, line) = seen
    where = at_line(line)
    return ("the secret was %s in every run: seeding random with %s%s fixes it (the same seed "
            "picks the same word each time); leave the value out (random.seed() with no value, "
            "or no seeding at all), so that each game picks a new word" % (secret, value, where))


def samples_fixed_by_seeding(run_seeded, program, script, seedings):
    """Why the easy game's words are fixed by the program's own seeding of random (seedings:
    what a run reported), or None. run_seeded(clock) runs the lost game with the program's
    seedings taking effect, the grader's seed unchanged (so the secret and the possible words
    are too where the secret does not follow the clock) and its clock set; from its first
    input on, the generators no value seeded go on from a seed of the clock's (as a person's
    runs differ, random.seed(random.random()) too). Two runs a week apart that show the same
    words at each turn with the same possible words, where words drawn at random would do so
    with a chance under FIXED_SAMPLE_CHANCE, are fixed."""
    if not seedings:
        return None
    shown = []
    for clock in HONOURED_CLOCKS[:2]:
        result = run_seeded(clock)
        secret = learn_secret(result)
        if secret is None:
            return None
        shown.append({sample.possible: frozenset(words) for sample, words
                      in shown_samples(program, result, secret, script)})
    chance = 1.0
    for possible, words in shown[0].items():
        if len(possible) > len(words) and possible in shown[1]:
            if shown[1][possible] != words:
                return None
            chance /= math.comb(len(possible), len(words))
    if chance >= FIXED_SAMPLE_CHANCE:
        return None
    value, line = seedings[-1]
    return ("the words shown were the same in two games with the same secret and guesses played "
            "a week apart, with random seeded as the program seeds it (with %s%s): the same seed "
            "picks the same words each time; leave the value out (random.seed() with no value, "
            "or no seeding at all), so that the words are chosen at random" % (value, at_line(line)))


def draw_of_secret_from_few(run, secret):
    """(function, how many it drew from, line) when the program's first draw drew secret (the
    word, or its index in the word list) from fewer than half the list's words, else None.
    Only the first: a secret drawn from a part that was itself drawn (a random first letter,
    then a word with it) can be any word."""
    words = reference.load().words
    for function, size, drawn, line in run.draws[:1]:
        if size is None or 2 * size >= len(words):
            continue
        if any(item.upper() == secret if type(item) is str
               else 0 <= item < len(words) and words[item].upper() == secret for item in drawn):
            return function, size, line
    return None


def drawn_from_few(games):
    """Why the secret is drawn from a small part of the word list, or None; games: (run, the
    secret it showed) of games with different random seeds, every one of which must show it
    (a program that draws an index for something else cannot be taken for one)."""
    found = [draw_of_secret_from_few(run, secret) for run, secret in games]
    if not games or None in found:
        return None
    function, size, line = found[0]
    where = at_line(line)
    return ("the secret was drawn by random.%s from only %d words%s, not from the whole list "
            "of %d: choose it from all the words (e.g. random.choice(words))"
            % (function, size, where, len(reference.load().words)))


@dataclass
class ProgramFindings:
    """What the runs of one program found."""

    outcomes: dict = field(default_factory=dict)    # {test id: Outcome}
    rejudges: list = field(default_factory=list)    # Games that failed on their screen, to be
    # judged again through the student's own functions (judging.rejudge_through_own_functions)
    forbidden_imports: set = field(default_factory=set)     # what the runs reported
    judged: list = field(default_factory=list)      # (run, secret, script) of each run judged


class ProgramRuns:
    """The runs of one program in one grading, and what they found (found)."""

    def __init__(self, box, program, seeds, guard_hint):
        self.box, self.program, self.seeds, self.guard_hint = box, program, seeds, guard_hint
        self.found = ProgramFindings()

    def run(self, script, seed, honour_seeds=False, clock=None):
        """(RunResult, the secret it showed or None) of one game typing script."""
        result = self.box.run_program(
            self.program.module, stdin_text(script), seed, timeout=RUN_TIMEOUT,
            quiet_timeout=QUIET_TIMEOUT,
            cpu_limit=assignment.game_cpu_limit(reference_game_cpu(self.program)),
            honour_seeds=honour_seeds, clock=clock)
        self.found.forbidden_imports.update(result.forbidden_imports)
        return result, learn_secret(result)

    def judge(self, test_id, run, secret, script):
        """The Outcome of a run; a failed one is kept to be judged again."""
        outcome = judge_run(self.program, run, secret, script, self.guard_hint)
        self.found.judged.append((run, secret, script))
        if not outcome.passed:
            self.found.rejudges.append(Game(test_id, self.program, run, secret, script, outcome))
        return outcome

    def fail(self, test_id, reason):
        """test_id fails for reason, whatever its games would be judged again to show."""
        self.found.outcomes[test_id] = Outcome.failed(reason)
        self.found.rejudges = [game for game in self.found.rejudges if game.test_id != test_id]

    def may_pass(self, test_id):
        """Passed, or failed on a screen that may yet pass through the student's functions."""
        return self.found.outcomes[test_id].passed or any(
            game.test_id == test_id for game in self.found.rejudges)

    def replay(self, test_id, secret, seed, game):
        """(outcome, run) of a game (named for people) replayed with seed, whose secret was
        secret, typing guesses chosen for it (win_script)."""
        script = win_script(self.program, secret, self.seeds)
        outcome, replay_run, replayed = self.replay_typing(test_id, secret, seed, script)
        if replayed is None and not shows_win(replay_run, secret):
            outcome.details.insert(0, (
                "the game did not take %s as the answer: with the same random seed (%d) as "
                "the %s it should pick the same secret (choose it once, with the random "
                "module, when the game starts), compare guesses with it in the same case, and "
                "check_word should make it all green" % (secret, seed, game)))
        return outcome, replay_run

    def replay_typing(self, test_id, secret, seed, script):
        """(outcome, run, the secret it showed or None) of a game whose secret was secret
        replayed with seed typing script: failed, unjudged, when it showed another."""
        replay_run, replayed = self.run(script, seed)
        if replayed is not None and replayed != secret:
            return Outcome.failed(
                "with the same random seed the secret was %s, then %s: choose the secret once, "
                "with the random module (e.g. random.choice(words)), when the game starts"
                % (secret, replayed)), replay_run, replayed
        return self.judge(test_id, replay_run, secret, script), replay_run, replayed

    def judge_unknown_secret(self, test_id, run, script):
        """The Outcome of a run that showed no answer: judged against the one secret that fits
        its screen, if any; and that secret, when it is the only one."""
        fitting = fitting_secrets(run)
        if not fitting:
            return no_secret_outcome(self.program, run, script, self.guard_hint), None
        outcome = without_answer(self.judge(test_id, run, fitting[0], script))
        return outcome, fitting[0] if len(fitting) == 1 else None   # a replay needs the very secret


def test_program(box, program, seeds, guard_hint=(), skip_reason=None):
    """Run the three scenarios of program with seeds (a Seeds); return its ProgramFindings:
    {test id: Outcome}, the failed screens of runs that ended normally (as Games, to be judged
    again through the student's own functions once they may be called), the imports reported.

    With a skip_reason (e.g. importing the module never finished) nothing is run.
    A first game that does not finish stops the other two, which could not either.
    The easy game's second game is replayed with its seed and guesses chosen for its secret
    where the three games would miss a sampling with repeats in more than SAMPLE_MISS_TARGET
    of gradings (chosen_guesses.grading_sample_miss). A program that seeds random with a value
    is run again with its seedings taking effect: the second game fails where that fixes the
    secret (fixed_by_seeding), or where the easy game's words follow a fixed rule
    (fixed_samples).
    """
    loss_id, win_id, second_id = (spec.id for spec in program.specs)
    if skip_reason:
        return ProgramFindings({test_id: Outcome.skipped(skip_reason)
                                for test_id in (loss_id, win_id, second_id)})
    runs = ProgramRuns(box, program, seeds, guard_hint)
    first_seed, second_seed, third_seed = seeds.runs(program)
    loss = loss_script(program, seeds)
    first_run, secret = runs.run(loss, first_seed)
    if first_run.status == Status.MISSING_MODULE:
        return ProgramFindings({test_id: Outcome.failed("%s was not submitted" % program.file)
                                for test_id in (loss_id, win_id, second_id)},
                               forbidden_imports=runs.found.forbidden_imports)
    if secret is None:
        runs.found.outcomes[loss_id], secret = runs.judge_unknown_secret(loss_id, first_run, loss)
    else:
        runs.found.outcomes[loss_id] = runs.judge(loss_id, first_run, secret, loss)
    if first_run.status == Status.TIMEOUT:
        not_run = "not run: the first game did not finish"
        runs.found.outcomes[win_id] = runs.found.outcomes[second_id] = Outcome.failed(not_run)
        return runs.found
    win_run = replay_the_win(runs, win_id, secret, first_seed)
    second_run, second_secret = second_game(runs, second_id, secret, second_seed, third_seed)
    fixed = secret_fixed(runs, loss, (first_run, secret), (second_run, second_secret))
    if fixed:
        runs.fail(second_id, fixed)
    if program is not EASY_WORDLE and not runs.found.outcomes[win_id].passed:
        replay_for_rule_cases(runs, loss_id, secret, first_seed, "first game")
        replay_for_rule_cases(runs, second_id, second_secret, second_seed, "second game")
    if program is EASY_WORDLE:
        replay_for_samples(runs, second_id, second_seed, second_secret,
                           [[first_run, win_run], [second_run]])
        if not fixed:
            fixed = fixed_sample_reason([sample for run, secret, script in runs.found.judged
                                         for sample in shown_samples(program, run, secret, script)])
        if not fixed and runs.found.outcomes[second_id].passed:
            fixed = samples_fixed_by_seeding(
                lambda clock: runs.run(loss, first_seed, honour_seeds=True, clock=clock)[0],
                program, loss, first_run.seedings or second_run.seedings)
        if fixed:
            runs.fail(second_id, fixed)
    return runs.found


def replay_the_win(runs, win_id, secret, first_seed):
    """The winning game: the first game replayed typing guesses chosen for its secret; its
    run, or None where the first game showed no secret."""
    if secret is None:
        runs.found.outcomes[win_id] = Outcome.failed(
            "not run: the first game showed no secret to replay")
        return None
    runs.found.outcomes[win_id], win_run = runs.replay(win_id, secret, first_seed, "first game")
    return win_run


def second_game(runs, second_id, secret, second_seed, third_seed):
    """The second game, with another seed; (its run, its secret or None).  A secret the same
    as the first game's is tried with a third seed: the same again is a fixed secret."""
    second = second_script(runs.program, runs.seeds)
    second_run, second_secret = runs.run(second, second_seed)
    outcomes = runs.found.outcomes
    if second_secret is None:
        outcomes[second_id], _ = runs.judge_unknown_secret(second_id, second_run, second)
    elif second_secret == secret and runs.run(second, third_seed)[1] == secret:
        outcomes[second_id] = Outcome.failed(
            "the secret was %s in three games with different random seeds: it must be chosen at "
            "random from the word list (e.g. random.choice(words))" % secret)
    else:
        outcomes[second_id] = runs.judge(second_id, second_run, second_secret, second)
    return second_run, second_secret


def secret_fixed(runs, loss, first, second):
    """Why the secret is fixed by the program's own seeding of random (the lost game, typing
    loss, run again) or drawn from a small part of the list, or None; first, second: (run,
    secret shown or None) of the two games."""
    fixed = fixed_by_seeding(
        lambda seed, clock: runs.run(loss, seed, honour_seeds=True, clock=clock)[0],
        runs.seeds, runs.program, first[0].seedings or second[0].seedings)
    if not fixed and first[1] is not None and second[1] is not None:
        fixed = drawn_from_few([first, second])
    return fixed


def replay_for_rule_cases(runs, test_id, secret, seed, game):
    """The normal game's first or second game (named for people), lost, replayed with its seed
    typing guesses chosen for its secret (chosen_loss_script), where its test may still pass:
    a mistake in a clue rule case then fails the test under every draw, as it fails the won
    game's; a failed replay fails a test that passed. Made only where the won game, which
    types the rule cases, failed on its screen: a program that colours them right there has
    no such mistake to show (and a correct program's grading costs no more runs)."""
    if secret is None or not runs.may_pass(test_id):
        return
    outcome, _, _ = runs.replay_typing(test_id, secret, seed,
                                       chosen_loss_script(runs.program, secret, runs.seeds))
    if not outcome.passed:
        outcome.details.insert(0, RULES_REPLAY % game)
        if runs.found.outcomes[test_id].passed:
            runs.found.outcomes[test_id] = outcome


def replay_for_samples(runs, second_id, second_seed, second_secret, games):
    """The easy game's second game replayed with guesses chosen for its secret, where every
    test may still pass and the games (runs by random seed: [[first, its replay], [second]])
    would too often miss a sampling with repeats; a failed replay fails a second game that
    passed."""
    if second_secret is None or games[0][1] is None or not all(
            runs.may_pass(test_id) for test_id in runs.found.outcomes):
        return
    if grading_sample_miss([[shown_counts(run) for run in seeded] for seeded in games]) \
            <= SAMPLE_MISS_TARGET:
        return
    outcome, _ = runs.replay(second_id, second_secret, second_seed, "second game")
    if not outcome.passed:
        outcome.details.insert(0, SAMPLES_REPLAY)
        if runs.found.outcomes[second_id].passed:
            runs.found.outcomes[second_id] = outcome
