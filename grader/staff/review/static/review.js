// review: every hand point and comment is saved as it is typed (a comment after a pause,
// points when they change; both when a field is left), each row saying saved or failed;
// the keys move between items and students, flushing what is not saved yet first.
(function () {
  "use strict";
  var nav = document.querySelector("nav.students");
  var rows = Array.prototype.slice.call(document.querySelectorAll(".hand-item"));
  var pageState = document.getElementById("page-state");
  var COMMENT_PAUSE = 700;   // ms after the last key of a comment
  var leaveAnyway = false;   // a key pressed again leaves a page whose saves failed

  function apiUrl(kind) {
    return "/_api/" + kind + "/" + encodeURIComponent(nav.getAttribute("data-folder"));
  }

  function setState(row, text, kind) {
    var cell = row.querySelector(".save-state");
    cell.textContent = text;
    cell.className = "save-state " + (kind || "");
    row.setAttribute("data-state", kind || "");
    if (kind === "failed") { leaveAnyway = false; }   // a new failure: warned again
    showPageState();
  }

  function showPageState() {
    if (!pageState) { return; }
    var failed = rows.filter(function (row) { return row.getAttribute("data-state") === "failed"; });
    var busy = rows.filter(function (row) {
      return row.saving || row.dirty;
    });
    if (failed.length) {
      pageState.textContent = failed.length + " not saved";
      pageState.className = "save-state failed";
    } else if (busy.length) {
      pageState.textContent = "saving…";
      pageState.className = "save-state saving";
    } else {
      pageState.textContent = "all saved";
      pageState.className = "save-state saved";
    }
  }

  function showTotal() {
    var total = 0;
    rows.forEach(function (row) {
      var value = parseFloat(row.querySelector("input.points").value);
      if (!isNaN(value)) { total += value; }
    });
    var shown = document.getElementById("hand-total");
    if (shown) { shown.textContent = String(Math.round(total * 100) / 100); }
  }

  // One save at a time per row, in order; the values sent are the row's when it is sent.
  function save(row, keepalive) {
    clearTimeout(row.timer);
    row.dirty = false;
    row.saving = (row.saving || Promise.resolve()).then(function () {
      var body = JSON.stringify({
        item: row.getAttribute("data-item"),
        points: row.querySelector("input.points").value,
        comment: row.querySelector("textarea.comment").value
      });
      setState(row, "saving…", "saving");
      return fetch(apiUrl("points"), {
        method: "POST", headers: {"Content-Type": "application/json"}, body: body,
        credentials: "same-origin", keepalive: !!keepalive
      }).then(function (response) {
        return response.json().catch(function () {
          return {error: "the app answered " + response.status};
        }).then(function (answer) {
          if (!response.ok || answer.error) { throw new Error(answer.error || response.status); }
          if (!row.dirty) {
            setState(row, "saved " + new Date(answer.saved_at).toLocaleTimeString() + (answer.grader ? " by " + answer.grader : ""), "saved");
          }
        });
      }).catch(function (error) {
        row.dirty = false;
        setState(row, "NOT SAVED: " + (error.message || error), "failed");
      });
    }).then(function () { row.saving = null; showPageState(); });
    showPageState();
    return row.saving;
  }

  function edited(row, pause) {
    row.dirty = true;
    setState(row, "not saved yet", "dirty");
    clearTimeout(row.timer);
    row.timer = setTimeout(function () { save(row); }, pause);
  }

  function flush() {
    return Promise.all(rows.map(function (row) {
      return row.dirty ? save(row) : (row.saving || Promise.resolve());
    }));
  }

  function go(url) {
    flush().then(function () {
      var failed = rows.some(function (row) { return row.getAttribute("data-state") === "failed"; });
      if (failed && !leaveAnyway) {
        leaveAnyway = true;
        pageState.textContent = "NOT SAVED (see the red rows): press the key again to leave anyway";
        return;
      }
      leaveAnyway = true;
      window.location.href = url;
    });
  }

  function focusRow(index) {
    if (!rows.length) { return; }
    var row = rows[(index + rows.length) % rows.length];
    var input = row.querySelector("input.points");
    input.focus();
    input.select();
    row.scrollIntoView({block: "nearest"});
  }

  function currentRow() {
    var active = document.activeElement;
    return rows.findIndex(function (row) { return row.contains(active); });
  }

  rows.forEach(function (row, index) {
    var points = row.querySelector("input.points");
    var comment = row.querySelector("textarea.comment");
    points.addEventListener("input", function () { edited(row, COMMENT_PAUSE); showTotal(); });
    points.addEventListener("change", function () { save(row); });
    comment.addEventListener("input", function () { edited(row, COMMENT_PAUSE); });
    comment.addEventListener("change", function () { save(row); });
    comment.addEventListener("blur", function () { if (row.dirty) { save(row); } });
    points.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); comment.focus(); }
    });
    comment.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.shiftKey) {   // Shift+Enter: a new line
        event.preventDefault();
        if (row.dirty) { save(row); }
        focusRow(index + 1);
      }
    });
  });

  Array.prototype.forEach.call(document.querySelectorAll("button.take"), function (button) {
    button.addEventListener("click", function () {
      var box = button.closest(".conflict");
      fetch(apiUrl("take"), {
        method: "POST", headers: {"Content-Type": "application/json"}, credentials: "same-origin",
        body: JSON.stringify({item: box.getAttribute("data-item"), which: button.getAttribute("data-which")})
      }).then(function (response) {
        return response.json().then(function (answer) {
          if (!response.ok) { throw new Error(answer.error || response.status); }
          window.location.reload();
        });
      }).catch(function (error) { box.append(" NOT SETTLED: " + (error.message || error)); });
    });
  });

  function link(id) {
    var anchor = document.getElementById(id);
    return anchor ? anchor.getAttribute("href") : null;
  }

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key === "Escape" && (target.matches("input, textarea"))) {
      target.blur();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || target.matches("input, textarea, select, button")) {
      return;
    }
    var keys = {n: "next", p: "previous", u: nav ? "next-missing" : "start", c: "to-class"};
    if (event.key === "j" || event.key === "k") {
      var at = currentRow();
      focusRow(at < 0 ? (event.key === "j" ? 0 : -1) : at + (event.key === "j" ? 1 : -1));
      event.preventDefault();
    } else if (keys[event.key] && link(keys[event.key])) {
      event.preventDefault();
      go(link(keys[event.key]));
    }
  });

  window.addEventListener("beforeunload", function (event) {
    var unsaved = rows.filter(function (row) {
      return row.dirty || row.getAttribute("data-state") === "failed";
    });
    unsaved.forEach(function (row) { if (row.dirty) { save(row, true); } });
    if (unsaved.length && !leaveAnyway) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
  showPageState();
}());
