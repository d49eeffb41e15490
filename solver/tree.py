"""The shipped decision trees: for every possible secret, the guesses that
find it, so that a move is a lookup.

A tree file (solver/data/tree-<digest>.txt) holds a header of '# key: value'
lines (the word lists' digests, the command that built it, its figures)
and then one line per secret: each guess followed by the clue it got
(g green, y yellow, - grey), the secret last, e.g.

    TARES --y-- CLINK -g--- ALOOF

A tree is used only for the lists it was built for: its digests must be
those of the allowed guesses and the possible secrets, its secrets exactly
the possible secrets, and its guesses allowed words; otherwise it is refused
with a message and the strategy searches instead.
"""
import hashlib
import math
import pathlib

import numpy as np

from solver.patterns import ALL_GREEN, WORD_LENGTH, decode_clue, encode_clue
from solver.strategies import Choice, Strategy

DATA_DIR = pathlib.Path(__file__).resolve().parent / "data"
SYMBOL = {"grey": "-", "yellow": "y", "green": "g"}
COLOUR = {symbol: colour for colour, symbol in SYMBOL.items()}
FORMAT = "wordle-kit decision tree 1"


class TreeError(Exception):
    """A tree file that cannot be used: the reason, for people."""


def list_digest(words):
    """The digest of a word list that names its trees (of its words, in any order:
    a tree names its words, not their numbers)."""
    return hashlib.sha256("\n".join(sorted({word.upper() for word in words})).encode("ascii")).hexdigest()[:16]


def tree_name(words, answers):
    """The file name of the tree for these allowed guesses and possible secrets."""
    if list_digest(answers) == list_digest(words):
        return "tree-%s.txt" % list_digest(words)
    return "tree-%s-%s.txt" % (list_digest(words), list_digest(answers))


def clue_text(number):
    return "".join(SYMBOL[colour] for colour in decode_clue(number))


def clue_number(text):
    if len(text) != WORD_LENGTH or any(symbol not in COLOUR for symbol in text):
        raise ValueError(text)
    return encode_clue([COLOUR[symbol] for symbol in text])


def write_tree(path, paths, words, answers, header):
    """Write a tree: paths is {secret: [(guess, clue), ...]} in word numbers
    (the last clue all green); header: (key, value) pairs after the digests."""
    lines = ["# format: " + FORMAT,
             "# words: %d words, digest %s" % (len(words), list_digest(words)),
             "# answers: %d words, digest %s" % (len(answers), list_digest(answers))]
    lines += ["# %s: %s" % (key, value) for key, value in header]
    for secret in sorted(paths, key=lambda number: words[number]):
        steps = paths[secret]
        lines.append(" ".join("%s %s" % (words[guess], clue_text(clue)) for guess, clue in steps[:-1])
                     + (" " if len(steps) > 1 else "") + words[secret])
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="ascii")


class TreeNode:
    """One decision: the guess, the secrets that reach it (word numbers,
    sorted), and the subtree after each clue."""

    __slots__ = ("guess", "secrets", "children", "depth", "choice")

    def __init__(self, guess, depth):
        self.guess = guess
        self.depth = depth          # guesses made before this one
        self.secrets = []
        self.children = {}


class DecisionTree:
    """A tree file read and checked against the word lists it is used with."""

    def __init__(self, path, words, answers):
        self.path = pathlib.Path(path)
        try:
            text = self.path.read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError) as error:
            raise TreeError("cannot read %s: %s" % (self.path, error))
        self.header = {}
        body = []
        for line in text.splitlines():
            if line.startswith("#"):
                key, _, value = line[1:].partition(":")
                self.header[key.strip()] = value.strip()
            elif line.strip():
                body.append(line.split())
        self._check_lists(words, answers)
        self._build(body, words, answers)

    def _check_lists(self, words, answers):
        if self.header.get("format") != FORMAT:
            raise TreeError("%s is not a %s file" % (self.path.name, FORMAT))
        for key, wanted in (("words", words), ("answers", answers)):
            found = self.header.get(key, "").rpartition("digest ")[2]
            if found != list_digest(wanted):
                raise TreeError("%s was built for other %s (digest %s; these %d words: %s)"
                                % (self.path.name, "allowed guesses" if key == "words" else "possible secrets",
                                   found or "none", len(wanted), list_digest(wanted)))

    def _build(self, body, words, answers):
        self.words = list(words)
        index = {word: number for number, word in enumerate(words)}
        wanted = {index[word] for word in answers}
        self.root = None
        self.nodes = {}                 # bytes of the sorted secrets -> TreeNode
        self.guesses = {}               # secret -> guesses needed
        for number, items in enumerate(body, start=1):
            where = "%s, secret line %d" % (self.path.name, number)
            if len(items) % 2 == 0 or any(item not in index for item in items[::2]):
                raise TreeError("%s: not 'GUESS clue ... SECRET' with allowed words" % where)
            secret = index[items[-1]]
            if secret not in wanted or secret in self.guesses:
                raise TreeError("%s: %s is not a possible secret, or comes twice" % (where, items[-1]))
            steps = [(index[items[i]], items[i + 1]) for i in range(0, len(items) - 1, 2)] + [(secret, None)]
            node = self.root = self.root or TreeNode(steps[0][0], 0)
            for depth, (guess, clue) in enumerate(steps):
                if node.guess != guess:
                    raise TreeError("%s: guess %d is %s where another line has %s"
                                    % (where, depth + 1, words[guess], words[node.guess]))
                node.secrets.append(secret)
                if clue is None:
                    break
                try:
                    key = clue_number(clue)
                except ValueError:
                    raise TreeError("%s: %r is not a clue of %d g, y or -" % (where, clue, WORD_LENGTH))
                if key == ALL_GREEN:
                    raise TreeError("%s: an all-green clue before the end" % where)
                next_guess = steps[depth + 1][0]
                node = node.children.setdefault(key, TreeNode(next_guess, depth + 1))
            self.guesses[secret] = len(steps)
        if len(self.guesses) != len(wanted):
            raise TreeError("%s finds %d of the %d possible secrets" % (self.path.name, len(self.guesses), len(wanted)))
        self._index(self.root)

    def _index(self, node):
        """Index the nodes by their secrets and work out each one's Choice (so a move is a lookup)."""
        needed = sum(self.guesses[secret] for secret in node.secrets)
        node.secrets = np.array(sorted(node.secrets), dtype=np.int64)
        self.nodes[node.secrets.tobytes()] = node
        for child in node.children.values():
            self._index(child)
        sizes = [len(child.secrets) for child in node.children.values()]
        total = len(node.secrets)
        wins = total - sum(sizes)
        bits = -sum(size / total * math.log2(size / total) for size in sizes + [wins] if size)
        node.choice = Choice(node.guess, sum(size * size for size in sizes) / total, max(sizes, default=0),
                             bits, expected_guesses=needed / total - node.depth)

    @property
    def worst(self):
        return max(self.guesses.values())

    @property
    def mean(self):
        return sum(self.guesses.values()) / len(self.guesses)

    def node_for(self, candidates):
        """The decision for exactly these possible secrets (sorted word numbers), or None."""
        return self.nodes.get(np.asarray(candidates, dtype=np.int64).tobytes())

    def secrets_after(self, clues):
        """The secrets (sorted word numbers) at the end of the tree's path of
        clues ([(GUESS, colours), ...]), or None if the tree does not go that way."""
        node = self.root
        for step, (guess, colours) in enumerate(clues):
            if node is None or self.words[node.guess] != guess:
                return None
            clue = encode_clue(colours)
            if clue == ALL_GREEN:
                return node.secrets[node.secrets == node.guess] if step == len(clues) - 1 else None
            node = node.children.get(clue)
        return None if node is None else node.secrets


def shipped_tree(words, answers, data_dir=DATA_DIR):
    """(the DecisionTree shipped for these lists, None) or (None, why there is none)."""
    path = pathlib.Path(data_dir) / tree_name(words, answers)
    if path.exists():
        try:
            return DecisionTree(path, words, answers), None
        except TreeError as error:
            return None, str(error)
    shipped = sorted(path.name for path in pathlib.Path(data_dir).glob("tree-*.txt"))
    return None, ("no shipped tree fits these word lists (%d allowed guesses, digest %s; %d possible secrets, "
                  "digest %s; shipped: %s)" % (len(words), list_digest(words), len(answers), list_digest(answers),
                                               ", ".join(shipped) or "none"))


class TreeStrategy(Strategy):
    """The moves of a decision tree; a position the tree does not reach (a
    guess of one's own) is left to the fallback strategy's search."""

    name = "tree"

    def __init__(self, tree, fallback):
        super().__init__(fallback.table, cache_dir=False)
        self.tree = tree
        self.fallback = fallback
        self.decision_log = fallback.decision_log     # the moves searched (off the tree) are the fallback's

    def settings(self):
        return "tree %s" % self.tree.path.name

    def choose(self, candidates, guesses_made=0):
        node = self.tree.node_for(candidates)
        if node is None:
            return self.fallback.choose(candidates, guesses_made)
        return node.choice

    def secrets_after(self, clues):
        return self.tree.secrets_after(clues)
