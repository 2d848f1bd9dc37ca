/*
 * The reference's only script: the navigation toggle on small screens and the search box.
 * Vanilla JS, no framework. The search index is a script (search-index.js) loaded on first use,
 * because pages opened from file:// may load a script but not fetch() a file. Results are built
 * with DOM methods and textContent only: no index text is ever parsed as HTML.
 */
(function () {
  'use strict';
  var doc = document;
  doc.documentElement.classList.add('js');
  var root = doc.body.getAttribute('data-root') || '';

  var navButton = doc.querySelector('.nav-button');
  if (navButton) {
    navButton.setAttribute('aria-expanded', 'false');
    navButton.addEventListener('click', function () {
      var open = doc.body.classList.toggle('nav-open');
      navButton.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
  }

  var input = doc.getElementById('search-input');
  var box = doc.getElementById('search-results');
  if (!input || !box) return;
  var KIND_LABEL = { operation: 'Operation', parameter: 'Parameter', schema: 'Schema', error: 'Error code' };
  var KIND_RANK = { operation: 0, error: 1, schema: 2, parameter: 3 };
  var loading = false;
  var waiting = [];

  // The index loads once; whatever asked for it meanwhile runs when it arrives.
  function ensureIndex(then) {
    if (self.TMS_SEARCH_INDEX) return then();
    waiting.push(then);
    if (loading) return;
    loading = true;
    var script = doc.createElement('script');
    script.src = input.getAttribute('data-index');
    script.onload = function () {
      loading = false;
      var run = waiting;
      waiting = [];
      run.forEach(function (f) { f(); });
    };
    script.onerror = function () { loading = false; waiting = []; show([], 'The search index could not be loaded.'); };
    doc.head.appendChild(script);
  }

  function score(entry, terms) {
    var name = entry[1].toLowerCase();
    var hay = (entry[1] + ' ' + entry[2]).toLowerCase();
    var total = 0;
    for (var i = 0; i < terms.length; i++) {
      var t = terms[i];
      if (name === t) total += 100;
      else if (name.indexOf(t) === 0) total += 50;
      else if (name.indexOf(t) >= 0) total += 20;
      else if (hay.indexOf(t) >= 0) total += 5;
      else return 0;
    }
    return total;
  }

  function search() {
    var q = input.value.trim().toLowerCase();
    if (q === '') { hide(); return; }
    ensureIndex(function () {
      var terms = q.split(/\s+/);
      var found = [];
      var index = self.TMS_SEARCH_INDEX || [];
      for (var i = 0; i < index.length; i++) {
        var s = score(index[i], terms);
        if (s > 0) found.push([s, index[i]]);
      }
      found.sort(function (a, b) {
        return b[0] - a[0] || KIND_RANK[a[1][0]] - KIND_RANK[b[1][0]] || (a[1][1] < b[1][1] ? -1 : a[1][1] > b[1][1] ? 1 : 0);
      });
      show(found.slice(0, 30).map(function (f) { return f[1]; }), found.length === 0 ? 'No match for “' + input.value.trim() + '”.' : '');
    });
  }

  function show(entries, message) {
    box.textContent = '';
    if (message) {
      var p = doc.createElement('p');
      p.className = 'search-message';
      p.textContent = message;
      box.appendChild(p);
    }
    if (entries.length > 0) {
      var ul = doc.createElement('ul');
      entries.forEach(function (e) {
        var li = doc.createElement('li');
        var a = doc.createElement('a');
        a.href = root + e[3];
        a.className = 'search-hit search-' + e[0];
        var kind = doc.createElement('span');
        kind.className = 'search-kind';
        kind.textContent = KIND_LABEL[e[0]] || e[0];
        var name = doc.createElement('span');
        name.className = 'search-name';
        name.textContent = e[1];
        var context = doc.createElement('span');
        context.className = 'search-context';
        context.textContent = e[2];
        a.appendChild(kind);
        a.appendChild(name);
        a.appendChild(context);
        li.appendChild(a);
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
    box.hidden = false;
  }

  function hide() {
    box.hidden = true;
    box.textContent = '';
  }

  input.addEventListener('focus', function () { ensureIndex(function () {}); });
  input.addEventListener('input', search);
  input.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape') { input.value = ''; hide(); }
    if (ev.key === 'Enter') {
      var first = box.querySelector('a');
      if (first) { ev.preventDefault(); first.click(); }
    }
    if (ev.key === 'ArrowDown') {
      var firstHit = box.querySelector('a');
      if (firstHit) { ev.preventDefault(); firstHit.focus(); }
    }
  });
  box.addEventListener('keydown', function (ev) {
    var current = doc.activeElement;
    if (!current || !current.classList.contains('search-hit')) return;
    var li = current.parentNode;
    if (ev.key === 'ArrowDown' && li.nextSibling) { ev.preventDefault(); li.nextSibling.firstChild.focus(); }
    if (ev.key === 'ArrowUp') { ev.preventDefault(); if (li.previousSibling) li.previousSibling.firstChild.focus(); else input.focus(); }
    if (ev.key === 'Escape') { input.focus(); hide(); }
  });
  doc.addEventListener('keydown', function (ev) {
    var tag = (ev.target && ev.target.tagName) || '';
    if (ev.key === '/' && tag !== 'INPUT' && tag !== 'TEXTAREA') { ev.preventDefault(); input.focus(); }
  });
  doc.addEventListener('click', function (ev) {
    if (!box.contains(ev.target) && ev.target !== input) hide();
  });
})();

// On paper every example is shown: open the collapsed ones for printing.
window.addEventListener('beforeprint', function () {
  var all = document.querySelectorAll('details:not([open])');
  for (var i = 0; i < all.length; i++) { all[i].setAttribute('open', ''); all[i].setAttribute('data-print-opened', ''); }
});
window.addEventListener('afterprint', function () {
  var all = document.querySelectorAll('details[data-print-opened]');
  for (var i = 0; i < all.length; i++) { all[i].removeAttribute('open'); all[i].removeAttribute('data-print-opened'); }
});
