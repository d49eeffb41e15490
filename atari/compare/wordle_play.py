"""WORDLE.LST played in the kit's interpreter, each guess's tiles read back from screen memory.

The session is the keyboard and the RND of the simulated Atari. Each time line 3 asks RND
for a new secret, the game before it is over and still on the screen: line 9 has drawn its
last row in colour and line 8 has shown its secret on row 1. The session reads them, then
queues the next game's keys and answers RND with the value that picks the next secret.
Line 3 draws from the first N words: line 1 sets N=34 and line 8 sets N=46 when a game
ends, so a session plays its first game with one of the first 34 words, as a player would,
and every secret it reads back from row 1 must be the one it planned.
"""

from dataclasses import dataclass

from atari.basic import BasicError
from atari.basic.interpreter import Interpreter
from atari.machine import InputExhausted, Machine, RandomSource
from atari.machine.video import area_codes, cell_look, color_registers, readable_char, visible_areas
from atari.listings import load_listing
from atari.listings.dictionary import FIRST_GAME_DICTIONARY_SIZE, FULL_DICTIONARY_SIZE
from atari.listings.scripted_run import rnd_choosing

from .retold import GREEN, GREY, YELLOW

# Line 0 makes register 709 yellow, 710 green and 711 grey; line 7 picks a tile's register
# (bits 7-6 of its screen code): 711 for a letter not in the secret, 709 for one elsewhere
# in it, 710 for one in place. 708 (white) is the title's.
COLOUR_BY_REGISTER = {1: YELLOW, 2: GREEN, 3: GREY}
SECRET_ROW, FIRST_GUESS_ROW, FIRST_TILE_COLUMN = 1, 3, 7
ROWS_PER_GAME = 6
WORD_LENGTH = 5
GRAPHICS_MODE = 2


@dataclass(frozen=True)
class Game:
    """One game to play: the RND value line 3 gets, the guesses to type, which of them to
    count (a guess added only to end the game is not), and the secret it should show."""
    rnd: float
    guesses: tuple
    counted: tuple
    secret: str = None


@dataclass(frozen=True)
class PlayedRow:
    """A guess as the screen shows it: the secret line 8 showed, the row's letters, each
    tile's colour and how each tile looks (glyph and colour registers, for drawing), and
    the ink (register value) each colour had on that screen."""
    secret: str
    guess: str
    colours: tuple
    looks: tuple
    inks: dict


class SessionError(RuntimeError):
    """The program did not play the planned games (stopped, or showed another secret)."""


class _SessionOver(Exception):
    """Raised from inside the run once the last game has been read."""


def plan_games(words, secret, guesses):
    """Games that play every guess in `guesses` against `secret` (one of `words`), with the
    RND value that draws it once N=46 (first_game_for sets up a session's first game).
    A game ends after six rows or with the secret guessed, so the guesses go six to a game
    and the secret, when it is one of them, ends the last game; when it is not, the secret
    ends the last short game without being counted."""
    rnd = rnd_choosing(words.index(secret), FULL_DICTIONARY_SIZE)
    others = [guess for guess in guesses if guess != secret]
    games = []
    for start in range(0, len(others), ROWS_PER_GAME):
        chunk = others[start:start + ROWS_PER_GAME]
        games.append([(guess, True) for guess in chunk])
    if secret in guesses:
        if games and len(games[-1]) < ROWS_PER_GAME:
            games[-1].append((secret, True))
        else:
            games.append([(secret, True)])
    elif games and len(games[-1]) < ROWS_PER_GAME:
        games[-1].append((secret, False))
    return [Game(rnd, tuple(guess for guess, _ in game), tuple(counted for _, counted in game), secret)
            for game in games]


def first_game_for(games, words):
    """`games` with the first moved to the front if needed so that it is one of the
    first 34 words, and its RND value set for N=34."""
    for position, game in enumerate(games):
        index = words.index(game.secret)
        if index < FIRST_GAME_DICTIONARY_SIZE:
            first = Game(rnd_choosing(index, FIRST_GAME_DICTIONARY_SIZE), game.guesses, game.counted, game.secret)
            return [first] + games[:position] + games[position + 1:]
    raise SessionError("the first game needs a secret among the first 34 words")


class WordleSession:
    """Plays games in one run of WORDLE and returns the rows read from the screen."""

    def __init__(self, program, on_game=None):
        self.program = program
        self.on_game = on_game
        self._random = RandomSource(0)

    def play(self, games):
        """PlayedRows of every counted guess, in order. SessionError when the program
        stops or shows a secret other than the one planned."""
        self._games, self._next_game, self._rows, self._keys = list(games), 0, [], []
        self.secrets_shown = []
        self.machine = Machine(keys=self, rng=self)
        interpreter = Interpreter(self.program, self.machine)
        try:
            interpreter.run()
        except _SessionOver:
            return self._rows
        except BasicError as error:
            raise SessionError(f"WORDLE stopped: {error.message()}") from None
        except InputExhausted:
            raise SessionError("WORDLE waited for a key after the planned guesses") from None
        raise SessionError("WORDLE ended before the planned games were played")

    # -- the machine's keyboard and RND ----------------------------------------------
    def read_key(self):
        if not self._keys:
            raise InputExhausted("no more planned keys")
        return self._keys.pop()

    def byte(self):
        return self._random.byte()

    def random(self):
        """Line 3 draws a secret: the game before is over; read it, start the next one."""
        if self._next_game:
            self._read_game(self._games[self._next_game - 1])
        if self._next_game == len(self._games):
            raise _SessionOver
        game = self._games[self._next_game]
        self._next_game += 1
        self._keys = [ord(letter) for letter in reversed("".join(game.guesses))]
        return game.rnd

    # -- reading the screen -----------------------------------------------------------
    def _read_game(self, game):
        memory = self.machine.memory
        screen = area_codes(memory, visible_areas(self.machine.display)[0])
        registers = color_registers(memory)
        inks = {colour: registers[register] for register, colour in COLOUR_BY_REGISTER.items()}
        secret = _letters(screen[SECRET_ROW][FIRST_TILE_COLUMN:FIRST_TILE_COLUMN + WORD_LENGTH])
        self.secrets_shown.append(secret)
        if game.secret is not None and secret != game.secret:
            raise SessionError(f"WORDLE showed the secret {secret!r} where {game.secret!r} was planned")
        for row, (typed, counted) in enumerate(zip(game.guesses, game.counted)):
            codes = screen[FIRST_GUESS_ROW + row][FIRST_TILE_COLUMN:FIRST_TILE_COLUMN + WORD_LENGTH]
            guess = _letters(codes)
            if guess != typed:
                raise SessionError(f"row {row + 1} of the game with {secret} shows {guess!r}, "
                                   f"not the typed {typed!r}")
            if counted:
                self._rows.append(PlayedRow(
                    secret, guess,
                    tuple(COLOUR_BY_REGISTER.get(code >> 6, f"register {708 + (code >> 6)}") for code in codes),
                    tuple(cell_look(memory, GRAPHICS_MODE, code, registers) for code in codes), inks))
        if self.on_game:
            self.on_game(sum(game.counted))


def _letters(codes):
    return "".join(readable_char(GRAPHICS_MODE, code) for code in codes)


def play_pairs(secrets, guesses, words, on_game=None):
    """Every guess against every secret in WORDLE.LST: the PlayedRows, secret by secret."""
    games = [game for secret in secrets for game in plan_games(words, secret, guesses)]
    return WordleSession(load_listing("WORDLE"), on_game).play(first_game_for(games, words))


def replay_games(words, secret, guesses):
    """The games that play `guesses` in order against `secret`: a game won at once with
    the first word first when the secret is one of the last 12 (it needs N=46), and the
    secret typed uncounted at the end when the guesses do not end the game."""
    index = words.index(secret)
    lead_in = []
    if index >= FIRST_GAME_DICTIONARY_SIZE:
        lead_in = [Game(rnd_choosing(0, FIRST_GAME_DICTIONARY_SIZE), (words[0],), (False,), words[0])]
    count = FULL_DICTIONARY_SIZE if lead_in else FIRST_GAME_DICTIONARY_SIZE
    counted = (True,) * len(guesses)
    if guesses[-1] != secret and len(guesses) < ROWS_PER_GAME:
        guesses, counted = tuple(guesses) + (secret,), counted + (False,)
    return lead_in + [Game(rnd_choosing(index, count), tuple(guesses), counted, secret)]


def first_game_probe(words, filler, samples=FULL_DICTIONARY_SIZE):
    """The first game for RND values spread evenly over [0, 1), in a fresh run each,
    with six guesses of `filler`: (the secrets shown on row 1, the filler rows read)."""
    program = load_listing("WORDLE")
    shown, rows = [], []
    for sample in range(samples):
        session = WordleSession(program)
        rows += session.play([Game(rnd_choosing(sample, samples), (filler,) * ROWS_PER_GAME, (True,) * ROWS_PER_GAME)])
        shown += session.secrets_shown
    return shown, rows
