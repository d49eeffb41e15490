"""review's pages and JSON endpoints.  The URLs are the staff pages' layout (/ the class,
/FOLDER/ a student, /_similar/N.html a pair), so the pages' templates link as they do on
disk; what only the app has starts with _ (never a student's folder: layout.py)."""
from flask import Blueprint, abort, current_app, jsonify, redirect, render_template, request
from markupsafe import Markup

from grader.results.pages import render
from grader.staff.hand_points import HandPointsError, shown_entry

pages = Blueprint("review", __name__)
KEYS = (("j / k", "next / previous item"), ("Enter", "points, then comment, then the next "
        "item (Shift+Enter: a new line)"), ("Esc", "leave a field (it is saved)"),
        ("n / p", "next / previous student"), ("u", "next student without all hand points"),
        ("c", "the class"))


def classroom():
    return current_app.config["CLASSROOM"]


def store():
    return current_app.config["STORE"]


def items():
    return current_app.config["ITEMS"]


def student_or_404(folder, styled=False):
    room = classroom()
    student = room.styled_student(folder) if styled else room.current().student(folder)
    if student is None:
        abort(404)
    return student


def hand_total(entries):
    return sum(entry.points for entry in entries.values() if entry.points is not None)


@pages.get("/")
@pages.get("/index.html")
def class_list():
    snapshot = classroom().current()
    conflicted = {conflict.student for conflict in store().conflicts()}
    rows = []
    for student in snapshot.students:
        entries = store().entries(student.folder)
        rows.append(dict(student=student, total=hand_total(entries),
                         missing=store().missing(student.folder, items()),
                         conflict=student.folder in conflicted))
    return render_template("review_class.html", rows=rows, items=items(), keys=KEYS,
                           maximum=sum(item.points for item in items()),
                           complete=sum(not row["missing"] for row in rows))


@pages.get("/<folder>/")
@pages.get("/<folder>/index.html")
def student_page(folder):
    student = student_or_404(folder, styled=True)
    snapshot = classroom().current()
    entries = store().entries(folder)
    conflicts = [conflict for conflict in store().conflicts() if conflict.student == folder]
    pairs = snapshot.pairs or []
    return render_template(
        "review_student.html", items=items(), entries=entries, keys=KEYS,
        hand_total=hand_total(entries), maximum=sum(item.points for item in items()),
        conflicts=conflicts, shown_entry=shown_entry,
        conflicted={conflict.item for conflict in conflicts},
        titles={item.id: item.title for item in items()},
        position=snapshot.students.index(student) + 1, count=len(snapshot.students),
        previous=snapshot.neighbour(folder, -1), next=snapshot.neighbour(folder, 1),
        pairs_state="computing" if snapshot.pairs is None else snapshot.pairs_problem,
        **render.student_context(current_app.config["OUT"], student, pairs,
                                 snapshot.pair_numbers))


@pages.get("/_similar/<int:number>.html")
def pair_page(number):
    pairs = classroom().current().pairs or []
    if not 1 <= number <= len(pairs):
        abort(404)
    return render_template("pair.html", pair=pairs[number - 1], number=number,
                           css=Markup(pages_css()), script=Markup(pages_script()),
                           script_hash=render.script_hash())


@pages.get("/favicon.ico")
def no_icon():
    return "", 204


@pages.get("/_pages/pages.css")
def pages_stylesheet():
    return current_app.response_class(pages_css(), mimetype="text/css")


@pages.get("/_pages/pages.js")
def pages_javascript():
    return current_app.response_class(pages_script(), mimetype="text/javascript")


def pages_css():
    return (render.TEMPLATES / "pages.css").read_text(encoding="utf-8") + render.highlight_css()


def pages_script():
    return (render.TEMPLATES / "pages.js").read_text(encoding="utf-8")


@pages.get("/_next/", defaults={"folder": ""})
@pages.get("/_next/<folder>/")
def next_student(folder):
    """The student after folder (?step=-1: before it); ?missing=1: the next one without all
    hand points, or the class page when every student has them."""
    snapshot = classroom().current()
    step = -1 if request.args.get("step") == "-1" else 1
    if request.args.get("missing") != "1":
        found = snapshot.neighbour(folder, step)
        return redirect("/" if found is None else folder_url(found.folder))
    folders = [student.folder for student in snapshot.students]
    start = folders.index(folder) + 1 if folder in folders else 0
    for candidate in folders[start:] + folders[:start]:
        if store().missing(candidate, items()):
            return redirect(folder_url(candidate))
    return redirect("/?complete=1")


@pages.app_template_global("student_url")
def folder_url(folder):
    return "/" + render.quote(folder, safe="") + "/"


@pages.get("/_api/points/<folder>")
def points_of(folder):
    student_or_404(folder)
    return jsonify({item: entry._asdict() for item, entry in store().entries(folder).items()})


@pages.post("/_api/points/<folder>")
def save_points(folder):
    """Save one item's points and comment: {"item", "points" (a number, or null for none
    yet), "comment"}; answers the entry saved, or 400 {"error"} saying why not."""
    student_or_404(folder)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        return jsonify(error="expected a JSON object"), 400
    try:
        entry = store().save(folder, data.get("item"), number(data.get("points")),
                             data.get("comment", ""), current_app.config["GRADER"])
    except HandPointsError as error:
        return jsonify(error=str(error)), 400
    return jsonify(entry._asdict())


@pages.post("/_api/take/<folder>")
def take_conflict(folder):
    """Settle a merge's conflict: {"item", "which": "mine" or "theirs"}."""
    student_or_404(folder)
    data = request.get_json(silent=True) or {}
    try:
        entry = store().take(folder, data.get("item"), data.get("which"))
    except HandPointsError as error:
        return jsonify(error=str(error)), 400
    return jsonify(entry._asdict())


def number(value):
    """The points as typed ("7", "6.5", "" for none yet) or as a JSON number."""
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        try:
            return float(text)
        except ValueError:
            return value     # the store says why it is not points
    return value
