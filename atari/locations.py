"""Named memory locations (decimal) of the OS, BASIC and the hardware that the kit uses.

Sources: the Atari OS listing's equates and Mapping the Atari; BASIC's zero page
from the Atari BASIC Source Book.
"""

RTCLOK = 18          # frame counter, 3 bytes (18 high, 20 low), advanced every vertical blank
ATRACT = 77          # attract-mode timer (POKE 77,0 resets it)
LMARGN = 82          # left margin of the text screen / window
RMARGN = 83          # right margin
ROWCRS = 84          # cursor row
COLCRS = 85          # cursor column (2 bytes)
DINDEX = 87          # current screen mode
SAVMSC = 88          # address of screen memory (2 bytes)
OLDROW = 90          # previous cursor row (start point of DRAWTO)
OLDCOL = 91          # previous cursor column (2 bytes)
RAMTOP = 106         # top of RAM in pages
STOPLN = 186         # BASIC: the line a program stopped or failed at (2 bytes)
ERRSAV = 195         # BASIC: the number of the last error (PEEK(195) after TRAP)
PTABW = 201          # PRINT comma tab width
SDLSTL = 560         # display list address (2 bytes)
STICK0 = 632         # joystick shadow registers 632..635
STRIG0 = 644         # trigger shadow registers 644..647
TXTROW = 656         # text window cursor row
TXTCOL = 657         # text window cursor column (2 bytes)
TXTMSC = 660         # address of the text window's memory (2 bytes)
SHFLOK = 702         # caps lock: 64 = upper case letters, 0 = as typed
BOTSCR = 703         # rows of text: 24 full screen, 4 with a text window
COLOR0 = 708         # colour registers 708..712 (SETCOLOR 0..4)
MEMTOP = 741         # top of free RAM, below the display list (2 bytes)
CRSINH = 752         # non-zero hides the editor cursor
CHBAS = 756          # font base page
ATACHR = 763         # character / colour used by DRAWTO
LBUFF = 0x0580       # BASIC's line buffer (STR$ results)
RANDOM = 53770       # POKEY's random number register

BASIC_ROM = range(0xA000, 0xC000)
OS_ROM_LOW = range(0xC000, 0xD000)
OS_ROM_HIGH = range(0xD800, 0x10000)
FONT_ROM = 0xE000    # 57344: the ROM character set
