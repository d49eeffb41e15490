"""--dump: the machine's visible state and the program's variables as JSON."""

import json

from atari.machine.video import area_codes, color_registers, readable_rows, visible_areas
from atari.locations import CHBAS


def machine_state(machine):
    """mode (0..2), text_window, screen (rows of screen codes) and text (the rows as
    readable text), window/window_text when there is a text window, colors (708..712),
    chbas and sound (pitch, distortion, volume of each voice)."""
    memory = machine.memory
    main, *window = visible_areas(machine.display)
    screen = area_codes(memory, main)
    state = {
        "mode": main.mode,
        "text_window": bool(window),
        "screen": screen,
        "text": readable_rows(main.mode, screen),
        "colors": color_registers(memory),
        "chbas": memory.peek(CHBAS),
        "sound": [[v.pitch, v.distortion, v.volume] for v in machine.sound_chip.voices],
    }
    if window:
        window_codes = area_codes(memory, window[0])
        state["window"] = window_codes
        state["window_text"] = readable_rows(0, window_codes)
    return state


def screen_text(machine):
    """The visible screen as lines of text (main area, then any text window), for a
    run whose screen was not echoed as it was printed."""
    state = machine_state(machine)
    lines = state["text"] + state.get("window_text", [])
    return "".join(line.rstrip() + "\n" for line in lines).rstrip("\n") + "\n"


def write_dump(path, machine, variables, outcome):
    """Write the dump: the machine state, `variables` and how the run ended."""
    dump = machine_state(machine)
    dump["variables"] = variables
    dump["stopped"] = {"reason": outcome.reason, "message": outcome.message}
    with open(path, "w", encoding="utf-8") as stream:
        json.dump(dump, stream, indent=1)
        stream.write("\n")
