/*
 * Try it: the operation page's form, sent to the server the reader chose and checked against
 * the contract's response schema, in the page.
 *
 * - The request is encoded by the wire model itself (assets/wire.js, runtime/wire bundled at
 *   generate time): the bytes are the ones the generated client sends; HTTP Basic credentials
 *   too (the same asset's `basicAuthorization`, runtime/client-auth's one encoder).
 * - Credentials are asked for as the operation's security schemes carry them (the page data's
 *   `auth`, from the model: HTTP Basic, a Bearer token for bearer / OAuth 2 / OpenID Connect
 *   schemes, an API key in a header or the query), live in this tab's sessionStorage (never the
 *   page's URL, never localStorage) and go only to the chosen server, on that one request. The
 *   request's own URL carries a key only when the contract puts the key in the query (said in
 *   the form); a key in a cookie cannot be sent from a page to another site (said too).
 * - The contract's data arrives as JSON (a script element of type application/json) and every
 *   answer is shown with textContent: nothing from the contract or the server is parsed as HTML.
 * - The answer is checked by a small JSON Schema checker (below) against the response schema
 *   of its status; named schemas come from schemas.js, loaded on first use.
 */
(function () {
  'use strict';
  var doc = document;
  var dataNode = doc.querySelector('.tryit-data');
  if (!dataNode) return;
  var data = JSON.parse(dataNode.textContent);
  // A form field carries only what its wire field (same place in data.op.fields) does not say.
  data.fields.forEach(function (f, i) {
    var wire = data.op.fields[i];
    if (!wire) return;
    if (f.type === undefined) f.type = wire.types.join(' | ') || 'any';
    if (f.name !== undefined) return;
    f.name = wire.name;
    f.in = wire.in;
    if (wire.required) f.required = 1;
    if (wire.encoding === 'json') f.json = 1;
  });
  var root = doc.body.getAttribute('data-root') || '';
  var CREDENTIALS_KEY = 'tms-docs-tryit';
  // The box, the form and the answer's place are made here, beside the data the page carries.
  var box = el('details', { class: 'tryit-box' });
  box.appendChild(el('summary', {}, 'Send this request from your browser and check the answer'));
  var form = el('form', { class: 'tryit-form' });
  form.noValidate = true;
  box.appendChild(form);
  var result = el('div', { class: 'tryit-result' });
  result.hidden = true;
  result.innerHTML = '<p class="tryit-summary"></p><ul class="tryit-problems"></ul><pre class="code" tabindex="0"><code class="tryit-body"></code></pre>';
  box.appendChild(result);
  dataNode.parentNode.insertBefore(box, dataNode);

  // The first request sample's values (its data, read by assets/samples.js too) start the form:
  // the page carries them once.
  var sampleArgs;
  function sampleArg(arg) {
    if (sampleArgs === undefined) {
      try {
        sampleArgs = JSON.parse(doc.querySelector('.sample-data').textContent).samples[0].args || {};
      } catch (e) {
        sampleArgs = {};
      }
    }
    return sampleArgs[arg];
  }
  // A value as its input shows it: the generator's own rule (sample-text.ts `tryItText`, in
  // assets/samples.js), the one try-it.ts wrote the other fields' starting text with.
  var tryItText = self.TMSSamples.tryItText;

  function session(value) {
    try {
      if (value === undefined) return JSON.parse(self.sessionStorage.getItem(CREDENTIALS_KEY) || '{}');
      self.sessionStorage.setItem(CREDENTIALS_KEY, JSON.stringify(value));
    } catch (e) { /* storage refused: credentials stay in the form only */ }
    return {};
  }
  // --- the form, built from the data (el: the box above too) ---------------------------------
  function el(tag, attrs, text) {
    var node = doc.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function row(parent, id, label, input) {
    var div = el('div', { class: 'tryit-row' });
    div.appendChild(el('label', { for: id }, label));
    div.appendChild(input);
    parent.appendChild(div);
  }
  // --- credentials, as the operation's security schemes carry them ------------------------
  // One input (two for HTTP Basic) per scheme the operation's alternatives name; the first HTTP
  // Basic scheme keeps the ids `tryit-email` / `tryit-key`. Each input says which scheme it is.
  var credentialInputs = [];
  function credentialInput(parent, id, label, scheme, part, secret) {
    var input = el('input', { id: id, type: secret ? 'password' : 'text', spellcheck: 'false', autocomplete: 'off' });
    input.setAttribute('data-scheme', scheme);
    input.setAttribute('data-part', part);
    row(parent, id, label, input);
    credentialInputs.push(input);
  }
  function howSent(s) {
    if (s.type === 'basic') return 'HTTP Basic auth';
    if (s.type === 'bearer') return 'a Bearer token';
    if (s.type === 'apiKey' && s.in === 'header') return 'the header ' + s.name;
    if (s.type === 'apiKey' && s.in === 'query') return 'the query parameter ' + s.name;
    return null;
  }
  function buildCredentials(parent, auth) {
    var names = Object.keys(auth.schemes);
    var basics = 0;
    var how = [];
    var notes = [];
    names.forEach(function (name, i) {
      var s = auth.schemes[name];
      if (s.type === 'basic') {
        var first = basics++ === 0;
        credentialInput(parent, first ? 'tryit-email' : 'tryit-auth-' + i + '-user', s.user, name, 'user', false);
        credentialInput(parent, first ? 'tryit-key' : 'tryit-auth-' + i + '-secret', s.secret, name, 'secret', true);
      } else if (s.type === 'bearer' || (s.type === 'apiKey' && s.in !== 'cookie')) {
        credentialInput(parent, 'tryit-auth-' + i, s.label, name, 'secret', true);
      }
      if (s.type === 'apiKey' && s.in === 'query')
        notes.push('The contract puts the API key in the query (' + s.name + '): it travels in the request\u2019s URL, so the server and anything between may log it.');
      if (s.type === 'apiKey' && s.in === 'cookie')
        notes.push('The contract sends the API key as the cookie ' + s.name + ', which a page cannot set for another site: try it sends this request without it.');
      if (s.type === 'other')
        notes.push('The contract\u2019s scheme ' + s.label + ' cannot be sent from this page.');
      var h = howSent(s);
      if (h && how.indexOf(h) < 0) how.push(h);
    });
    if (auth.alternatives.length > 1)
      notes.unshift('Any one of the contract\u2019s ways in will do: ' + auth.alternatives.map(function (a) { return a.join(' + '); }).join(', or ') + '.');
    if (auth.optional) notes.unshift('Credentials are optional for this operation.');
    if (how.length > 0)
      notes.push('Credentials stay in this browser tab (session storage, never the address bar) and go only to the server above, as ' + how.join(' or ') + '.');
    notes.forEach(function (n) { parent.appendChild(el('p', { class: 'note' }, n)); });
  }
  // What the credentials add to the request: the first alternative whose every scheme has a
  // value (the contract's order); a lone HTTP Basic scheme goes as soon as either half is given.
  function credentialValue(scheme, part) {
    for (var i = 0; i < credentialInputs.length; i++) {
      var c = credentialInputs[i];
      if (c.getAttribute('data-scheme') === scheme && c.getAttribute('data-part') === part) return c.value;
    }
    return '';
  }
  function addCredentials(headers, query) {
    var auth = data.auth;
    if (!auth) return query;
    var filled = function (name) {
      var s = auth.schemes[name];
      if (!s) return false;
      if (s.type === 'basic') return credentialValue(name, 'user') !== '' || credentialValue(name, 'secret') !== '';
      if (s.type === 'bearer' || (s.type === 'apiKey' && s.in !== 'cookie')) return credentialValue(name, 'secret') !== '';
      return false;
    };
    var chosen = null;
    for (var i = 0; i < auth.alternatives.length && !chosen; i++)
      if (auth.alternatives[i].every(filled)) chosen = auth.alternatives[i];
    if (!chosen) return query;
    chosen.forEach(function (name) {
      var s = auth.schemes[name];
      var secret = credentialValue(name, 'secret');
      if (s.type === 'basic') headers.Authorization = self.TMSWire.basicAuthorization(credentialValue(name, 'user'), secret);
      else if (s.type === 'bearer') headers.Authorization = 'Bearer ' + secret;
      else if (s.in === 'header') headers[s.name] = secret;
      else if (s.in === 'query') query = (query ? query + '&' : '') + encodeURIComponent(s.name) + '=' + encodeURIComponent(secret);
    });
    return query;
  }

  function buildForm() {
    form.textContent = '';
    var serverSet = el('fieldset', { class: 'tryit-server' });
    serverSet.appendChild(el('legend', {}, 'Server and credentials'));
    var serverInput = el('input', { id: 'tryit-server', name: 'server', type: 'url', spellcheck: 'false', autocomplete: 'off' });
    serverInput.value = dataNode.getAttribute('data-server') || '';
    row(serverSet, 'tryit-server', 'Server', serverInput);
    if (dataNode.hasAttribute('data-auth') && data.auth) buildCredentials(serverSet, data.auth);
    form.appendChild(serverSet);
    if (data.fields.length > 0) {
      var params = el('fieldset', { class: 'tryit-params' });
      params.appendChild(el('legend', {}, 'Parameters'));
      data.fields.forEach(function (f) {
        var div = el('div', { class: 'tryit-field', 'data-name': f.name, 'data-shape': f.shape });
        if (f.since) div.setAttribute('data-since', String(f.since));
        if (f.removed) div.setAttribute('data-removed', String(f.removed));
        var label = el('label', { for: f.anchor });
        label.appendChild(el('code', {}, f.name));
        label.appendChild(doc.createTextNode(' '));
        label.appendChild(el('span', { class: 'type' }, f.in + ' \u00b7 ' + f.type));
        if (f.required) { label.appendChild(doc.createTextNode(' ')); label.appendChild(el('span', { class: 'req' }, 'required')); }
        if (f.json) { label.appendChild(doc.createTextNode(' ')); label.appendChild(el('span', { class: 'badge badge-json' }, 'JSON-encoded')); }
        div.appendChild(label);
        var input;
        var initial = f.arg !== undefined ? tryItText(f.shape, sampleArg(f.arg)) : f.initial === undefined ? '' : f.initial;
        if (f.shape === 'enum' || f.shape === 'boolean') {
          input = el('select', { id: f.anchor });
          input.appendChild(el('option', { value: '' }, '(not sent)'));
          (f.shape === 'boolean' ? ['true', 'false'] : f.options).forEach(function (o) {
            var opt = el('option', {}, o);
            if (o === initial) opt.selected = true;
            input.appendChild(opt);
          });
        } else if (f.shape === 'list' || f.shape === 'records') {
          input = el('div', { class: f.shape === 'list' ? 'tryit-list' : 'tryit-records', id: f.anchor, role: 'group', 'aria-label': (f.shape === 'list' ? 'Items of ' : 'Rows of ') + f.name });
          input.setAttribute('data-initial', initial || '[]');
          if (f.columns) input.setAttribute('data-columns', f.columns.join(','));
        } else if (f.shape === 'json') {
          input = el('textarea', { id: f.anchor, class: 'tryit-json', rows: '3', spellcheck: 'false' });
          input.value = initial;
        } else if (f.shape === 'file') {
          input = el('input', { id: f.anchor, type: 'file' });
        } else {
          input = el('input', { id: f.anchor, type: 'text', spellcheck: 'false' });
          input.value = initial;
        }
        div.appendChild(input);
        params.appendChild(div);
      });
      form.appendChild(params);
    }
    if (data.body) {
      var bodySet = el('fieldset', { class: 'tryit-params' });
      bodySet.appendChild(el('legend', {}, 'Request body (JSON)'));
      var bodyDiv = el('div', { class: 'tryit-field' });
      bodyDiv.appendChild(el('label', { for: 'tryit-body' }, 'Body'));
      var area = el('textarea', { id: 'tryit-body', class: 'tryit-json', rows: '6', spellcheck: 'false' });
      area.value = data.body.arg !== undefined ? tryItText('body', sampleArg(data.body.arg)) : data.body.initial || '';
      bodyDiv.appendChild(area);
      bodySet.appendChild(bodyDiv);
      form.appendChild(bodySet);
    }
    var actions = el('div', { class: 'tryit-actions' });
    actions.appendChild(el('button', { type: 'submit', class: 'button' }, 'Send request'));
    actions.appendChild(doc.createTextNode(' '));
    actions.appendChild(el('span', { class: 'tryit-status', role: 'status' }));
    form.appendChild(actions);
  }
  buildForm();
  if (self.TMS_APPLY_LEVEL) self.TMS_APPLY_LEVEL();
  var statusLine = form.querySelector('.tryit-status');

  var saved = session();
  var server = form.querySelector('#tryit-server');
  if (saved.server && server) server.value = saved.server;
  // Saved by scheme and part, so another operation's page of the same scheme finds them.
  credentialInputs.forEach(function (c) {
    var k = c.getAttribute('data-scheme') + '/' + c.getAttribute('data-part');
    if (saved.credentials && typeof saved.credentials[k] === 'string') c.value = saved.credentials[k];
  });

  // --- structured inputs for JSON-encoded lists -------------------------------------------
  function button(label, onClick) {
    var b = doc.createElement('button');
    b.type = 'button';
    b.className = 'small-button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    return b;
  }
  function listRow(container, value, columns) {
    var row = doc.createElement('div');
    row.className = 'tryit-item';
    var name = container.getAttribute('aria-label') || 'item';
    (columns || ['']).forEach(function (col) {
      var input = doc.createElement('input');
      input.type = 'text';
      input.spellcheck = false;
      input.setAttribute('aria-label', col ? name + ': ' + col : name);
      input.placeholder = col || 'value';
      if (col) input.setAttribute('data-column', col);
      var v = col ? (value && value[col]) : value;
      input.value = v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
      row.appendChild(input);
    });
    row.appendChild(button('Remove', function () { container.removeChild(row); }));
    container.insertBefore(row, container.lastChild);
  }
  function setUpList(container, columns) {
    var initial = [];
    try { initial = JSON.parse(container.getAttribute('data-initial') || '[]'); } catch (e) { initial = []; }
    container.appendChild(button(columns ? 'Add a row' : 'Add an item', function () { listRow(container, columns ? {} : '', columns); }));
    (Array.isArray(initial) ? initial : []).forEach(function (v) { listRow(container, v, columns); });
  }
  Array.prototype.forEach.call(form.querySelectorAll('.tryit-list'), function (c) { setUpList(c, null); });
  Array.prototype.forEach.call(form.querySelectorAll('.tryit-records'), function (c) {
    setUpList(c, (c.getAttribute('data-columns') || '').split(','));
  });

  // --- reading the form ----------------------------------------------------------------------
  function fieldInfo(name, where) {
    for (var i = 0; i < data.op.fields.length; i++) {
      var f = data.op.fields[i];
      if (f.name === name && f.in === where) return f;
    }
    return { types: [] };
  }
  // A typed value from text: numbers for numeric fields, JSON literals where only they fit.
  function typed(text, types) {
    var t = types || [];
    if ((t.indexOf('integer') >= 0 || t.indexOf('number') >= 0) && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
    if (t.indexOf('boolean') >= 0 && (text === 'true' || text === 'false')) return text === 'true';
    return text;
  }
  function readField(spec, node) {
    var info = fieldInfo(spec.name, spec.in);
    var el = doc.getElementById(spec.anchor);
    if (!el) return undefined;
    if (spec.shape === 'list') {
      var items = [];
      Array.prototype.forEach.call(el.querySelectorAll('.tryit-item input'), function (input) {
        if (input.value !== '') items.push(typed(input.value, [spec.itemType]));
      });
      return items.length ? items : undefined;
    }
    if (spec.shape === 'records') {
      var rows = [];
      Array.prototype.forEach.call(el.querySelectorAll('.tryit-item'), function (row) {
        var obj = {};
        var any = false;
        Array.prototype.forEach.call(row.querySelectorAll('input[data-column]'), function (input) {
          if (input.value !== '') { obj[input.getAttribute('data-column')] = input.value; any = true; }
        });
        if (any) rows.push(obj);
      });
      return rows.length ? rows : undefined;
    }
    if (spec.shape === 'json') {
      if (el.value.trim() === '') return undefined;
      try { return JSON.parse(el.value); } catch (e) { throw new Error('`' + spec.name + '` is not valid JSON: ' + e.message); }
    }
    if (spec.shape === 'file') return el.files && el.files[0] ? el.files[0] : undefined;
    if (el.value === '') return undefined;
    return typed(el.value, info.types);
  }
  function readInput() {
    var input = { path: {}, query: {}, headers: {} };
    var body = {};
    var hasBody = false;
    data.fields.forEach(function (spec) {
      var node = form.querySelector('.tryit-field[data-name="' + CSS.escape(spec.name) + '"]');
      if (node && node.classList.contains('level-hidden')) return;
      var value = readField(spec, node);
      if (value === undefined) return;
      if (spec.in === 'body') { body[spec.name] = value; hasBody = true; }
      else if (spec.in === 'header') input.headers[spec.name] = value;
      else input[spec.in][spec.name] = value;
    });
    if (data.body) {
      var text = form.querySelector('#tryit-body').value;
      if (text.trim() !== '') {
        try { input.body = JSON.parse(text); } catch (e) { throw new Error('the body is not valid JSON: ' + e.message); }
      }
    } else if (hasBody || (data.op.body && data.op.body.required)) input.body = body;
    return input;
  }

  // --- a small JSON Schema checker -----------------------------------------------------------
  function resolve(ref, rootDoc) {
    if (ref.indexOf('#/') !== 0) return undefined;
    var node = rootDoc;
    var parts = ref.slice(2).split('/');
    for (var i = 0; i < parts.length && node; i++) {
      node = node[parts[i].replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node;
  }
  function typeOf(v) {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'array';
    if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
    return typeof v;
  }
  function typeFits(v, t) {
    var actual = typeOf(v);
    return actual === t || (t === 'number' && actual === 'integer');
  }
  function equal(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function check(v, s, at, rootDoc, problems, depth) {
    if (s === true || s === undefined || s === null) return;
    if (s === false) { problems.push(at + ': no value is allowed here'); return; }
    if (depth > 60) return;
    if (typeof s.$ref === 'string') {
      var target = resolve(s.$ref, rootDoc);
      if (target === undefined) problems.push(at + ': the schema refers to ' + s.$ref + ', which is missing');
      else check(v, target, at, rootDoc, problems, depth + 1);
    }
    if (v === null && s.nullable === true) return;
    if (s.type !== undefined) {
      var types = Array.isArray(s.type) ? s.type : [s.type];
      if (!types.some(function (t) { return typeFits(v, t); })) {
        problems.push(at + ': expected ' + types.join(' or ') + ', got ' + typeOf(v));
        return;
      }
    }
    if (Array.isArray(s.enum) && !s.enum.some(function (e) { return equal(e, v); })) problems.push(at + ': ' + JSON.stringify(v) + ' is not one of the allowed values');
    if ('const' in s && !equal(s.const, v)) problems.push(at + ': expected ' + JSON.stringify(s.const));
    if (typeof v === 'string') {
      if (typeof s.minLength === 'number' && v.length < s.minLength) problems.push(at + ': shorter than ' + s.minLength);
      if (typeof s.maxLength === 'number' && v.length > s.maxLength) problems.push(at + ': longer than ' + s.maxLength);
    }
    if (typeof v === 'number') {
      if (typeof s.minimum === 'number' && v < s.minimum) problems.push(at + ': below ' + s.minimum);
      if (typeof s.maximum === 'number' && v > s.maximum) problems.push(at + ': above ' + s.maximum);
    }
    if (Array.isArray(v)) {
      if (typeof s.minItems === 'number' && v.length < s.minItems) problems.push(at + ': fewer than ' + s.minItems + ' items');
      if (typeof s.maxItems === 'number' && v.length > s.maxItems) problems.push(at + ': more than ' + s.maxItems + ' items');
      var prefix = Array.isArray(s.prefixItems) ? s.prefixItems : [];
      for (var i = 0; i < v.length; i++) {
        var itemSchema = i < prefix.length ? prefix[i] : s.items;
        if (itemSchema && !Array.isArray(itemSchema)) check(v[i], itemSchema, at + '/' + i, rootDoc, problems, depth + 1);
      }
    }
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      (s.required || []).forEach(function (name) {
        if (!Object.prototype.hasOwnProperty.call(v, name)) problems.push(at + ': missing required field ' + name);
      });
      var props = s.properties || {};
      Object.keys(v).forEach(function (name) {
        var where = at + '/' + name.replace(/~/g, '~0').replace(/\//g, '~1');
        if (Object.prototype.hasOwnProperty.call(props, name)) check(v[name], props[name], where, rootDoc, problems, depth + 1);
        else if (s.additionalProperties === false) problems.push(at + ': field ' + name + ' is not allowed');
        else if (s.additionalProperties && typeof s.additionalProperties === 'object') check(v[name], s.additionalProperties, where, rootDoc, problems, depth + 1);
      });
    }
    if (Array.isArray(s.allOf)) s.allOf.forEach(function (sub) { check(v, sub, at, rootDoc, problems, depth + 1); });
    var branches = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
    if (branches) {
      var fits = branches.filter(function (sub) { var p = []; check(v, sub, at, rootDoc, p, depth + 1); return p.length === 0; }).length;
      if (s.oneOf && fits !== 1) problems.push(at + ': matches ' + fits + ' of the oneOf branches (exactly one expected)');
      if (!s.oneOf && fits === 0) problems.push(at + ': matches none of the anyOf branches');
    }
  }
  function schemaFor(status) {
    var r = data.responses;
    var s = String(status);
    if (r[s]) return { key: s, schema: r[s] };
    if (r[s[0] + 'XX']) return { key: s[0] + 'XX', schema: r[s[0] + 'XX'] };
    if (r['default']) return { key: 'default', schema: r['default'] };
    return null;
  }
  function withSchemas(then) {
    if (self.TMS_SCHEMAS) return then(self.TMS_SCHEMAS);
    var script = doc.createElement('script');
    script.src = root + 'schemas.js';
    script.onload = function () { then(self.TMS_SCHEMAS || { components: { schemas: {} } }); };
    script.onerror = function () { then(null); };
    doc.head.appendChild(script);
  }

  // --- sending ------------------------------------------------------------------------------
  function say(text) { statusLine.textContent = text; }
  function showAnswer(status, statusText, bodyText, verdict, problems) {
    result.hidden = false;
    result.querySelector('.tryit-summary').textContent = status + (statusText ? ' ' + statusText : '') + ' \u2014 ' + verdict;
    result.setAttribute('data-verdict', problems === null ? 'unchecked' : problems.length === 0 ? 'valid' : 'invalid');
    var list = result.querySelector('.tryit-problems');
    list.textContent = '';
    (problems || []).slice(0, 20).forEach(function (p) {
      var li = doc.createElement('li');
      li.textContent = p;
      list.appendChild(li);
    });
    var pretty = bodyText;
    try { pretty = JSON.stringify(JSON.parse(bodyText), null, 2); } catch (e) { /* not JSON: shown as is */ }
    result.querySelector('.tryit-body').textContent = pretty;
  }

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var base = server ? server.value.trim().replace(/\/+$/, '') : '';
    if (!/^https?:\/\//i.test(base)) { say('Give the server as an http:// or https:// URL.'); return; }
    var stored = session();
    var creds = { server: base, credentials: stored.credentials || {} };
    credentialInputs.forEach(function (c) { creds.credentials[c.getAttribute('data-scheme') + '/' + c.getAttribute('data-part')] = c.value; });
    session(creds);
    var encoded;
    try {
      encoded = self.TMSWire.encodeRequest(data.op, readInput());
    } catch (e) {
      say('Not sent: ' + e.message);
      return;
    }
    var headers = {};
    Object.keys(encoded.headers).forEach(function (k) { headers[k] = encoded.headers[k]; });
    var body;
    if (encoded.body) {
      headers['Content-Type'] = encoded.body.contentType;
      body = encoded.body.text !== undefined ? encoded.body.text : encoded.body.blob || encoded.body.bytes;
    }
    var query = addCredentials(headers, encoded.query);
    var url = base + encoded.path + (query ? '?' + query : '');
    say('Sending\u2026');
    fetch(url, { method: encoded.method, headers: headers, body: body, credentials: 'omit', referrerPolicy: 'no-referrer' })
      .then(function (response) {
        return response.text().then(function (text) {
          say('');
          var parsed;
          try { parsed = text === '' ? undefined : JSON.parse(text); } catch (e) { parsed = undefined; }
          var found = schemaFor(response.status);
          if (!found) { showAnswer(response.status, response.statusText, text, 'the contract documents no response for this status', ['status ' + response.status + ' is not documented']); return; }
          if (parsed === undefined) { showAnswer(response.status, response.statusText, text, 'not JSON: not checked', null); return; }
          withSchemas(function (schemas) {
            if (!schemas) { showAnswer(response.status, response.statusText, text, 'schemas.js did not load: not checked', null); return; }
            var problems = [];
            check(parsed, found.schema, '', schemas, problems, 0);
            showAnswer(response.status, response.statusText, text,
              problems.length === 0 ? 'matches the contract\u2019s schema for ' + found.key : 'does not match the contract\u2019s schema for ' + found.key, problems);
          });
        });
      }, function (error) {
        say('No answer: ' + error.message + ' (is the server running, and does it allow this page\u2019s origin?)');
      });
  });
})();
