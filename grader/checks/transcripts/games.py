"""The runs of a program."""
from grader import assignment, reference
from grader.assignment import QUIET_TIMEOUT, RUN_TIMEOUT
from grader.checks.transcripts.chosen_guesses import SAMPLE_MISS_TARGET, grading_sample_miss
from grader.checks.transcripts.fixed_samples import fixed_sample_reason
from grader.checks.transcripts.judging import (Game, judge_run, no_secret_outcome, shown_samples,
                                               without_answer)
from grader.checks.transcripts.programs import EASY_WORDLE
from grader.checks.transcripts.reading import fitting_secrets, learn_secret, shown_counts, shows_win
from grader.checks.transcripts.reference_games import reference_game_cpu
from grader.checks.transcripts.scripts import loss_script, second_script, stdin_text, win_script
from grader.results.outcome import Outcome
from grader.sandbox import Status

SAMPLES_REPLAY = ("the second game replayed with the same random seed, typing guesses chosen for "
                  "its secret so that five words stay possible (the first games left too few "
                  "turns for a repeated sample word to be sure to show):")


SEEDED_RUNS_APART = 7 * 86400 + 1  # seconds between the clocks of the runs with seedings


def at_line(line):
    """ at line N of FILE for a reported "FILE:N", or "" when the line is unknown."""
    return " at line %s of %s" % tuple(reversed(line.rsplit(":", 1))) if line else ""


def fixed_by_seeding(run_seeded, seeds, program, seedings):
    """Why the program's own seeding of random (seedings: what a run reported, as RunResult's)
    fixes its secret, or None. run_seeded(seed, clock_shift) runs the lost game with the
    program's seedings taking effect and its clock moved: three runs with different seeds,
    their clocks (process ids, hash seeds) a week apart, so a seeding from any of them
    differs; the secret is fixed when every run's last seeding before the game began has the
    same value and every run shows the same secret."""
    if not seedings:
        return None
    seen = None
    for index, seed in enumerate(seeds.seeded_runs(program)):
        result = run_seeded(seed, (index + 1) * SEEDED_RUNS_APART)
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


def test_program(box, program, seeds, guard_hint=(), skip_reason=None, rejudges=None):
    """Run the three scenarios of program with seeds (a Seeds); return {test id: Outcome}.

    Each failed screen of a run that ended normally is added to rejudges (a list, if given) as
    a Game, to be judged again through the student's own functions once they may be called
    (rejudge_through_own_functions).

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
        return {test_id: Outcome.failed(skip_reason) for test_id in (loss_id, win_id, second_id)}

    played = []     # (run, secret, script) of each run judged

    def judged(test_id, run, secret, script):
        outcome = judge_run(program, run, secret, script, guard_hint)
        played.append((run, secret, script))
        if not outcome.passed and rejudges is not None:
            rejudges.append(Game(test_id, program, run, secret, script, outcome))
        return outcome

    def fail_second_game(reason):
        runs[second_id] = Outcome.failed(reason)
        if rejudges is not None:
            rejudges[:] = [game for game in rejudges if game.test_id != second_id]

    def run(script, seed, honour_seeds=False, clock_shift=0):
        result = box.run_program(program.module, stdin_text(script), seed, timeout=RUN_TIMEOUT,
                                 quiet_timeout=QUIET_TIMEOUT, cpu_limit=assignment.game_cpu_limit(
                                     reference_game_cpu(program)), honour_seeds=honour_seeds,
                                 clock_shift=clock_shift)
        return result, learn_secret(result)

    def replay(test_id, secret, seed, game):
        """(outcome, run) of a game (named for people) replayed with seed, whose secret was
        secret, typing guesses chosen for it (win_script)."""
        script = win_script(program, secret, seeds)
        replay_run, replayed = run(script, seed)
        if replayed is not None and replayed != secret:
            return Outcome.failed(
                "with the same random seed the secret was %s, then %s: choose the secret once, "
                "with the random module (e.g. random.choice(words)), when the game starts"
                % (secret, replayed)), replay_run
        outcome = judged(test_id, replay_run, secret, script)
        if replayed is None and not shows_win(replay_run, secret):
            outcome.details.insert(0, (
                "the game did not take %s as the answer: with the same random seed (%d) as "
                "the %s it should pick the same secret (choose it once, with the random "
                "module, when the game starts), compare guesses with it in the same case, and "
                "check_word should make it all green" % (secret, seed, game)))
        return outcome, replay_run

    def may_pass(test_id):
        """Passed, or failed on a screen that may yet pass through the student's functions."""
        return runs[test_id].passed or any(game.test_id == test_id for game in rejudges or ())

    runs = {}
    first_seed, second_seed, third_seed = seeds.runs(program)
    loss = loss_script(program, seeds)
    first_run, secret = run(loss, first_seed)
    if first_run.status == Status.MISSING_MODULE:
        return {test_id: Outcome.failed("%s was not submitted" % program.file)
                for test_id in (loss_id, win_id, second_id)}
    if secret is None:
        fitting = fitting_secrets(first_run)
        runs[loss_id] = (without_answer(judged(loss_id, first_run, fitting[0], loss))
                         if fitting else no_secret_outcome(program, first_run, loss, guard_hint))
        secret = fitting[0] if len(fitting) == 1 else None  # a replay needs the very secret
    else:
        runs[loss_id] = judged(loss_id, first_run, secret, loss)
    if first_run.status == Status.TIMEOUT:
        not_run = "not run: the first game did not finish"
        runs[win_id] = runs[second_id] = Outcome.failed(not_run)
        return runs

    if secret is None:
        runs[win_id] = Outcome.failed("not run: the first game showed no secret to replay")
    else:
        runs[win_id], win_run = replay(win_id, secret, first_seed, "first game")

    second = second_script(program, seeds)
    second_run, second_secret = run(second, second_seed)
    fitting = fitting_secrets(second_run) if second_secret is None else []
    if fitting:
        runs[second_id] = without_answer(judged(second_id, second_run, fitting[0], second))
    elif second_secret is None:
        runs[second_id] = no_secret_outcome(program, second_run, second, guard_hint)
    elif second_secret == secret and run(second, third_seed)[1] == secret:
        runs[second_id] = Outcome.failed(
            "the secret was %s in three games with different random seeds: it must be chosen at "
            "random from the word list (e.g. random.choice(words))" % secret)
    else:
        runs[second_id] = judged(second_id, second_run, second_secret, second)
    fixed = fixed_by_seeding(
        lambda seed, clock_shift: run(loss, seed, honour_seeds=True, clock_shift=clock_shift)[0],
        seeds, program, first_run.seedings or second_run.seedings)
    if not fixed and secret is not None and second_secret is not None:
        fixed = drawn_from_few([(first_run, secret), (second_run, second_secret)])
    if fixed:
        fail_second_game(fixed)
    if program is EASY_WORDLE and second_secret is not None and all(
            may_pass(test_id) for test_id in runs) and grading_sample_miss(
            [[shown_counts(first_run), shown_counts(win_run)],
             [shown_counts(second_run)]]) > SAMPLE_MISS_TARGET:
        outcome, _ = replay(second_id, second_secret, second_seed, "second game")
        if not outcome.passed:
            outcome.details.insert(0, SAMPLES_REPLAY)
            if runs[second_id].passed:
                runs[second_id] = outcome
    if program is EASY_WORDLE:
        fixed = fixed_sample_reason([sample for run, secret, script in played
                                     for sample in shown_samples(program, run, secret, script)])
        if fixed:
            fail_second_game(fixed)
    return runs
