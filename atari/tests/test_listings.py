"""The rebuilt listings of WORDLE and 2048: format, contest limits, and the data inside them."""

import re

import pytest

from atari.listings import ATASCII_EOL, PROGRAM_NAMES, listing_lines, listing_path
from atari.listings import rebuild
from atari.listings.dictionary import DictionaryError, pack, q_string_from_listing, unpack

CONTEST_LINE_LIMIT = 80  # PUR-80: each logical line at most 80 characters as typed

# The dictionary as the author's encoder prints it (seed, "Encoding", line 20).
ENCODER_TEXT = ("NINJABACKEBABADGEAGLEKINGAFFELFINEIGHEDGELIDEMAILABELADENICHEMBEDANCEMCEENEMABIDELOPEPOCHE"
                "LLOAKENOMADECALAPELEACHIPPOFFALEGALIBELILACABALIMBOMEGABLEDENIMADAMAFIAGINGAMMAHEADINGOCEANIECEA")


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_listing_has_lines_0_to_9_within_80_characters(name):
    lines = listing_lines(name)
    assert [int(re.match(rb"\d+", line).group()) for line in lines] == list(range(10))
    assert all(len(line) <= CONTEST_LINE_LIMIT for line in lines), [len(line) for line in lines]


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_lst_ends_every_line_with_atascii_eol_and_txt_has_the_same_lines(name):
    lst = listing_path(name).read_bytes()
    txt = listing_path(name, ".LST.TXT").read_bytes()
    assert lst.endswith(bytes([ATASCII_EOL])) and b"\n" not in lst
    assert txt.endswith(b"\n") and bytes([ATASCII_EOL]) not in txt
    assert txt.split(b"\n")[:-1] == lst.split(bytes([ATASCII_EOL]))[:-1]


def test_committed_files_match_their_readable_sources():
    assert rebuild.main(["--check"]) == 0


def test_wordle_q_string_is_the_encoder_text_packed_in_three_pieces():
    lines = listing_lines("WORDLE")
    q_string = q_string_from_listing(lines)
    expected = bytes((ord(ENCODER_TEXT[i]) - 65) * 16 + ord(ENCODER_TEXT[i + 1]) - 65
                     for i in range(0, len(ENCODER_TEXT), 2))
    assert q_string == expected and len(q_string) == 93
    assert lines[1].endswith(q_string[:70]) and len(lines[1]) == 80
    assert list(q_string[70:77]) == [236, 70, 1, 180, 52, 216, 192]
    assert lines[8].endswith(b'Q$(78)="' + q_string[77:]) and len(lines[8]) == 80
    assert 34 not in q_string and ATASCII_EOL not in q_string and 10 not in q_string


def test_wordle_dictionary_decodes_to_46_chained_words():
    words = unpack(q_string_from_listing(listing_lines("WORDLE")), 46)
    assert len(set(words)) == 46
    assert words[:3] == ["NINJA", "ABACK", "KEBAB"] and words[-2:] == ["OCEAN", "NIECE"]
    assert all(word.isalpha() and set(word) <= set("ABCDEFGHIJKLMNOP") for word in words)
    assert all(word[0] == previous[-1] for previous, word in zip(words, words[1:]))


def test_wordle_first_game_only_sees_the_first_34_words():
    """Line 1 alone (N=34) must decode the first 34 words: word 33 ends inside byte 70."""
    line_1_only = q_string_from_listing(listing_lines("WORDLE")[:2])
    assert len(line_1_only) == 70
    assert unpack(line_1_only, 34) == unpack(q_string_from_listing(listing_lines("WORDLE")), 34)


def test_wordle_grey_boxes_and_cleared_word_area():
    lines = listing_lines("WORDLE")
    assert b'?#6;"' + bytes([0x80]) * 5 + b'"' in lines[4]
    assert b'?#6;"     ":' in lines[8]


def test_pack_refuses_words_that_break_the_chain_or_the_alphabet():
    with pytest.raises(DictionaryError):
        pack(["NINJA", "BACON"])
    with pytest.raises(DictionaryError):
        pack(["NINJA", "AZURE"])


def test_b2048_coloured_title_score_and_trailing_space():
    lines = listing_lines("B2048")
    assert b'?#6;"2\xb0\x14\x98",,,," score\xba ";A,,,' in lines[2]
    assert lines[5].endswith(b"THENG.9 ")
    assert all(byte < 0x80 for number, line in enumerate(lines) if number != 2 for byte in line)


def b2048_data_values():
    """Every DATA value of B2048 in READ order."""
    values = []
    for line in listing_lines("B2048"):
        data = re.search(rb":D\.([-\d,]+)$", line)
        if data:
            values += [int(value) for value in data.group(1).split(b",")]
    return values


def test_b2048_data_has_board_and_joystick_table():
    values = b2048_data_values()
    assert len(values) == 47
    assert values[:16] == [0] * 16
    joystick = dict(zip(range(5, 16), values[16:27]))
    moves = {14: 0, 11: 1, 7: 2, 13: 3}  # up, left, right, down
    assert joystick == {stick: moves.get(stick, 4) for stick in range(5, 16)}


@pytest.mark.parametrize("move, edge", [(0, "top"), (1, "left"), (2, "right"), (3, "bottom")])
def test_b2048_direction_tables_sweep_every_row_from_the_target_edge(move, edge):
    """Walk the S/D/E/R/X tables as lines 5 and 9 do: each sweep starts at the edge, all 16 cells once."""
    values = b2048_data_values()
    start, delta, end, row_step, exit_index = (values[offset + move] for offset in (27, 31, 35, 39, 43))
    sweeps = []
    while True:
        sweeps.append(list(range(start, end + delta, delta)))
        start, end = start + row_step, end + row_step
        if end == exit_index:
            break
        assert len(sweeps) < 4
    assert sorted(cell for sweep in sweeps for cell in sweep) == list(range(16))
    edge_cells = {"top": range(0, 4), "bottom": range(12, 16), "left": range(0, 16, 4), "right": range(3, 16, 4)}
    assert sorted(sweep[0] for sweep in sweeps) == list(edge_cells[edge])
    assert all(len(sweep) == 4 for sweep in sweeps)
