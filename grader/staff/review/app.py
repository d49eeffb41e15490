"""The review app: Flask, its templates (review's own, then the staff pages'), and what guards
it: only requests to this machine's address that carry the token (in the URL, then a cookie)
are answered, and every answer forbids scripts other than the app's own files."""
import hmac
from pathlib import Path

from grader.results.pages import render
from grader.staff.review import routes

HERE = Path(__file__).resolve().parent
# The pair page is the staff pages' own (pair.html, whose inline script the hash allows);
# the pages' style attributes (the pass-rate bars) need inline styles.
POLICY = ("default-src 'none'; script-src 'self' '%s'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
          "frame-ancestors 'none'")


def create_app(out, classroom, store, items, grader, token, port):
    """The app for the class in OUT (a Classroom) and its hand points (a HandPoints, shared
    by the server's threads), the rubric's hand items, the name saved with each entry, the
    token its requests must carry and the port it listens on."""
    import jinja2
    from flask import Flask, abort, request

    app = Flask(__name__, static_folder=str(HERE / "static"), static_url_path="/_static",
                template_folder=str(HERE / "templates"))
    app.jinja_loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(HERE / "templates")),
                                            jinja2.FileSystemLoader(str(render.TEMPLATES))])
    app.jinja_env.undefined = jinja2.StrictUndefined
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True
    render.add_helpers(app.jinja_env)
    app.jinja_env.globals["database"] = store.path
    app.jinja_env.filters["when"] = lambda saved_at: saved_at.replace("T", " ").replace(
        "+00:00", " UTC")
    app.config.update(OUT=out, CLASSROOM=classroom, STORE=store, ITEMS=tuple(items),
                      GRADER=grader,
                      JSON_SORT_KEYS=False, MAX_CONTENT_LENGTH=1024 * 1024)
    hosts = {"127.0.0.1:%d" % port, "localhost:%d" % port}
    cookie = "wordle_review_%d" % port      # one per port: two apps on one machine
    policy = POLICY % render.script_hash()

    @app.before_request
    def only_with_the_token():
        # The Host check stops a page of another site that renames itself to 127.0.0.1
        # (DNS rebinding); the token stops every other program and user of this machine.
        if request.host not in hosts:
            abort(403)
        given = request.args.get("token") or request.cookies.get(cookie) or ""
        if not hmac.compare_digest(given.encode(), token.encode()):
            abort(403)
        if request.method == "POST":    # a page of another site cannot send JSON here
            origin = request.headers.get("Origin")
            if not request.is_json or (origin and origin.split("//", 1)[-1] not in hosts):
                abort(403)

    @app.after_request
    def guarded(response):
        if request.args.get("token") == token:
            response.set_cookie(cookie, token, httponly=True, samesite="Strict")
        response.headers["Content-Security-Policy"] = policy
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"      # the token is in URLs
        response.headers["Cache-Control"] = "no-store"           # a reload shows what is saved
        return response

    @app.errorhandler(403)
    def forbidden(error):
        return ("403: this review app answers only its own address with the token printed "
                "when it started (open that address)\n", 403,
                {"Content-Type": "text/plain; charset=utf-8"})

    app.register_blueprint(routes.pages)
    return app
