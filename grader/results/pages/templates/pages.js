// Sortable tables: click a column's title to sort by it, again to reverse.
// A cell's data-sort value is used when present; numbers sort as numbers, blanks last.
(function () {
  "use strict";
  function key(row, column) {
    var cell = row.cells[column];
    if (!cell) { return ""; }
    return cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim();
  }
  function compare(a, b, numeric) {
    if (a === "" || b === "") { return (a === "") - (b === ""); }
    if (numeric) { return parseFloat(a) - parseFloat(b); }
    return a.localeCompare(b, undefined, {sensitivity: "base", numeric: true});
  }
  function sortBy(table, header) {
    var column = header.cellIndex;
    var numeric = header.getAttribute("data-type") === "number";
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var ka = key(a, column), kb = key(b, column);
      if (ka === "" || kb === "") { return compare(ka, kb, numeric); }
      var order = compare(ka, kb, numeric);
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    Array.prototype.forEach.call(header.parentNode.cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header) {
      header.addEventListener("click", function () { sortBy(table, header); });
    });
  });
}());
