"""Write the pages with Jinja2 templates (autoescaped: every student string is escaped).

Pages are single files that work offline from the file system: the CSS and the one
script are inlined, there is nothing to fetch, and a Content-Security-Policy lets only
the kit's own script run (by its hash), so even a missed escape could not run a
student's script.
"""
import base64
import hashlib
from pathlib import Path
from urllib.parse import quote

from grader.results.cut import cut_items, cut_lines
from grader.results.rubric import default_hand_items
from grader.results.scoring import points
from grader.results import inside
from grader.results.pages.layout import SOURCES
from grader.results.pages.style import counted

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
CLASS_PAGE, STUDENT_PAGE, SIMILAR_FOLDER = "index.html", "index.html", "_similar"

FIRST_FILES = ("wordle.py", "easy_wordle.py")
SOURCE_BYTES = 60_000   # of a source file shown on a page (highlighted, a character can take
                        # 25 of HTML); the whole file is in the student's src/
STYLE_ROWS = 1_000      # style findings listed on a page (all are counted)


def environment():
    import jinja2  # staff-side extras: only the pages need them
    from markupsafe import Markup

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    script = (TEMPLATES / "pages.js").read_text(encoding="utf-8")
    env.globals.update(
        css=Markup((TEMPLATES / "pages.css").read_text(encoding="utf-8") + highlight_css()),
        script=Markup(script), script_hash=script_hash())
    add_helpers(env)
    return env


def script_hash():
    """The Content-Security-Policy source that lets the pages' one inline script run."""
    script = (TEMPLATES / "pages.js").read_text(encoding="utf-8")
    return "sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode(
        "ascii")


def add_helpers(env):
    """The names and filters the templates use, to an environment of the pages or of review."""
    env.globals.update(points=points, hand_items=default_hand_items())
    env.filters["folder_url"] = lambda folder: "./" + quote(folder, safe="") + "/"
    env.filters["percent"] = lambda share: "%.0f%%" % (100 * share)


def highlight_css():
    from pygments.formatters import HtmlFormatter
    return HtmlFormatter(style="default").get_style_defs(".highlight")


def highlighted(file, source, anchor, marked_lines=()):
    """The source as Pygments' HTML (which escapes it), lines numbered, anchored ANCHOR-N."""
    from markupsafe import Markup
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer, TextLexer

    lexer = PythonLexer() if file.endswith(".py") else TextLexer()
    formatter = HtmlFormatter(linenos="inline", lineanchors=anchor, anchorlinenos=True,
                              hl_lines=sorted(set(marked_lines)))
    return Markup(highlight(source, lexer, formatter))


def shown_source(file, source):
    """The source as a page shows it: cut to SOURCE_BYTES, saying so in its last line."""
    return "\n".join(cut_lines(source.split("\n"), SOURCE_BYTES,
                                "the whole file is %s/%s" % (SOURCES, file)))


def file_order(item):
    """wordle.py, then easy_wordle.py, then any other file by name."""
    file = item[0]
    return (FIRST_FILES.index(file) if file in FIRST_FILES else len(FIRST_FILES), file)


def write_pages(out, students, rates, groups, distribution, pairs):
    """Write the class page, each student's page and each pair's side-by-side page (none
    through a link in OUT: inside.py); return the inside.Skipped of the pages left."""
    env = environment()
    skipped = []

    def write(relative, text):
        try:
            inside.write_text(out, relative, text)
        except inside.Skipped as problem:
            skipped.append(problem)

    pair_numbers = {id(pair): number for number, pair in enumerate(pairs, 1)}
    write(CLASS_PAGE, env.get_template("class.html").render(
        students=students, show_identity=any(s.sid or s.email for s in students), rates=rates, groups=groups, distribution=distribution,
        pairs=pairs, pair_numbers=pair_numbers, similar_folder=SIMILAR_FOLDER))
    student_template = env.get_template("student.html")
    for student in students:
        write((student.folder, STUDENT_PAGE), student_template.render(
            groups=groups, **student_context(out, student, pairs, pair_numbers)))
    pair_template = env.get_template("pair.html")
    for number, pair in enumerate(pairs, 1):
        write((SIMILAR_FOLDER, "%d.html" % number), pair_template.render(pair=pair, number=number))
    return skipped


def student_context(out, student, pairs, pair_numbers):
    """What a student's page shows below the manual grading (student_sections.html), from
    the class's pairs of similar code (pair_numbers: id(pair) -> its number)."""
    style, style_cut = cut_items(student.style, STYLE_ROWS, "finding")
    files = [(file, highlighted(file, shown_source(file, source), "f%d" % index,
                                [f.line for f in style if f.file == file]))
             for index, (file, source) in enumerate(sorted(student.sources.items(),
                                                            key=file_order))]
    anchors = {file: "f%d" % index for index, (file, _) in enumerate(files)}
    own_pairs = [(pair_numbers[id(pair)], pair) for pair in pairs
                 if student in (pair.a, pair.b)]
    return dict(student=student, files=files, anchors=anchors, pairs=own_pairs, style=style,
                style_cut=style_cut, style_counts=counted(student.style),
                similar_folder=SIMILAR_FOLDER, play_commands=student.play_commands(out))
