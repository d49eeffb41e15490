"""The search for a decision tree: for every possible secret, the guesses
that find it, with no secret needing more than max_guesses and as few
guesses on average as the search can reach.

A subtree is found for a group of secrets and a number of guesses still
allowed (its budget): each of the best few guesses by the Profile's
finish estimate is tried (how many: the widths, by level), the groups it
leaves are solved in turn with one guess less, and the guess with the
fewest guesses in all wins. With two guesses left the answer is exact (a
guess must leave every secret alone). When none of the guesses tried fits
the budget, more are tried (the rescue): first the strong strategy's
guess, which steers clear of a seventh guess, then those that split most
finely the group's largest family of words differing in one place only
(BILLS, DILLS, ...), or the secrets that made the others fail. A group
whose largest family is larger than its budget can tell apart (5 x budget
- 4: a guess splits a family into at most six groups) fails at once. Subtrees are remembered by their group and budget.

With exhaustive on, the families are counted with the list's own guesses:
a family of k words is found within budget guesses only if budget - 1
guesses, one after the other on the path where the secret is still unknown,
single out k - 1 of them (its cover: the most members that many guesses of
the list single out together; a guess leaves a family's members it does not
single out together, as it tells them apart only by their own letter). A group with a family whose cover falls short fails at once;
where a family is tight (its cover leaves little to spare), only the
guesses after which each of its parts can still be covered are tried; and
where none of the width and rescue guesses fits, every such guess is tried
in turn, those leaving the tight families' largest parts smallest first,
until one fits (so a group with a tight family fails only when no guess
the covers allow fits).

Every guess is first weighed by its floor: the guess itself and the sum over
the groups it leaves of each group's best case (one word found at once, the
others at the next guess; or the least a search of that group proved), and
is passed over once that reaches the best total found. Groups of at most
exact_below secrets are searched over every guess so; their Results are then
proven optimal (or proven impossible within the budget) when every group
they looked at was. Each Result carries the least total proven for its
group (its bound), so the tree is optimal for its opening when every group
of the first guess is settled, and else the bounds sum to how far from
optimal it can be at most.

The first guess's groups are solved one at a time and each result (with
its bound and the seconds it took) is appended to a checkpoint file, so a
search stopped part way goes on where it stopped when run again with the
same settings. The groups whose largest family has at least hard_family
words (where the six-guess cap binds) may be searched with widths of their
own (hard_widths); each line states its group's settings, so lines made
without them still serve the other groups.
"""
import itertools
import json
import multiprocessing
import signal
import sys
import time

import numpy as np

from solver import cache
from solver.patterns import ALL_GREEN, WORD_LENGTH, letter_codes
from solver.strategies import StrongStrategy, group_sizes, guesses_to_finish


class Node:
    """A guess (word number), whether it is one of the secrets that reach it
    (wins), and for each other clue the subtree after it."""

    __slots__ = ("guess", "wins", "children")

    def __init__(self, guess, wins=True, children=None):
        self.guess = guess
        self.wins = wins
        self.children = children or {}

    def as_list(self):
        return [self.guess, self.wins, [[clue, child.as_list()] for clue, child in sorted(self.children.items())]]

    @classmethod
    def from_list(cls, data):
        guess, wins, children = data
        return cls(int(guess), bool(wins), {int(clue): cls.from_list(child) for clue, child in children})

    def paths(self, prefix=()):
        """(secret, [(guess, clue), ...]) for every secret the subtree finds, the last clue all green."""
        if self.wins:
            yield self.guess, list(prefix) + [(self.guess, ALL_GREEN)]
        for clue, child in sorted(self.children.items()):
            yield from child.paths(prefix + ((self.guess, clue),))


class Result:
    """A subtree, the guesses it needs in all (summed over its secrets) and the
    fewest any subtree for the same secrets and guesses can need (its bound,
    proven): the subtree is optimal when the two meet."""

    __slots__ = ("total", "node", "bound")

    def __init__(self, total, node, bound):
        self.total = total
        self.node = node
        self.bound = bound

    @property
    def optimal(self):
        return self.bound >= self.total


def family_capacity(budget):
    """The most words differing in one place only that budget guesses can
    surely tell apart: a guess has at most five letters, so it splits such
    words into at most six groups, five of them single words."""
    return 5 * budget - 4


def least_total(size):
    """The fewest guesses size secrets can need in all: one of them found at
    the first guess, every other at the second."""
    return 2 * size - 1 if size else 0


def partition_floors(size, sizes, worst):
    """For each guess, the fewest guesses a group of size secrets can need in all
    after it (sizes: its groups by clue, all green last): the guess itself, and
    each part's least total (the sum over the partition of each part's best case);
    infinite for a guess that leaves the group whole."""
    green = sizes[:, ALL_GREEN]
    parts = (sizes[:, :ALL_GREEN] > 0).sum(axis=1)
    floors = (size + 2 * (size - green) - parts).astype(np.float64)
    floors[worst >= size] = np.inf
    return floors


class TreeSearch:
    """The search over a pattern table; answers are the word numbers of the
    possible secrets, every word of the table may be guessed."""

    OVER_BUDGET = 3    # a group of the first guess with no tree found within max_guesses gets up to this many more
    TIGHT = 3          # a family whose cover spares at most this many members is tight (exhaustive)

    def __init__(self, table, answers, max_guesses=6, widths=(4, 2, 1), rescue=200, exhaustive=False,
                 exact_below=0, progress=None, hard_family=0, hard_widths=None):
        self.table = table
        self.by_secret = table.by_secret
        self.answers = np.asarray(sorted(answers), dtype=np.int64)
        self.max_guesses = max_guesses
        self.widths = tuple(widths)        # widths[level - 1]: guesses tried at that level (1 = after the first guess)
        self.hard_family = hard_family     # a first guess's group with a family of at least this many: hard_widths
        self.hard_widths = tuple(hard_widths or widths)
        self.group_widths = self.widths    # the widths of the group of the first guess being solved
        self.rescue = rescue
        self.exhaustive = exhaustive
        self.exact_below = exact_below     # groups of at most this many secrets: every guess (the result proven)
        self.progress = progress
        self.memory = {}
        self.bounds = {}                   # (group, budget) -> the fewest guesses in all proven for it
        self.impossible = set()            # (group, budget) proven to have no tree within budget
        self.cores = {}
        self.codes = letter_codes(table.words).astype(np.int64)
        self.strong = StrongStrategy(table, cache_dir=False)   # its guess, wary of a seventh, is tried first in a rescue
        self.nodes_solved = 0
        self.seconds = 0.0                 # each group's time, summed (runs that made its checkpoint, jobs)
        self.covers = {}

    def settings(self, widths=None):
        """The search's settings as the checkpoint and the tree's header state them (with widths: those
        of a group searched with them; without: the whole search's, the hard groups' widths included)."""
        hard = ""
        if widths is None:
            widths = self.widths
            if self.hard_family:
                hard = " hard %d %s" % (self.hard_family, ",".join(map(str, self.hard_widths)))
        return "treesearch 5 %d %s %d%s%s%s" % (self.max_guesses, ",".join(map(str, widths)), self.rescue,
                                                " exhaustive %d" % self.TIGHT if self.exhaustive else "",
                                                " exact-below %d" % self.exact_below if self.exact_below else "",
                                                hard)

    def widths_for(self, secrets):
        """The widths a group of the first guess is searched with: hard_widths where its largest
        one-letter family has at least hard_family words (there the six-guess cap binds and the
        search needs more guesses tried further down), else widths."""
        if self.hard_family and len(self.largest_family(secrets)) >= self.hard_family:
            return self.hard_widths
        return self.widths

    def width(self, level):
        return self.group_widths[level - 1] if level - 1 < len(self.group_widths) else 1

    def split(self, group, guess):
        """{clue: the secrets of group giving it} for guess (all green included)."""
        clues = self.by_secret[group, guess]
        order = np.argsort(clues, kind="stable")
        clues_sorted = clues[order]
        starts = np.flatnonzero(np.r_[True, clues_sorted[1:] != clues_sorted[:-1]])
        ends = np.r_[starts[1:], len(clues_sorted)]
        return {int(clues_sorted[s]): group[np.sort(order[s:e])] for s, e in zip(starts, ends)}

    def solve(self, group, budget, level):
        """The Result for group (sorted word numbers) within budget guesses, or None
        if none was found (then self.core(group, budget) says which secrets were
        the trouble); level counts the guesses made before."""
        size = len(group)
        if size == 1:
            return Result(1, Node(int(group[0])), 1) if budget >= 1 else None
        if budget <= 1:
            return None
        if size == 2:
            first, second = int(group[0]), int(group[1])
            return Result(3, Node(first, True, {int(self.by_secret[second, first]): Node(second)}), 3)
        key = (group.tobytes(), budget)
        if key not in self.memory:
            self.memory[key] = self._solve(group, budget, level, key)
            self.nodes_solved += 1
        return self.memory[key]

    def bound(self, group, budget):
        """The fewest guesses in all that group can need within budget, as far as is proven
        (infinite where no tree fits)."""
        size = len(group)
        if budget < 1 or (budget == 1 and size > 1) or (group.tobytes(), budget) in self.impossible:
            return np.inf
        if size <= 2:
            return least_total(size)
        return self.bounds.get((group.tobytes(), budget), least_total(size))

    def settled(self, group, budget):
        """Whether solve's answer for group within budget is proven: optimal, or no tree fits."""
        if len(group) <= 2 or budget <= 1 or (group.tobytes(), budget) in self.impossible:
            return True
        found = self.memory.get((group.tobytes(), budget))
        return found is not None and found.optimal

    def core(self, group, budget):
        """The secrets of a group that could not be solved within budget that
        made every guess tried fail (the group itself if nothing better is known)."""
        return self.cores.get((group.tobytes(), budget), group)

    def family_labels(self, group):
        """For each place: (each word's label, each label's count), words of group with the same
        label differing in that place only (a family, like BILLS, FILLS, ...)."""
        codes = self.codes[group]
        for place in range(WORD_LENGTH):
            keys = np.delete(codes, place, axis=1) @ (26 ** np.arange(WORD_LENGTH - 1))
            _, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
            yield inverse, counts

    def largest_family(self, group):
        """The most words of group that differ in one place only."""
        best = group[:1]
        for inverse, counts in self.family_labels(group):
            if counts.max() > len(best):
                best = group[inverse == counts.argmax()]
        return best

    def families(self, group, minimum):
        """Every set of more than minimum words of group that differ in one place only."""
        return [group[inverse == label] for inverse, counts in self.family_labels(group)
                for label in np.flatnonzero(counts > minimum)]

    def ways(self, family):
        """The distinct ways the guesses split family: (one row per way: for each member the
        index of the first member with the same clue, or len(family) if all green; for each
        guess the number of its way)."""
        rows = self.by_secret[family]
        size = len(family)
        labels = np.full(rows.shape, size, dtype=np.uint8)
        for member in range(size - 1, -1, -1):
            labels[rows == rows[member]] = member
        labels[rows == ALL_GREEN] = size
        columns = np.ascontiguousarray(labels.T)
        keys = columns.view(np.dtype((np.void, size))).ravel()
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        return columns[first], inverse.ravel()

    @staticmethod
    def parts(family, way):
        """The groups a way leaves of family (its member found by the guess left out)."""
        return [family[way == label] for label in np.unique(way) if label != len(family)]

    def cover(self, family, guesses):
        """The most members of a one-letter family that guesses guesses can single out,
        one after another, on the path where the secret is not yet known: the largest
        union of the members singled out (given a clue of their own, or found) by that
        many guesses of the list (counted up to len(family) - 1: enough)."""
        key = (family.tobytes(), guesses)
        if key not in self.covers:
            ways, _ = self.ways(family)
            size = len(family)
            alone = np.array([np.bincount(way, minlength=size + 1)[way] == 1 for way in ways]) | (ways == size)
            masks = np.unique(alone.astype(np.int64) @ (1 << np.arange(size, dtype=np.int64)))
            counts = np.array([bin(int(mask)).count("1") for mask in masks])
            order = np.argsort(-counts, kind="stable")
            masks, counts = [int(mask) for mask in masks[order]], counts[order].tolist()
            best = [0]

            def widen(union, left, start):
                covered = bin(union).count("1")
                best[0] = max(best[0], covered)
                for index in range(start, len(masks)):
                    if left == 0 or best[0] >= size - 1 or covered + left * counts[index] <= best[0]:
                        return
                    if masks[index] & ~union:
                        widen(union | masks[index], left - 1, index + 1)

            widen(0, guesses, 0)
            self.covers[key] = best[0]
        return self.covers[key]

    def coverable(self, family, budget):
        """Whether the cover lets budget guesses find every member of family."""
        return len(family) <= budget or (budget > 1 and self.cover(family, budget - 1) >= len(family) - 1)

    def allowed(self, group, budget):
        """With exhaustive on: None when the group has no tight family; False when some family
        cannot be covered within budget (then self.cores holds it); else a boolean array over
        the guesses: those after which every part of each tight family can still be covered."""
        allowed = None
        for family in self.families(group, budget - 1):
            spare = self.cover(family, budget - 1) - (len(family) - 1)
            if spare < 0:
                self.cores[(group.tobytes(), budget)] = family
                return False
            if spare > self.TIGHT:
                continue
            ways, inverse = self.ways(family)
            fits = np.array([all(self.coverable(part, budget - 1) for part in self.parts(family, way))
                             for way in ways])
            allowed = fits[inverse] if allowed is None else allowed & fits[inverse]
        return allowed

    def _solve(self, group, budget, level, key):
        family = self.largest_family(group)
        if len(family) > family_capacity(budget):
            self.cores[key] = family
            self.impossible.add(key)
            return None
        allowed = self.allowed(group, budget) if self.exhaustive and budget > 2 else None
        if allowed is False:
            self.impossible.add(key)
            return None
        rows = self.by_secret[group]
        sizes = group_sizes(rows)
        left = sizes[:, :ALL_GREEN]
        worst = left.max(axis=1)
        if budget == 2:
            best = self._solve_in_two(group, worst)
            if best is None:
                self.impossible.add(key)
            return best
        floors = partition_floors(len(group), sizes, worst)
        if allowed is not None:
            floors[~allowed] = np.inf     # the covers prove these guesses cannot fit
        self.bounds[key] = floors.min()
        finish = (left * guesses_to_finish(np.arange(len(group) + 1))[left]).sum(axis=1)
        order = np.lexsort((np.arange(len(finish)), finish))
        order = order[np.isfinite(floors[order])]
        if len(group) <= self.exact_below:
            return self._settle(group, budget, level, key, order, floors)
        width = self.width(level)
        failures = []
        best, _ = self._best_of(group, order[:width], budget, level, failures, floors)
        if best is None:
            # Nothing tried fits the budget: try the guesses that split the
            # secrets that made them fail most finely.
            core = min(failures, key=len) if len(family) < 3 else family
            groups = (group_sizes(self.by_secret[core]) > 0).sum(axis=1)
            tried = set(order[:width].tolist())
            finest = np.lexsort((np.arange(len(finish)), finish, worst, -groups))
            finest = finest[np.isfinite(floors[finest])]
            safe = self.strong.choose(group, self.max_guesses - budget).guess
            safe = [safe] if np.isfinite(floors[safe]) else []
            rescue = [guess for guess in safe + finest[:self.rescue + width].tolist() if guess not in tried]
            rescue = list(dict.fromkeys(rescue))[:self.rescue]
            failures = [core]
            best, _ = self._best_of(group, rescue, budget, level, failures, floors)
            if best is None and allowed is not None:
                best = self._first_that_fits(group, budget, level, allowed, finish, worst, tried | set(rescue),
                                             failures, floors)
            if best is None:
                self.cores[key] = min(failures, key=len)
        if best is not None:
            best.bound = self.bounds[key]
        return best

    def _settle(self, group, budget, level, key, order, floors):
        """Every guess that can still do better than the best found (by its partition's
        floor, then by its parts' totals), best estimate first; the Result is proven optimal
        (or no tree is proven to fit) when every part it looked at was settled."""
        failures = []
        best, settled = self._best_of(group, order, budget, level, failures, floors)
        if best is None:
            self.cores[key] = min(failures, key=len) if failures else group
            if settled:
                self.impossible.add(key)
            return None
        if settled:
            self.bounds[key] = best.total
        best.bound = self.bounds[key]
        return best

    def _first_that_fits(self, group, budget, level, allowed, finish, worst, tried, failures, floors):
        """Every guess the tight families allow, not tried yet, those leaving their largest
        parts smallest first (then by the finish estimate): the first that fits."""
        left = np.zeros(len(finish), dtype=np.int64)
        for family in self.families(group, budget - 1):
            left += group_sizes(self.by_secret[family])[:, :ALL_GREEN].max(axis=1)
        candidates = np.flatnonzero(allowed & (worst < len(group)))
        candidates = candidates[np.lexsort((candidates, finish[candidates], left[candidates]))]
        for guess in candidates:
            if int(guess) not in tried:
                best, _ = self._best_of(group, [guess], budget, level, failures, floors)
                if best is not None:
                    return best
        return None

    def _solve_in_two(self, group, worst):
        """Exact: a guess that leaves every secret alone, one of the group's own if possible."""
        separating = worst <= 1
        own = group[separating[group]]
        others = np.flatnonzero(separating)
        if len(own):
            guess, total = int(own[0]), 2 * len(group) - 1
        elif len(others):
            guess, total = int(others[0]), 2 * len(group)
        else:
            return None
        groups = self.split(group, guess)
        wins = groups.pop(ALL_GREEN, None) is not None
        return Result(total, Node(guess, wins, {clue: Node(int(secrets[0])) for clue, secrets in groups.items()}),
                      total)

    def _best_of(self, group, guesses, budget, level, failures, floors):
        """(the best Result among guesses, or None if none fits the budget; whether every
        part looked at was settled). A guess is passed over once its floor (each part's
        proven bound, the parts solved so far at their totals) reaches the best total found;
        each failure's troublesome secrets are added to failures."""
        best = None
        settled = True
        guesses = np.asarray(guesses, dtype=np.int64)
        position = 0
        while position < len(guesses):
            guess = int(guesses[position])
            position += 1
            groups = self.split(group, guess)
            wins = groups.pop(ALL_GREEN, None) is not None
            groups = sorted(groups.items(), key=lambda item: -len(item[1]))
            bounds = [self.bound(secrets, budget - 1) for _, secrets in groups]
            total = len(group)
            floor = total + sum(bounds)
            if not np.isfinite(floor) or (best is not None and floor >= best.total):
                continue
            children = {}
            for (clue, secrets), lower in zip(groups, bounds):
                result = self.solve(secrets, budget - 1, level + 1)
                settled = settled and self.settled(secrets, budget - 1)
                if result is None:
                    failures.append(self.core(secrets, budget - 1))
                    break
                children[clue] = result.node
                total += result.total
                floor += result.total - lower
                if best is not None and floor >= best.total:
                    break
            else:
                best = Result(total, Node(guess, wins, children), 0)
                rest = guesses[position:]
                guesses, position = rest[floors[rest] < best.total], 0
        return best, settled

    def search(self, first, checkpoint=None, jobs=1):
        """The tree under the first guess (a word number): its groups are solved
        biggest first, jobs at a time (in as many processes), each appended to
        checkpoint (a path) when done and read back from it on a later run. A
        group with no tree found within max_guesses is given one more guess, and
        so on up to OVER_BUDGET more (said as it happens; the tree's worst then
        shows it). Returns the root Result (its bound: the fewest guesses in all
        any tree opening with first can need, as far as the search proved), or
        None if some group found none even so. A checkpoint line serves a group
        searched with the same settings (its own widths included)."""
        done = load_checkpoint(checkpoint, first)
        groups = self.split(self.answers, first)
        wins = groups.pop(ALL_GREEN, None) is not None
        groups = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
        names = [(self.settings(self.widths_for(secrets)),
                  cache.fingerprint(str(clue), " ".join(map(str, secrets.tolist())))) for clue, secrets in groups]
        total = bound = len(self.answers)
        children = {}
        started = time.perf_counter()
        todo = [number for number, name in enumerate(names) if name not in done]
        finished = [(number, done[names[number]], "from the checkpoint") for number in range(len(groups))
                    if names[number] in done]
        for number, (result, seconds), how in itertools.chain(finished, self._solve_groups(groups, todo, jobs)):
            clue, secrets = groups[number]
            if result is None:
                return None
            self.seconds += seconds
            if how is None:
                how = "%.0f s in all" % (time.perf_counter() - started)
                settings, name = names[number]
                append_checkpoint(checkpoint, settings, first, name, result, seconds)
            children[clue] = result.node
            total += result.total
            bound += max(result.bound, least_total(len(secrets)))
            self.tell("group %d/%d: %d words, %.4f guesses each, %s (%s); so far %d guesses in all, at least %d"
                      % (number + 1, len(groups), len(secrets), 1 + result.total / len(secrets),
                         "optimal" if result.optimal else "at least %.4f" % (1 + result.bound / len(secrets)),
                         how, total, bound))
        return Result(total, Node(first, wins, children), bound)

    def _solve_groups(self, groups, todo, jobs):
        """(number, (Result or None, seconds), None) for each group numbered in todo, as each is
        solved: here one after the other, or jobs at a time in forked processes (the groups
        share no subproblem: their secrets differ)."""
        if jobs <= 1 or len(todo) <= 1:
            for number in todo:
                yield number, self.solve_group(number + 1, len(groups), groups[number][1]), None
            return
        global _WORKER
        _WORKER = (self, groups)
        context = multiprocessing.get_context("fork")
        with context.Pool(min(jobs, len(todo)), initializer=signal.signal,
                          initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
            for number, solved, nodes in pool.imap_unordered(_solve_in_worker, todo):
                self.nodes_solved += nodes
                yield number, solved, None

    def solve_group(self, number, count, secrets):
        """(the Result for a group of the first guess, or None; the seconds it took)."""
        group_started = time.perf_counter()
        self.group_widths = self.widths_for(secrets)
        result = self.solve(secrets, self.max_guesses - 1, 1)
        over = 0
        while result is None and over < self.OVER_BUDGET:
            over += 1
            trouble = self.core(secrets, self.max_guesses - 1)[:12]
            self.tell("group %d/%d: %d words: NO tree within %d guesses found (trouble: %s); "
                      "trying %d" % (number, count, len(secrets), self.max_guesses,
                                     " ".join(self.table.words[i] for i in trouble), self.max_guesses + over))
            result = self.solve(secrets, self.max_guesses - 1 + over, 1)
            if result is not None:
                result = Result(result.total, result.node, 0)    # nothing is proven beyond max_guesses
        return result, time.perf_counter() - group_started

    def uncoverable(self, first):
        """The families of words differing in one place only that first leaves together and
        that no tree within max_guesses can find, by their covers (none: first may open one)."""
        budget = self.max_guesses - 1
        return [family for secrets in self.split(self.answers, first).values()
                for family in self.families(secrets, budget) if not self.coverable(family, budget)]

    def choose_opening(self, candidates):
        """The first of candidates (word numbers, best first) that passes the family cover
        test (said for those that do not), or None."""
        for guess in candidates:
            trouble = self.uncoverable(int(guess))
            if not trouble:
                return int(guess)
            family = max(trouble, key=len)
            self.tell("%s cannot open a tree within %d guesses: after it, %d guesses single out at most %d of "
                      "%s" % (self.table.words[guess], self.max_guesses, self.max_guesses - 2,
                              self.cover(family, self.max_guesses - 2),
                              " ".join(self.table.words[i] for i in family)))
        return None

    def tell(self, text):
        if self.progress:
            self.progress(text)


_WORKER = None     # (the TreeSearch, its first guess's groups), set before the worker processes fork


def _solve_in_worker(number):
    search, groups = _WORKER
    before = search.nodes_solved
    solved = search.solve_group(number + 1, len(groups), groups[number][1])
    return number, solved, search.nodes_solved - before


def load_checkpoint(path, first):
    """{(settings, group name): (its Result, the seconds it took)} from the lines of path for first."""
    done = {}
    if path is None:
        return done
    try:
        with open(path, encoding="utf-8") as file:
            for line in file:
                try:
                    entry = json.loads(line)
                    if entry["first"] == first:
                        done[(entry["settings"], entry["group"])] = (Result(int(entry["total"]), Node.from_list(entry["tree"]),
                                                       int(entry["bound"])), float(entry["seconds"]))
                except (ValueError, KeyError, TypeError):
                    continue            # a line cut short by a stop: that group is solved again
    except OSError:
        pass
    return done


def append_checkpoint(path, settings, first, name, result, seconds):
    if path is None:
        return
    entry = {"settings": settings, "first": first, "group": name, "total": result.total,
             "bound": int(result.bound), "seconds": round(seconds, 2), "tree": result.node.as_list()}
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(entry, separators=(",", ":")) + "\n")


def say(text):
    print(text, file=sys.stderr, flush=True)


def build_tree(search, first, output, checkpoint, command, jobs=1):
    """Search, check and write the tree; return its figures ({guesses: secrets}, mean, Result,
    seconds of search in all runs) or None."""
    from solver.tree import DecisionTree, write_tree

    words = search.table.words
    say("searching a tree for %d secrets, %d allowed guesses, first guess %s (%s); checkpoint %s"
        % (len(search.answers), len(words), words[first], search.settings(), checkpoint))
    started = time.perf_counter()
    result = search.search(first, checkpoint, jobs)
    if result is None:
        say("no tree found for some group even with %d more guesses: try wider settings (--widths, --rescue)"
            % TreeSearch.OVER_BUDGET)
        return None
    paths = dict(result.node.paths())
    counts = np.bincount([len(path) for path in paths.values()])
    distribution = {int(guesses): int(count) for guesses, count in enumerate(counts) if count}
    mean = result.total / len(paths)
    header = [("built by", command),
              ("settings", search.settings() + ", first guess " + words[first]),
              ("secrets", "%d, mean %.4f guesses, worst %d" % (len(paths), mean, max(distribution))),
              ("distribution", " ".join("%d:%d" % item for item in distribution.items())),
              ("search", proof_statement(result, len(paths), words[first], search.max_guesses)),
              ("time", "%.0f s of search (each group's time, the runs that made its checkpoint and the groups "
                       "searched at once summed)" % search.seconds)]
    write_tree(output, paths, words, [words[i] for i in search.answers], header)
    tree = DecisionTree(output, words, [words[i] for i in search.answers])     # read back: it must load and agree
    assert abs(tree.mean - mean) < 1e-9 and tree.worst == max(distribution)
    say("%.0f s this run; %d subtrees solved" % (time.perf_counter() - started, search.nodes_solved))
    if max(distribution) > search.max_guesses:
        say("NOTE: %d secrets need more than %d guesses in this tree"
            % (sum(count for guesses, count in distribution.items() if guesses > search.max_guesses),
               search.max_guesses))
    return distribution, mean, result, search.seconds


def proof_statement(result, secrets, first, max_guesses):
    """Whether the tree is the best opening with first (the search closed) or an upper bound."""
    if result.optimal:
        return ("optimal for its opening %s within %d guesses (the search closed: %d guesses in all is the least)"
                % (first, max_guesses, result.total))
    return ("an upper bound: %d guesses in all; a tree opening with %s within %d guesses needs at least %d "
            "(mean %.4f), as far as the search proved" % (result.total, first, max_guesses, result.bound,
                                                           result.bound / secrets))
