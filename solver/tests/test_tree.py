"""The shipped decision tree: every one of the 14,855 secrets found, when played
by the reference check_word, in the guesses its header states (mean, worst,
distribution); a tree for other word lists refused, and the search used instead."""
import re

import numpy as np
import pytest

from solver import cli
from solver.bench import ORIGINAL_ANSWERS
from solver.patterns import ALL_GREEN, PatternTable, encode_clue
from solver.strategies import MinimaxStrategy
from solver.tree import DATA_DIR, DecisionTree, TreeError, TreeStrategy, shipped_tree, tree_name
from solver.wordlists import read_word_list
from wordle import check_word
from words import words as course_words

WORDS = [word.upper() for word in course_words]


@pytest.fixture(scope="module")
def tree():
    found, problem = shipped_tree(WORDS, WORDS)
    assert found is not None, problem
    return found


def play(tree, secret):
    """The guesses the tree makes for secret, clues by check_word."""
    node, guesses = tree.root, []
    while True:
        guess = WORDS[node.guess]
        guesses.append(guess)
        clue = check_word(secret, guess)
        if clue == ["green"] * 5:
            return guesses
        assert len(guesses) < 12, (secret, guesses)
        node = node.children[encode_clue(clue)]


def assert_every_secret_found_as_the_header_states(tree, secrets):
    """Every secret, played by check_word, in six guesses at most, with the mean,
    worst and distribution the tree's header states."""
    needed = [len(play(tree, secret)) for secret in secrets]
    assert max(needed) <= 6, [secret for secret, count in zip(secrets, needed) if count > 6]
    stated = re.search(r"mean (\d\.\d{4}) guesses, worst (\d)", tree.header["secrets"])
    assert round(sum(needed) / len(needed), 4) == float(stated.group(1))
    assert max(needed) == int(stated.group(2))
    distribution = dict(item.split(":") for item in tree.header["distribution"].split())
    assert {int(k): int(v) for k, v in distribution.items()} == {n: needed.count(n) for n in set(needed)}
    return needed


def test_the_shipped_tree_finds_every_secret_in_at_most_six_guesses_and_the_stated_mean(tree):
    """All 14,855 words as secrets: LANTS, mean 4.1236, worst 6, as the header states."""
    needed = assert_every_secret_found_as_the_header_states(tree, WORDS)
    assert len(needed) == 14855 and sum(needed) == 61256 and WORDS[tree.root.guess] == "LANTS"


def test_the_original_games_tree_finds_every_answer_at_the_stated_mean():
    """The original game's 2,315 answers, guesses from all 14,855: TARSE, 7,907 guesses
    in all (mean 3.4156, worst 6), TARSE's published optimum; its header says it is an
    upper bound as far as the search proved, with the least it proved."""
    answers = read_word_list(ORIGINAL_ANSWERS)
    found, problem = shipped_tree(WORDS, answers)
    assert found is not None, problem
    needed = assert_every_secret_found_as_the_header_states(found, answers)
    assert len(needed) == 2315 and sum(needed) == 7907 and WORDS[found.root.guess] == "TARSE"
    assert found.header["search"].startswith("an upper bound: 7907 guesses in all; a tree opening with TARSE")


def test_a_move_is_the_tree_node_of_the_words_left_with_its_figures(tree):
    strategy = TreeStrategy(tree, MinimaxStrategy(PatternTable(WORDS, load=pytest.fail), cache_dir=False))
    everything = np.arange(len(WORDS))
    first = strategy.choose(everything)
    assert first.guess == tree.root.guess
    clue = encode_clue(check_word("VILLS", WORDS[first.guess]))
    left = [i for i, word in enumerate(WORDS) if encode_clue(check_word(word, WORDS[first.guess])) == clue]
    second = strategy.choose(np.array(left))
    assert second.guess == tree.root.children[clue].guess
    sizes = [len(child.secrets) for child in tree.root.children[clue].children.values()]
    assert second.worst_left == max(sizes)
    assert second.expected_left == pytest.approx(sum(size * size for size in sizes) / len(left))


def test_a_tree_for_another_word_list_is_refused(tmp_path):
    path = DATA_DIR / tree_name(WORDS, WORDS)
    with pytest.raises(TreeError, match="built for other allowed guesses"):
        DecisionTree(path, WORDS[:-1], WORDS[:-1])
    found, problem = shipped_tree(WORDS[:-1], WORDS[:-1])
    assert found is None and "no shipped tree fits these word lists (14854 allowed guesses" in problem
    lines = path.read_text().splitlines()
    body = [number for number, line in enumerate(lines) if not line.startswith("#")]
    swapped = lines[:]
    swapped[body[0]], swapped[body[1]] = lines[body[1]], lines[body[0]].replace(lines[body[0]].split()[0], "CRANE", 1)
    (tmp_path / path.name).write_text("\n".join(swapped))
    with pytest.raises(TreeError, match="where another line has"):
        DecisionTree(tmp_path / path.name, WORDS, WORDS)
    (tmp_path / path.name).write_text("\n".join(lines[:-1]))
    with pytest.raises(TreeError, match="finds 14854 of the 14855 possible secrets"):
        DecisionTree(tmp_path / path.name, WORDS, WORDS)


def test_without_a_fitting_tree_the_strategy_searches(capsys):
    table = PatternTable.build(WORDS[:300], cache_dir=False)
    fallback = MinimaxStrategy(table, cache_dir=False)
    assert cli.tree_strategy(table, WORDS[:300], fallback) is fallback
    assert "no shipped tree fits these word lists" in capsys.readouterr().err
    assert fallback.choose(np.arange(300)).guess in range(300)


def test_the_search_finds_a_tree_that_check_word_confirms_and_resumes_from_its_checkpoint(tmp_path):
    """Searched again with jobs=2 (groups in two processes), the same tree and checkpoint lines."""
    from solver.treesearch import TreeSearch

    sample = sorted(set(WORDS[::40]) | {"BILLS", "FILLS", "GILLS", "HILLS", "MILLS", "PILLS", "WILLS"})
    table = PatternTable.build(sample, cache_dir=False)
    everything = np.arange(len(sample))
    first = table.index["TARES"] if "TARES" in table.index else 0
    checkpoint = tmp_path / "search.jsonl"
    search = TreeSearch(table, everything, widths=(2,), rescue=5)
    result = search.search(first, checkpoint)
    paths = dict(result.node.paths())
    assert sorted(paths) == list(range(len(sample)))
    for secret, steps in paths.items():
        for guess, clue in steps:
            assert encode_clue(check_word(sample[secret], sample[guess])) == clue
        assert steps[-1] == (secret, ALL_GREEN) and len(steps) <= 6
    assert result.total == sum(len(steps) for steps in paths.values())
    again = TreeSearch(table, everything, widths=(2,), rescue=5)
    resumed = again.search(first, checkpoint)
    assert again.nodes_solved == 0 and resumed.total == result.total
    assert dict(resumed.node.paths()) == paths
    at_once = TreeSearch(table, everything, widths=(2,), rescue=5)
    in_two = at_once.search(first, tmp_path / "in-two.jsonl", jobs=2)
    assert dict(in_two.node.paths()) == paths and at_once.nodes_solved == search.nodes_solved
    assert sorted(without_seconds(tmp_path / "in-two.jsonl")) == sorted(without_seconds(checkpoint))


def test_the_hard_groups_are_searched_with_their_widths_and_the_others_come_from_the_checkpoint(tmp_path):
    """With hard_family 7, the group holding the seven _ILLS words is searched with the hard widths
    (its subtree the one a search with those widths finds), the other groups read from the lines
    a search without hard groups left; one line more, under the hard widths' settings."""
    from solver.treesearch import TreeSearch

    sample = sorted(set(WORDS[::40]) | {"TARES", "BILLS", "FILLS", "GILLS", "HILLS", "MILLS", "PILLS", "WILLS"})
    table = PatternTable.build(sample, cache_dir=False)
    everything = np.arange(len(sample))
    first, bills = table.index["TARES"], table.index["BILLS"]
    checkpoint = tmp_path / "search.jsonl"
    TreeSearch(table, everything, widths=(1,), rescue=5).search(first, checkpoint)
    lines = checkpoint.read_text().splitlines()
    hard = TreeSearch(table, everything, widths=(1,), rescue=5, hard_family=7, hard_widths=(4,))
    result = hard.search(first, checkpoint)
    added = checkpoint.read_text().splitlines()[len(lines):]
    assert len(added) == 1 and '"settings":"%s"' % hard.settings((4,)) in added[0]
    assert hard.settings() == "treesearch 5 6 1 5 hard 7 4" and hard.nodes_solved > 0
    clue = int(table.by_secret[bills, first])
    wide = TreeSearch(table, everything, widths=(4,), rescue=5).search(first).node.children[clue]
    assert result.node.children[clue].as_list() == wide.as_list()
    paths = dict(result.node.paths())
    assert sorted(paths) == list(range(len(sample))) and result.total == sum(map(len, paths.values()))
    for secret, steps in paths.items():
        assert all(encode_clue(check_word(sample[secret], sample[guess])) == clue for guess, clue in steps)


def without_seconds(checkpoint):
    return [re.sub(r'"seconds":[0-9.]+', "", line) for line in checkpoint.read_text().splitlines()]


def test_a_family_larger_than_its_guesses_can_tell_apart_fails_at_once():
    from solver.treesearch import TreeSearch, family_capacity

    family = ["BILLS", "DILLS", "FILLS", "GILLS", "HILLS", "JILLS", "KILLS", "MILLS", "NILLS", "PILLS", "RILLS",
              "TILLS"]
    table = PatternTable.build(sorted(set(family) | set(WORDS[::50])), cache_dir=False)
    members = np.array(sorted(table.index[word] for word in family))
    search = TreeSearch(table, members)
    assert family_capacity(3) == 11 and family_capacity(4) == 16
    assert search.solve(members, 3, 1) is None and search.nodes_solved == 1      # no guess was tried
    assert sorted(search.core(members, 3).tolist()) == members.tolist()
    assert search.solve(members, 8, 1) is not None      # the capacity is a bound: these few words need more


ILLS = ["BILLS", "DILLS", "FILLS", "GILLS", "HILLS", "JILLS", "KILLS", "MILLS", "NILLS", "PILLS", "WILLS", "ZILLS"]


def test_a_familys_cover_is_the_most_members_that_many_guesses_single_out():
    from itertools import combinations

    from solver.treesearch import TreeSearch

    sample = sorted(set(ILLS) | set(WORDS[::300]) | {"NYMPH", "SWACK", "JUDGE", "BEFOG"})
    table = PatternTable.build(sample, cache_dir=False)
    members = np.array(sorted(table.index[word] for word in ILLS))
    search = TreeSearch(table, members, exhaustive=True)

    def singled_out(guess):
        clues = [tuple(check_word(word, guess)) for word in ILLS]
        return frozenset(word for word, clue in zip(ILLS, clues) if clues.count(clue) == 1 or clue == ("green",) * 5)

    alone = set(map(singled_out, sample))
    for guesses in (1, 2, 3):
        most = max(len(frozenset().union(*chosen)) for chosen in combinations(alone, guesses))
        assert search.cover(members, guesses) == most < len(ILLS) - 1


def test_the_exhaustive_search_counts_families_exactly():
    """Twelve _ILLS words, among these guesses: three guesses single out at most
    nine, so four guesses cannot find them all and the search says so before
    trying any guess (the bound of five letters a guess would allow 16); four
    single out eleven, and five guesses find them, as check_word confirms."""
    from solver.treesearch import TreeSearch, family_capacity

    sample = sorted(set(ILLS) | set(WORDS[::300]) | {"NYMPH", "SWACK", "JUDGE", "BEFOG"})
    table = PatternTable.build(sample, cache_dir=False)
    members = np.array(sorted(table.index[word] for word in ILLS))
    search = TreeSearch(table, members, widths=(1,), rescue=0, exhaustive=True)
    assert family_capacity(4) >= len(ILLS) and search.cover(members, 3) == 9 and search.cover(members, 4) == 11
    assert search.solve(members, 4, 1) is None and search.nodes_solved == 1
    assert sorted(search.core(members, 4).tolist()) == members.tolist()
    result = search.solve(members, 5, 1)
    paths = dict(result.node.paths())
    assert sorted(paths) == members.tolist()
    for secret, steps in paths.items():
        for guess, clue in steps:
            assert encode_clue(check_word(sample[secret], sample[guess])) == clue
        assert len(steps) <= 5


def test_the_course_lists_default_is_its_tree_as_it_wins_every_game_within_six():
    assert cli.default_strategies(WORDS, WORDS, ["strong"]) == ["tree"]


SMALL = ["BATCH", "CATCH", "HATCH", "LATCH", "MATCH", "PATCH", "WATCH", "FIGHT", "LIGHT", "MIGHT", "NIGHT", "RIGHT",
         "SIGHT", "TIGHT", "WIGHT", "BIGHT"]


def fewest_guesses(table, group, budget, memory):
    """By brute force: the fewest guesses in all that find every secret of group within budget."""
    group = tuple(group)
    if len(group) == 1:
        return 1 if budget >= 1 else np.inf
    if budget <= 1:
        return np.inf
    if (group, budget) not in memory:
        best = np.inf
        for guess in range(len(table.words)):
            parts = {}
            for secret in group:
                parts.setdefault(table.clue(guess, secret), []).append(secret)
            parts.pop(ALL_GREEN, None)
            if any(len(part) == len(group) for part in parts.values()):
                continue
            best = min(best, len(group) + sum(fewest_guesses(table, part, budget - 1, memory)
                                              for part in parts.values()))
        memory[(group, budget)] = best
    return memory[(group, budget)]


@pytest.mark.parametrize("budget", [4, 5])
def test_the_exact_search_proves_what_brute_force_finds_and_the_narrow_ones_bound_is_true(budget):
    """Within four guesses no tree exists (_IGHT has nine words): the exact search proves
    it; within five it proves the least total, which the narrow search's bound and total
    bracket."""
    from solver.treesearch import TreeSearch

    sample = sorted(set(SMALL) | set(WORDS[::600]))
    table = PatternTable.build(sample, cache_dir=False)
    group = np.array(sorted(table.index[word] for word in SMALL))
    least = fewest_guesses(table, group.tolist(), budget, {})
    search = TreeSearch(table, group, widths=(1,), rescue=0, exact_below=len(SMALL))
    exact = search.solve(group, budget, 1)
    assert search.settled(group, budget)
    if least == np.inf:
        assert exact is None and search.bound(group, budget) == np.inf
        return
    assert exact.total == least and exact.optimal
    narrow = TreeSearch(table, group, widths=(1,), rescue=0).solve(group, budget, 1)
    assert narrow.bound <= least <= narrow.total and not narrow.optimal
    for secret, steps in exact.node.paths():
        for guess, clue in steps:
            assert encode_clue(check_word(sample[secret], sample[guess])) == clue
        assert len(steps) <= budget


def test_a_closed_search_says_its_tree_is_optimal_for_the_opening_and_its_checkpoint_keeps_that(tmp_path):
    from solver.treesearch import TreeSearch

    sample = sorted(set(SMALL) | set(WORDS[::600]))
    table = PatternTable.build(sample, cache_dir=False)
    secrets = np.array(sorted(table.index[word] for word in SMALL))
    first = table.index["TIGHT"]
    search = TreeSearch(table, secrets, widths=(1,), rescue=0, exact_below=len(SMALL))
    result = search.search(first, tmp_path / "search.jsonl")
    groups = {}
    for secret in SMALL:
        groups.setdefault(table.clue(first, table.index[secret]), []).append(table.index[secret])
    groups.pop(ALL_GREEN)
    assert result.optimal and result.total == len(SMALL) + sum(
        fewest_guesses(table, sorted(group), 5, {}) for group in groups.values())
    again = TreeSearch(table, secrets, widths=(1,), rescue=0, exact_below=len(SMALL))
    resumed = again.search(first, tmp_path / "search.jsonl")
    assert again.nodes_solved == 0 and resumed.optimal and resumed.total == result.total
    assert again.seconds == pytest.approx(search.seconds, abs=0.05)


def test_an_opening_that_leaves_a_family_no_guesses_can_cover_in_time_is_passed_over(capsys):
    from solver.treesearch import TreeSearch

    sample = sorted(set(ILLS) | set(WORDS[::300]) | {"NYMPH", "SWACK", "JUDGE", "BEFOG", "BLIMP"})
    table = PatternTable.build(sample, cache_dir=False)
    search = TreeSearch(table, np.arange(len(sample)), max_guesses=5, progress=print)
    stilt, nymph = table.index["STILT"], table.index["NYMPH"]
    left = sorted(table.words[i] for family in search.uncoverable(stilt) for i in family)
    assert left == ILLS        # three guesses single out 9 of the 12: not the 11 needed
    assert search.uncoverable(nymph) == [] and search.choose_opening([stilt, nymph]) == nymph
    assert "STILT cannot open a tree within 5 guesses: after it, 3 guesses single out at most 9 of" in \
        capsys.readouterr().out


def test_build_tree_says_its_tree_is_optimal_for_the_opening_and_how_long_and_resumes(tmp_path, capsys):
    """A closed search says so in its output and the tree's header; after a stop (the
    checkpoint cut after its first group) the same command finishes the same tree."""
    sample = sorted(set(SMALL) | set(WORDS[::600]))
    (tmp_path / "words.txt").write_text("\n".join(sample) + "\n")
    (tmp_path / "answers.txt").write_text("\n".join(SMALL) + "\n")
    output, checkpoint = tmp_path / "tree.txt", tmp_path / "search.jsonl"
    command = ["build-tree", "--words", str(tmp_path / "words.txt"), "--answers", str(tmp_path / "answers.txt"),
               "--first", "TIGHT", "--widths", "1", "--exact-below", "16", "-o", str(output),
               "--checkpoint", str(checkpoint), "--cache", str(tmp_path)]
    assert cli.main(command) == 0
    out = capsys.readouterr().out
    assert "optimal for its opening TIGHT within 6 guesses (the search closed" in out
    assert re.search(r"\d+ s of search in all", out)
    header = DecisionTree(output, sample, SMALL).header
    assert header["search"].startswith("optimal for its opening TIGHT") and header["time"].endswith("summed)")
    first_run = [line for line in output.read_text().splitlines() if not line.startswith("# time:")]
    checkpoint.write_text(checkpoint.read_text().splitlines()[0] + "\n")
    assert cli.main(command) == 0
    assert "from the checkpoint" in capsys.readouterr().err
    assert [line for line in output.read_text().splitlines() if not line.startswith("# time:")] == first_run
