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

  // Request samples: curl is on the page as text; the other languages are spelled here from the
  // sample's data (assets/samples.js, the generator's own speller bundled), then a tab per
  // language is added. Highlighted HTML from the speller: contract text in it is escaped there.
  var sampleData = doc.querySelector('.sample-data');
  var requestPanel = doc.querySelector('.panel-request');
  if (sampleData && requestPanel && self.TMSSamples) {
    var spelled = self.TMSSamples.spelledPanels(JSON.parse(sampleData.textContent));
    var sampleBoxes = requestPanel.querySelectorAll('.sample');
    spelled.forEach(function (langs, i) {
      if (!langs || !sampleBoxes[i]) return;
      langs.forEach(function (l) {
        var panel = doc.createElement('div');
        panel.className = 'code-block lang-panel';
        panel.setAttribute('data-lang', l.id);
        panel.setAttribute('data-hidden', '');
        panel.innerHTML = '<pre class="code" tabindex="0"><code>' + l.html + '</code></pre>';
        sampleBoxes[i].appendChild(panel);
      });
    });
  }
  if (requestPanel && self.TMSSamples) {
    var tabs = doc.createElement('div');
    tabs.className = 'lang-tabs';
    tabs.setAttribute('role', 'group');
    tabs.setAttribute('aria-label', 'Sample language');
    self.TMSSamples.SAMPLE_LANGUAGES.forEach(function (l, i) {
      if (!requestPanel.querySelector('.lang-panel[data-lang="' + l.id + '"]')) return;
      var tab = doc.createElement('button');
      tab.type = 'button';
      tab.className = 'lang-tab';
      tab.setAttribute('data-lang', l.id);
      tab.setAttribute('aria-pressed', i === 0 ? 'true' : 'false');
      tab.textContent = l.label;
      tabs.appendChild(tab);
    });
    requestPanel.querySelector('.panel-head').appendChild(tabs);
  }

  // The controls only this script can work are made here, not written on every page: the
  // navigation button of small screens and the search box (~0.9 MB over GitHub's 2,200 pages).
  var topbar = doc.querySelector('.topbar');
  var navButton = null;
  if (topbar) {
    navButton = doc.createElement('button');
    navButton.type = 'button';
    navButton.className = 'nav-button';
    navButton.setAttribute('aria-controls', 'sidebar');
    navButton.setAttribute('aria-label', 'Navigation');
    navButton.textContent = '\u2630';
    topbar.insertBefore(navButton, topbar.firstChild);
    var searchBox = doc.createElement('div');
    searchBox.className = 'search';
    searchBox.setAttribute('role', 'search');
    searchBox.innerHTML = '<label for="search-input" class="visually-hidden">Search the reference</label>' +
      '<input id="search-input" type="search" placeholder="Search\u2026  ( / )" autocomplete="off" spellcheck="false">' +
      '<div id="search-results" class="search-results" aria-live="polite" hidden></div>';
    topbar.appendChild(searchBox);
  }
  if (navButton) {
    navButton.setAttribute('aria-expanded', 'false');
    navButton.addEventListener('click', function () {
      var open = doc.body.classList.toggle('nav-open');
      navButton.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
  }

  // A section heading's hover "#" link (aria-hidden and out of the tab order: a mouse
  // convenience; the heading's id is the deep link) is made here rather than written on every
  // page: ~80 bytes for each of 5 headings on each of GitHub's 1,200 operation pages.
  Array.prototype.forEach.call(doc.querySelectorAll('.op-text h2[id]'), function (h) {
    var a = doc.createElement('a');
    a.className = 'heading-anchor';
    a.href = '#' + h.id;
    a.setAttribute('aria-hidden', 'true');
    a.tabIndex = -1;
    a.textContent = '#';
    h.insertBefore(a, h.firstChild);
  });

  // A field's or a parameter's name links to its own row (the row's id is the deep link to
  // share), made here rather than written: ~0.7 MB over GitHub's reference, whose schema pages
  // list thousands of fields.
  Array.prototype.forEach.call(doc.querySelectorAll('li[id^="field-"] > .fh > code:first-child, tr[id^="param-"] > td:first-child > code:first-child'), function (code) {
    var a = doc.createElement('a');
    a.href = '#' + code.parentNode.parentNode.id;
    if (code.parentNode.tagName === 'TD') a.className = 'anchor';
    code.parentNode.insertBefore(a, code);
    a.appendChild(code);
  });

  // Break points (<wbr>) inside long runs without spaces (operation ids, paths, schema and
  // error code names): after `/`, `_`, `-`, `.`, before `{` and between a lower-case letter or
  // digit and an upper-case one, so a narrow column wraps GetCustomers|Customer between words
  // instead of in the middle of one. The one place this rule lives: the pages are written
  // without them (without the script, CSS's overflow-wrap still keeps every line in its box).
  // Runs up to `shortRun` characters stay whole (12; error code names break at every `_`).
  function breakPieces(run, shortRun) {
    if (run.length <= shortRun) return [run];
    var out = [], piece = '';
    for (var i = 0; i < run.length; i++) {
      var c = run.charAt(i), next = run.charAt(i + 1);
      piece += c;
      // A leading `/` or `_` stays with the word it introduces.
      if (next && /[A-Za-z0-9]/.test(piece) && (/[\/_.-]/.test(c) || next === '{' || (/[a-z0-9]/.test(c) && /[A-Z]/.test(next)))) {
        out.push(piece);
        piece = '';
      }
    }
    out.push(piece);
    return out;
  }
  function appendBreakable(el, text, shortRun) {
    text.split(/(\s+)/).forEach(function (run) {
      breakPieces(run, shortRun === undefined ? 12 : shortRun).forEach(function (piece, i) {
        if (i > 0) el.appendChild(doc.createElement('wbr'));
        el.appendChild(doc.createTextNode(piece));
      });
    });
  }
  // The page's own names: headings, code outside code blocks, table links, sidebar labels.
  function breakText(el, shortRun) {
    var walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    var nodes = [];
    for (var n = walker.nextNode(); n; n = walker.nextNode()) if (/\S{13,}|_/.test(n.nodeValue)) nodes.push(n);
    nodes.forEach(function (node) {
      var span = doc.createDocumentFragment();
      appendBreakable(span, node.nodeValue, shortRun);
      node.parentNode.replaceChild(span, node);
    });
  }
  Array.prototype.forEach.call(doc.querySelectorAll('main h1, main :not(pre) > code, main td > a, .nav-label'), function (el) {
    breakText(el, el.classList.contains('code-name') ? 0 : 12);
  });

  // A big site's sidebar: built from nav.js (one shared script) with DOM methods, text only.
  var navList = doc.querySelector('.nav-groups[data-nav]');
  if (navList) {
    var navScript = doc.createElement('script');
    navScript.src = root + 'nav.js';
    navScript.onload = function () {
      var groups = self.TMS_NAV || [];
      var currentGroup = navList.getAttribute('data-nav');
      // this page, as nav.js names it: its path below the site's root (root is '' or '../')
      var depth = root.split('../').length - 1;
      var currentPage = decodeURIComponent(location.pathname).split('/').slice(-1 - depth).join('/');
      var currentHref = null;
      var section = null;
      navList.textContent = '';
      groups.forEach(function (g) {
        // The document's sections (x-tagGroups), when it has some: a heading where one starts.
        if (g.length > 4 && g[4] !== section) {
          section = g[4];
          var heading = doc.createElement('li');
          heading.className = 'nav-heading';
          heading.textContent = section;
          navList.appendChild(heading);
        }
        var li = doc.createElement('li');
        li.className = 'nav-group';
        var a = doc.createElement('a');
        a.className = 'nav-group-link';
        a.href = root + g[1];
        a.textContent = g[0];
        li.appendChild(a);
        var isCurrent = g[3] === currentGroup;
        if (isCurrent) {
          li.className += ' is-current';
          var ul = doc.createElement('ul');
          g[2].forEach(function (op) {
            var item = doc.createElement('li');
            if (op.length > 4) {
              if (op[4]) item.setAttribute('data-since', op[4]);
              if (op[5]) item.setAttribute('data-removed', op[5]);
            }
            var link = doc.createElement('a');
            link.href = root + op[2];
            if (op[3]) link.className = 'is-deprecated';
            if (op[2] === currentPage) { link.setAttribute('aria-current', 'page'); currentHref = link; }
            var method = doc.createElement('span');
            method.className = 'method method-' + op[0].toLowerCase();
            method.textContent = op[0];
            var label = doc.createElement('span');
            label.className = 'nav-label';
            appendBreakable(label, op[1]);
            link.appendChild(method);
            link.appendChild(doc.createTextNode(' '));
            link.appendChild(label);
            item.appendChild(link);
            ul.appendChild(item);
          });
          li.appendChild(ul);
        }
        navList.appendChild(li);
      });
      if (currentHref && currentHref.scrollIntoView) currentHref.scrollIntoView({ block: 'center' });
      if (self.TMS_APPLY_LEVEL) self.TMS_APPLY_LEVEL();
    };
    doc.head.appendChild(navScript);
  }

  // Storage can be missing or refused (file:// in some browsers, private modes): remember nothing then.
  function stored(kind, key, value) {
    try {
      var store = kind === 'session' ? self.sessionStorage : self.localStorage;
      if (value === undefined) return store.getItem(key);
      if (value === null) store.removeItem(key);
      else store.setItem(key, value);
    } catch (e) { /* not remembered */ }
    return null;
  }

  // Language tabs: one choice for every sample on every page, remembered across pages.
  var LANG_KEY = 'tms-docs-language';
  function showLanguage(lang) {
    var tabs = doc.querySelectorAll('.lang-tab');
    var known = false;
    for (var i = 0; i < tabs.length; i++) if (tabs[i].getAttribute('data-lang') === lang) known = true;
    if (!known) return;
    for (var j = 0; j < tabs.length; j++) tabs[j].setAttribute('aria-pressed', tabs[j].getAttribute('data-lang') === lang ? 'true' : 'false');
    var panels = doc.querySelectorAll('.lang-panel');
    for (var k = 0; k < panels.length; k++) {
      if (panels[k].getAttribute('data-lang') === lang) panels[k].removeAttribute('data-hidden');
      else panels[k].setAttribute('data-hidden', '');
    }
  }
  doc.addEventListener('click', function (ev) {
    var tab = ev.target && ev.target.closest ? ev.target.closest('.lang-tab') : null;
    if (!tab) return;
    var lang = tab.getAttribute('data-lang');
    showLanguage(lang);
    stored('local', LANG_KEY, lang);
  });
  var savedLang = stored('local', LANG_KEY);
  if (savedLang) showLanguage(savedLang);

  // Copy buttons: the code's text (the highlighting is markup only). The Clipboard API needs a
  // secure context; pages opened from file:// fall back to a selection and execCommand.
  function copyText(text, done) {
    if (navigator.clipboard && self.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallbackCopy(text)); });
    } else done(fallbackCopy(text));
  }
  function fallbackCopy(text) {
    var area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    doc.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = doc.execCommand('copy'); } catch (e) { ok = false; }
    doc.body.removeChild(area);
    return ok;
  }
  // Only a script can copy, so the script makes the buttons: one per sample and example box
  // rather than written into the page (~5,800 of them on GitHub's reference).
  Array.prototype.forEach.call(doc.querySelectorAll('.code-block > pre.code'), function (pre) {
    var copy = doc.createElement('button');
    copy.type = 'button';
    copy.className = 'copy';
    copy.textContent = 'Copy';
    pre.parentNode.insertBefore(copy, pre);
  });
  doc.addEventListener('click', function (ev) {
    var button = ev.target && ev.target.closest ? ev.target.closest('button.copy') : null;
    if (!button) return;
    var code = button.parentNode.querySelector('pre code');
    if (!code) return;
    copyText(code.textContent, function (ok) {
      button.textContent = ok ? 'Copied' : 'Copy failed';
      setTimeout(function () { button.textContent = 'Copy'; }, 1500);
    });
  });

  // The API as of a feature level: what is newer is hidden, what was removed at or before it is
  // gone. Elements carry data-since / data-removed (numbers written at generate time).
  var LEVEL_KEY = 'tms-docs-level';
  var levelSelect = doc.getElementById('level-select');
  var levelNote = doc.getElementById('level-note');
  function applyLevel(value) {
    var level = value === '' || value === null ? null : Number(value);
    var all = doc.querySelectorAll('[data-since], [data-removed]');
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      var since = el.getAttribute('data-since');
      var removed = el.getAttribute('data-removed');
      var out = level !== null && ((since !== null && Number(since) > level) || (removed !== null && Number(removed) <= level));
      if (el.classList.contains('operation')) el.classList.toggle('level-outside', out);
      else el.classList.toggle('level-hidden', out);
    }
    if (levelNote) {
      levelNote.hidden = level === null;
      var span = levelNote.querySelector('.level-value');
      if (span) span.textContent = level === null ? '' : String(level);
    }
    doc.documentElement.classList.toggle('level-chosen', level !== null);
  }
  self.TMS_APPLY_LEVEL = function () { if (levelSelect) applyLevel(levelSelect.value); };
  if (levelSelect) {
    var savedLevel = stored('local', LEVEL_KEY);
    if (savedLevel !== null && levelSelect.querySelector('option[value="' + savedLevel.replace(/[^0-9]/g, '') + '"]')) levelSelect.value = savedLevel;
    applyLevel(levelSelect.value);
    levelSelect.addEventListener('change', function () {
      stored('local', LEVEL_KEY, levelSelect.value === '' ? null : levelSelect.value);
      applyLevel(levelSelect.value);
    });
    var reset = doc.getElementById('level-reset');
    if (reset) reset.addEventListener('click', function () {
      levelSelect.value = '';
      stored('local', LEVEL_KEY, null);
      applyLevel('');
    });
  }

  // Headings of the text column say which part of the page is in view to the samples column.
  var samples = doc.querySelector('.op-samples');
  if (samples && self.IntersectionObserver) {
    var sections = doc.querySelectorAll('.op-text > section[aria-labelledby]');
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (!e.isIntersecting) return;
        var section = e.target.getAttribute('aria-labelledby');
        if (samples.getAttribute('data-section') === section) return;
        samples.setAttribute('data-section', section);
        // Responses and errors in view: the response examples come up in the samples column.
        var wantResponse = section === 'responses' || section === 'errors';
        var panel = samples.querySelector(wantResponse ? '.panel-response' : '.panel-request');
        if (panel && samples.scrollHeight > samples.clientHeight) samples.scrollTo({ top: panel.offsetTop - samples.offsetTop, behavior: 'smooth' });
      });
    }, { rootMargin: '-40% 0px -55% 0px' });
    for (var s = 0; s < sections.length; s++) observer.observe(sections[s]);
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
    script.src = root + 'search-index.js';
    script.onload = function () {
      loading = false;
      var run = waiting;
      waiting = [];
      run.forEach(function (f) { f(); });
    };
    script.onerror = function () { loading = false; waiting = []; show([], 'The search index could not be loaded.'); };
    doc.head.appendChild(script);
  }

  // Ranking: every term must match somewhere; a match in the title (summary, name, code) counts
  // most, then the endpoint and id, then the words of the description. Operations outrank error
  // codes, schemas and parameters with the same match. Words are compared singular, lower case.
  var KIND_WEIGHT = { operation: 1, error: 0.9, schema: 0.6, parameter: 0.5 };
  function norm(word) {
    var w = word.toLowerCase().replace(/['\u2019]s$/, '');
    if (w.length > 4 && /s$/.test(w) && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
    return w;
  }
  function words(text) {
    var out = [];
    var parts = text.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9\u00c0-\uffff]+/);
    for (var i = 0; i < parts.length; i++) if (parts[i]) out.push(norm(parts[i]));
    return out;
  }
  var STOP = { the: 1, and: 1, for: 1, with: 1, from: 1, into: 1, how: 1, own: 1 };
  var prepared = null;
  function prepare(index) {
    if (prepared) return prepared;
    prepared = [];
    for (var i = 0; i < index.length; i++) {
      var e = index[i];
      prepared.push({ entry: e, title: words(e[1]), exact: ' ' + e[1].toLowerCase().split(/[^a-z0-9]+/).join(' ') + ' ', context: words(e[2]), keywords: words(e[4] || ''), titleText: e[1].toLowerCase() });
    }
    return prepared;
  }
  function matchIn(list, t) {
    var best = 0;
    for (var i = 0; i < list.length; i++) {
      if (list[i] === t) return 2;
      if (t.length >= 3 && list[i].indexOf(t) === 0) best = 1;
    }
    return best;
  }
  function score(item, terms, rawTerms, query) {
    var total = 0;
    for (var i = 0; i < terms.length; i++) {
      var t = terms[i];
      var m = matchIn(item.title, t);
      // Singular and plural both match; the form the reader typed counts a little more.
      if (m === 2) { total += item.exact.indexOf(' ' + rawTerms[i] + ' ') >= 0 ? 105 : 100; continue; }
      if (m === 1) { total += 60; continue; }
      if (item.titleText.indexOf(t) >= 0) { total += 40; continue; }
      m = matchIn(item.context, t);
      if (m > 0) { total += m === 2 ? 30 : 20; continue; }
      m = matchIn(item.keywords, t);
      if (m > 0) { total += m === 2 ? 15 : 8; continue; }
      return 0;
    }
    if (item.titleText === query) total += 40;
    return total * (KIND_WEIGHT[item.entry[0]] || 0.5);
  }

  function search() {
    var raw = input.value.trim();
    var q = raw.toLowerCase();
    if (q === '') { hide(); return; }
    ensureIndex(function () {
      // Short function words ("as", "a", "the") match nearly everything: they do not count
      // unless the query has nothing else.
      var all = words(raw);
      var rawAll = raw.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
      var keep = all.map(function (t) { return t.length > 2 && !STOP[t]; });
      var terms = all.filter(function (t, i) { return keep[i]; });
      var rawTerms = rawAll.length === all.length ? rawAll.filter(function (t, i) { return keep[i]; }) : terms;
      if (terms.length === 0) { terms = all.length ? all : [q]; rawTerms = terms; }
      var found = [];
      var items = prepare(self.TMS_SEARCH_INDEX || []);
      for (var i = 0; i < items.length; i++) {
        var s = score(items[i], terms, rawTerms, q);
        if (s > 0) found.push([s, items[i].entry]);
      }
      found.sort(function (a, b) {
        return b[0] - a[0] || KIND_RANK[a[1][0]] - KIND_RANK[b[1][0]] || a[1][1].length - b[1][1].length || (a[1][1] < b[1][1] ? -1 : a[1][1] > b[1][1] ? 1 : 0);
      });
      show(found.slice(0, 30).map(function (f) { return f[1]; }), found.length === 0 ? 'No match for \u201c' + raw + '\u201d.' : '');
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
        appendBreakable(name, e[1]);
        var context = doc.createElement('span');
        context.className = 'search-context';
        appendBreakable(context, e[2]);
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
