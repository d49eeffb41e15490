"""The runs of a program."""
from grader import assignment
from grader.assignment import QUIET_TIMEOUT, RUN_TIMEOUT
from grader.checks.transcripts.judging import Game, judge_run, no_secret_outcome, without_answer
from grader.checks.transcripts.reading import fitting_secrets, learn_secret, shows_win
from grader.checks.transcripts.reference_games import reference_game_cpu
from grader.checks.transcripts.scripts import loss_script, second_script, stdin_text, win_script
from grader.results.outcome import Outcome
from grader.sandbox.child.codec import Status


def test_program(box, program, seeds, guard_hint=(), skip_reason=None, rejudges=None):
    """Run the three scenarios of program with seeds (a Seeds); return {test id: Outcome}.

    Each failed screen of a run that ended normally is added to rejudges (a list, if given) as
    a Game, to be judged again through the student's own functions once they may be called
    (rejudge_through_own_functions).

    With a skip_reason (e.g. importing the module never finished) nothing is run.
    A first game that does not finish stops the other two, which could not either.
    """
    loss_id, win_id, second_id = (spec.id for spec in program.specs)
    if skip_reason:
        return {test_id: Outcome.failed(skip_reason) for test_id in (loss_id, win_id, second_id)}

    def judged(test_id, run, secret, script):
        outcome = judge_run(program, run, secret, script, guard_hint)
        if not outcome.passed and rejudges is not None:
            rejudges.append(Game(test_id, program, run, secret, script))
        return outcome

    def run(script, seed):
        result = box.run_program(program.module, stdin_text(script), seed, timeout=RUN_TIMEOUT,
                                 quiet_timeout=QUIET_TIMEOUT, cpu_limit=assignment.game_cpu_limit(
                                     reference_game_cpu(program)))
        return result, learn_secret(result)

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
        win = win_script(program, secret, seeds)
        win_run, replayed = run(win, first_seed)
        if replayed is not None and replayed != secret:
            runs[win_id] = Outcome.failed(
                "with the same random seed the secret was %s, then %s: choose the secret once, "
                "with the random module (e.g. random.choice(words)), when the game starts"
                % (secret, replayed))
        else:
            runs[win_id] = judged(win_id, win_run, secret, win)
            if replayed is None and not shows_win(win_run, secret):
                runs[win_id].details.insert(0, (
                    "the game did not take %s as the answer: with the same random seed (%d) as "
                    "the first game it should pick the same secret (choose it once, with the "
                    "random module, when the game starts), compare guesses with it in the same "
                    "case, and check_word should make it all green" % (secret, first_seed)))

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
    return runs
