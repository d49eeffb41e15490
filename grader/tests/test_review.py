"""review (grader/staff/review): the token and the address it answers, the saves' checks,
every student string escaped, a regrade seen, and the command's messages and statuses. The
app in a real browser: test_review_browser.py."""
import http.client
import json
import subprocess
import sys

import pytest

from grader import KIT_ROOT
from grader.results.pages import layout
from grader.results.rubric import default_hand_items
from grader.staff.hand_points import HandPoints
from grader.tests.review_class import Review
from grader.tests.test_pages import class_of, source

HOSTILE_NAME = '<img src=x onerror="window.pwned=1">"; Robert\'); --'
HOSTILE_FOLDER = "<img src=x onerror=alert(1)>"
PORT = 8999     # the test client's requests name it; nothing listens


@pytest.fixture
def out(tmp_path):
    """A class as grade-all writes it: a full score, a hostile name, a hostile folder's name
    (made by hand: grade-all never makes it), one not graded."""
    out = tmp_path / "out"
    sources = [("wordle.py", source("wordle.py")), ("easy_wordle.py", source("easy_wordle.py"))]
    layout.write_submission(out, "ada", class_of((12, 4)), "report of ada\n", sources)
    layout.write_submission(out, HOSTILE_NAME, class_of((10.5, 0)), "Score: <b>10.5</b>\n",
                            [("wordle.py", b"# </textarea><script>window.pwned=2</script>\n")])
    layout.write_submission(out, "cy", class_of((12, 4)), "report\n", sources)
    (out / layout.folder_name("cy")).rename(out / HOSTILE_FOLDER)
    (out / HOSTILE_FOLDER / layout.STUDENT).write_text(json.dumps({"student": HOSTILE_FOLDER}))
    layout.write_submission(out, "broken zip", error="cannot grade x.zip: <b>not a zip</b>")
    return out


@pytest.fixture
def client(out):
    from grader.staff.review.app import create_app
    from grader.staff.review.classroom import Classroom
    items = default_hand_items()
    classroom = Classroom(out)
    with HandPoints(out, items) as store:
        app = create_app(out, classroom, store, items, "tester", "the-token", PORT)
        yield app.test_client()
    classroom.close()


def get(client, path, token="the-token", host="127.0.0.1:%d" % PORT):
    separator = "&" if "?" in path else "?"
    return client.get(path + (separator + "token=" + token if token else ""),
                      headers={"Host": host})


def post(client, path, data, **headers):
    return client.post(path, data=json.dumps(data), headers=dict(
        {"Host": "127.0.0.1:%d" % PORT, "Content-Type": "application/json"}, **headers))


def test_only_requests_with_the_token_to_this_machines_address_are_answered(client):
    assert get(client, "/", token=None).status_code == 403
    assert get(client, "/", token="the-token!").status_code == 403
    assert get(client, "/", host="evil.example:%d" % PORT).status_code == 403   # DNS rebinding
    answer = get(client, "/")
    assert answer.status_code == 200 and "Hand grading: 4 students" in answer.text
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert get(client, "/ada/", token=None).status_code == 200        # the cookie, from now on
    policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("style-src")[0]
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_a_save_is_checked_committed_at_once_and_only_sent_as_json_from_here(client, out):
    get(client, "/")
    answer = post(client, "/_api/points/ada", {"item": "style", "points": "11", "comment": ""})
    assert answer.status_code == 400 and "from 0 to 10, not 11" in answer.json["error"]
    answer = post(client, "/_api/points/ada", {"item": "style", "points": "abc", "comment": ""})
    assert answer.status_code == 400 and "not \"abc\"" in answer.json["error"]
    answer = post(client, "/_api/points/ada", {"item": "review.check_word", "points": "5.5",
                                               "comment": "misses a double letter"})
    assert answer.status_code == 200 and answer.json["points"] == 5.5
    assert answer.json["grader"] == "tester"
    with HandPoints(out) as other:      # another connection sees it: committed
        entry = other.entries("ada")["review.check_word"]
        assert (entry.points, entry.comment) == (5.5, "misses a double letter")
    answer = post(client, "/_api/points/ada", {"item": "style", "points": "", "comment": "later"})
    assert answer.status_code == 200 and answer.json["points"] is None     # a comment first
    form = client.post("/_api/points/ada", data={"item": "style", "points": "9"},
                       headers={"Host": "127.0.0.1:%d" % PORT})
    assert form.status_code == 403      # a form of another site's page cannot save
    assert post(client, "/_api/points/ada", {"item": "style", "points": 9, "comment": ""},
                Origin="http://evil.example").status_code == 403
    assert post(client, "/_api/points/nobody", {"item": "style", "points": 9}).status_code == 404
    assert get(client, "/_api/points/ada").json["review.check_word"]["points"] == 5.5


def test_student_names_folders_code_and_errors_are_escaped_on_every_page(client, out):
    hostile_folder = layout.folder_name(HOSTILE_NAME)
    pages = [get(client, "/").text, get(client, "/%s/" % hostile_folder).text,
             get(client, "/%s/" % "%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E").text]
    assert HOSTILE_FOLDER.replace("<", "&lt;").replace(">", "&gt;") in pages[2]
    for page in pages:
        assert "<img" not in page and "<script>window" not in page and "<b>" not in page
    assert "&lt;img src=x onerror=" in pages[0] and "&lt;/textarea&gt;&lt;script&gt;" in pages[1]
    assert get(client, "/broken%20zip/").status_code == 404          # its folder is broken_zip-…
    broken = get(client, "/%s/" % layout.folder_name("broken zip")).text
    assert "Not graded: cannot grade x.zip" in broken


def test_a_regrade_while_the_app_runs_is_shown_and_keeps_the_hand_points(client, out):
    get(client, "/")
    assert post(client, "/_api/points/ada", {"item": "style", "points": 8,
                                             "comment": "tidy"}).status_code == 200
    assert "12&thinsp;/&thinsp;12" in get(client, "/ada/").text
    layout.write_submission(out, "ada", class_of((9, 4)), "regraded\n",
                            [("wordle.py", source("wordle.py"))])
    page = get(client, "/ada/").text
    assert "9&thinsp;/&thinsp;12" in page and 'value="8"' in page and ">tidy</textarea>" in page


def test_next_without_hand_points_skips_those_who_have_them_all(client, out):
    get(client, "/")
    for item in default_hand_items():
        post(client, "/_api/points/ada", {"item": item.id, "points": item.points, "comment": ""})
    first = get(client, "/_next/?missing=1")
    assert first.status_code == 302 and first.headers["Location"] != "/ada/"
    folders = sorted(path.name for path in out.iterdir() if path.is_dir())
    after_ada = folders[(folders.index("ada") + 1) % len(folders)]
    assert get(client, "/_next/ada/?missing=1").headers["Location"].startswith(
        "/" + after_ada[:3].replace("<", "%3C"))


def review(*arguments, **options):
    return subprocess.run([sys.executable, "-m", "grader", "review"] + list(arguments),
                          cwd=KIT_ROOT, capture_output=True, text=True, timeout=60, **options)


def test_the_command_prints_its_address_refuses_no_token_and_ends_on_ctrl_c(out):
    server = Review(out)
    try:
        host = server.base.split("//")[1]
        connection = http.client.HTTPConnection(host, timeout=10)
        connection.request("GET", "/")
        refused = connection.getresponse()
        assert refused.status == 403 and b"token" in refused.read()
        connection.request("GET", "/?token=" + server.token)
        answer = connection.getresponse()
        assert answer.status == 200 and "Hand grading" in answer.read().decode()
        busy = review(str(out), "--no-browser", "--port", host.split(":")[1])
        assert busy.returncode == 2 and "cannot listen on 127.0.0.1 port" in busy.stderr
    finally:
        status, errors = server.stop()
    assert status == 130 and "every saved entry is in" in errors and "Traceback" not in errors


def test_missing_libraries_and_a_folder_of_no_graded_class_are_exit_2(out, tmp_path):
    blocked = subprocess.run(
        [sys.executable, "-c", "import sys; sys.modules['flask'] = sys.modules['waitress'] = "
         "None; from grader.staff.cli import main; sys.exit(main(sys.argv[1:]))", "review",
         str(out)], cwd=KIT_ROOT, capture_output=True, text=True, timeout=60)
    assert blocked.returncode == 2
    assert "review needs flask, waitress" in blocked.stderr
    assert "python -m pip install -r requirements.txt" in blocked.stderr
    assert not (out / "hand_points.sqlite3").exists()       # before any work
    empty = review(str(tmp_path / "nothing"), "--no-browser")
    assert empty.returncode == 2 and "is not a folder" in empty.stderr
    assert review("--port", "70000", str(out)).returncode == 2


def test_a_conflict_from_a_merge_is_shown_on_the_students_page_until_settled(
        client, out, tmp_path):
    get(client, "/")
    assert post(client, "/_api/points/ada", {"item": "style", "points": 8,
                                             "comment": "tidy"}).status_code == 200
    (tmp_path / "other").mkdir()
    with HandPoints(tmp_path / "other") as theirs:
        theirs.save("ada", "style", 6, "<i>long lines</i>", "bob")
        theirs.save("ada", "review.check_word", 5, "", "bob")
    with HandPoints(out) as store:
        assert len(store.merge(tmp_path / "other" / "hand_points.sqlite3").conflicts) == 1
    page = get(client, "/ada/").text
    assert "Conflict from a merge, Code style:" in page and "&lt;i&gt;long lines" in page
    assert 'class="hand-item conflicted" data-item="style"' in page
    assert "conflict from a merge" in get(client, "/").text
    answer = post(client, "/_api/take/ada", {"item": "style", "which": "theirs"})
    assert answer.status_code == 200 and answer.json["points"] == 6
    page = get(client, "/ada/").text
    assert "Conflict from a merge" not in page and 'value="6"' in page
    assert post(client, "/_api/take/ada", {"item": "style", "which": "mine"}).status_code == 400
