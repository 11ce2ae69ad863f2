// The weburl playground. Every value from the server or from the input is
// put into the page as text (textContent, setAttribute), never as markup.
// The DOM is a contract for scripts and tests: data-weburl="NAME" holds
// weburl's value, data-browser="NAME" this browser's, data-mismatch="NAME"
// marks a difference, data-error="NAME" a validation error,
// data-group="NAME" and data-browser-group="NAME" URLPattern's groups;
// data-neturl="NAME" holds net/url's attribute and data-neturl-mismatch
// marks where it differs from weburl's, data-netfield="FIELD" and
// data-bridge="FIELD" the url.URL fields of url.Parse and of NetURL(),
// data-wire="SIDE.NAME" what goes on the wire, data-data="NAME" a data:
// URL's reading; the element's text is the value. body[data-status] is
// "ready" once a view is complete.
'use strict';

(() => {
  const ATTRS = ['href', 'origin', 'protocol', 'username', 'password', 'host',
    'hostname', 'port', 'pathname', 'search', 'hash'];
  const PATTERN_COMPONENTS = ['protocol', 'username', 'password', 'hostname',
    'port', 'pathname', 'search', 'hash'];
  // The fragment's names, in the order a link writes them.
  const FIELDS = ['url', 'base', 'attr', 'value', 'pattern'];
  const DEFAULT_URL = 'https://user:pw@www.Example.co.uk:8080/a/./b/../c%7e?q=1&utm_source=x#top';

  const $ = (id) => document.getElementById(id);
  const inputs = Object.fromEntries(FIELDS.map((f) => [f, $(f)]));

  // el makes an element: props are attributes (set as text), children
  // are nodes or strings (text nodes).
  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v !== undefined && v !== null) e.setAttribute(k, String(v));
    }
    e.append(...children);
    return e;
  }

  // setText puts a value into an element; null (no value: a failure, no
  // public suffix, an undefined group) leaves it empty and marked, so the
  // text is always the value itself.
  function setText(e, value) {
    e.textContent = value === null || value === undefined ? '' : String(value);
    e.classList.toggle('none', value === null || value === undefined);
  }

  // flag marks a difference: a sign to see, words for a screen reader.
  function flag() {
    return el('span', {class: 'flag', title: 'differs'},
      el('span', {'aria-hidden': 'true'}, '≠'), el('span', {class: 'visually-hidden'}, ' (differs)'));
  }

  // --- state in the fragment, as form-encoded pairs ---

  // readFragment reads the view from the fragment or, when there is
  // none, from the query (?url=…&base=…, as a link or a search keyword
  // writes it); the address then holds it in the fragment.
  function readFragment() {
    const hash = location.hash.slice(1);
    let p = new URLSearchParams(hash);
    let given = hash !== '';
    if (!given && location.search !== '') {
      p = new URLSearchParams(location.search);
      given = FIELDS.some((f) => p.has(f));
    }
    for (const f of FIELDS) inputs[f].value = p.get(f) ?? '';
    if (!given) inputs.url.value = DEFAULT_URL;
  }

  function fragment() {
    const p = new URLSearchParams();
    for (const f of FIELDS) {
      if (inputs[f].value !== '' || (f === 'url' && inputs.pattern.value === '')) {
        p.set(f, inputs[f].value);
      }
    }
    return '#' + p.toString();
  }

  // --- the server ---

  async function ask(path, body) {
    try {
      const r = await fetch(path, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify(body),
      });
      const answer = await r.json();
      if (!r.ok) return {requestError: answer.error || ('HTTP ' + r.status)};
      return answer;
    } catch (e) {
      return {requestError: 'the server did not answer: ' + e.message};
    }
  }

  // --- this browser ---

  function browserURL(url, base) {
    return base === '' ? new URL(url) : new URL(url, base);
  }

  function browserParse(url, base) {
    try {
      const u = browserURL(url, base);
      const attributes = {};
      for (const a of ATTRS) attributes[a] = u[a];
      return {attributes, searchParams: [...u.searchParams]};
    } catch (e) {
      return {error: e.message};
    }
  }

  function browserSet(url, base, attr, value) {
    let u;
    try {
      u = browserURL(url, base);
    } catch (e) {
      return {error: 'the URL does not parse: ' + e.message};
    }
    try {
      u[attr] = value;
      return {href: u.href, error: ''};
    } catch (e) {
      return {href: u.href, error: e.message};
    }
  }

  function browserPattern(pattern, url, base) {
    if (typeof URLPattern !== 'function') return {error: 'this browser has no URLPattern'};
    let p;
    try {
      p = new URLPattern(pattern);
    } catch (e) {
      return {error: e.message};
    }
    try {
      const r = base === '' ? p.exec(url) : p.exec(url, base);
      return {match: r !== null, result: r};
    } catch (e) {
      return {error: e.message};
    }
  }

  // --- rendering ---

  function renderFailures(w, b) {
    const box = $('failures');
    box.replaceChildren();
    const wf = w.attributes ? null : (w.failure || w.error || 'failure');
    const bf = b.attributes ? null : b.error;
    if (wf === null && bf === null) return;
    const row = el('p', {class: 'failure'},
      'Parse failure — weburl: ', el('code', {'data-weburl': 'failure'}, wf ?? ''),
      '; this browser: ', el('code', {'data-browser': 'failure'}, bf ?? ''));
    for (const c of row.querySelectorAll('code')) c.classList.toggle('none', c.textContent === '');
    if ((wf === null) !== (bf === null)) {
      row.setAttribute('data-mismatch', 'failure');
      row.classList.add('mismatch');
    }
    box.append(row);
    if (w.error && w.error !== wf) box.append(el('p', {class: 'detail'}, w.error));
  }

  // renderNetFailure says when net/url's url.Parse fails, whatever weburl
  // and the browser do.
  function renderNetFailure(w) {
    const box = $('failures');
    const err = w.netURL ? w.netURL.error : '';
    if (!err) return;
    box.append(el('p', {class: 'failure neturl-failure'}, 'net/url: ', el('code', {'data-neturl': 'failure'}, err)));
  }

  function renderAttributes(w, b) {
    const tbody = $('attrs').tBodies[0];
    tbody.replaceChildren();
    let differ = 0;
    for (const a of ATTRS) {
      const wv = w.attributes ? w.attributes[a] : null;
      const bv = b.attributes ? b.attributes[a] : null;
      const wc = el('td', {'data-weburl': a});
      const bc = el('td', {'data-browser': a});
      setText(wc, wv);
      setText(bc, bv);
      const row = el('tr', {}, el('th', {scope: 'row'}, a), wc, bc, netCell(w, a, wv));
      if (wv !== bv) {
        differ++;
        row.setAttribute('data-mismatch', a);
        row.classList.add('mismatch');
        row.cells[0].append(flag());
      }
      tbody.append(row);
    }
    $('mismatch-note').hidden = differ === 0 && !!w.attributes === !!b.attributes;
  }

  // netCell is net/url's value of an attribute, marked where it differs
  // from weburl's; net/url has no origin.
  function netCell(w, a, wv) {
    const c = el('td', {'data-neturl': a, class: 'neturl'});
    const na = w.netURL && w.netURL.attributes;
    if (a === 'origin') {
      c.classList.add('na');
      return c;
    }
    const nv = na ? na[a] : null;
    setText(c, nv);
    if (nv !== wv && !w.requestError) {
      c.setAttribute('data-neturl-mismatch', a);
      c.classList.add('differs');
      c.append(el('span', {class: 'nflag', title: 'differs from weburl'},
        el('span', {'aria-hidden': 'true'}, '≠'), el('span', {class: 'visually-hidden'}, ' (differs from weburl)')));
    }
    return c;
  }

  function renderValidation(w) {
    setText($('valid'), w.requestError ? null : String(w.valid));
    const input = w.input ?? inputs.url.value;
    const errs = w.validationErrors || [];
    // The input with each error's code point marked; errors at the same
    // place share a mark.
    const marks = $('marks');
    marks.replaceChildren();
    const at = new Map();
    for (const e of errs) {
      const names = at.get(e.start) || {end: e.end, names: []};
      names.names.push(e.name);
      at.set(e.start, names);
    }
    let pos = 0;
    for (const start of [...at.keys()].sort((x, y) => x - y)) {
      const {end, names} = at.get(start);
      if (start < pos) continue;
      marks.append(input.slice(pos, start));
      const m = el('mark', {title: names.join(', '), 'data-at': start}, input.slice(start, end));
      if (start === end) m.classList.add('at-end');
      marks.append(m);
      pos = end;
    }
    marks.append(input.slice(pos));
    if (input === '') marks.classList.add('none'); else marks.classList.remove('none');

    const list = $('errors');
    list.replaceChildren();
    for (const e of errs) {
      const jump = el('button', {type: 'button', class: 'jump',
        'aria-label': 'select ' + e.name + ' in the URL field'}, 'select');
      jump.addEventListener('click', () => {
        inputs.url.focus();
        inputs.url.setSelectionRange(e.start, Math.max(e.end, e.start));
      });
      list.append(el('li', {}, el('code', {'data-error': e.name}, e.name),
        el('span', {class: 'hint'}, ' at byte ' + e.offset + ' '), jump));
    }
    if (errs.length === 0) list.append(el('li', {class: 'hint'}, 'no validation errors'));
    const more = (w.validationCount || 0) - errs.length;
    if (more > 0) {
      list.append(el('li', {class: 'hint more'}, el('span', {'data-weburl': 'more-errors'}, String(more)),
        ' more, not listed (an answer lists the first ' + errs.length + ')'));
    }
  }

  function renderComponents(w) {
    const diagram = $('diagram');
    const tbody = $('offsets').tBodies[0];
    diagram.replaceChildren();
    tbody.replaceChildren();
    if (!w.attributes) return;
    const href = w.attributes.href;
    let pos = 0;
    const piece = (text, cls, label) => {
      const s = el('span', {class: 'seg ' + cls}, el('code', {}, text));
      if (label) s.append(el('small', {}, label));
      diagram.append(s);
    };
    for (const c of w.components || []) {
      if (c.start > pos) piece(href.slice(pos, c.start), 'sep');
      // An empty component (the empty host of file:///) has no place to
      // draw; the table lists it.
      if (c.end > c.start) {
        piece(href.slice(c.start, c.end), 'c-' + c.name, c.name + ' ' + c.start + '–' + c.end);
        diagram.lastChild.setAttribute('data-component', c.name);
      }
      tbody.append(el('tr', {'data-component': c.name}, el('th', {scope: 'row'}, c.name),
        el('td', {}, String(c.start)), el('td', {}, String(c.end)),
        el('td', {}, el('code', {}, href.slice(c.start, c.end)))));
      pos = c.end;
    }
    if (pos < href.length) piece(href.slice(pos), 'sep');
  }

  function renderParams(w, b) {
    const tbody = $('params').tBodies[0];
    tbody.replaceChildren();
    const pairs = w.searchParams || [];
    pairs.forEach(([n, v], i) => {
      tbody.append(el('tr', {}, el('td', {}, String(i + 1)),
        el('td', {'data-weburl': 'param-name'}, n), el('td', {'data-weburl': 'param-value'}, v)));
    });
    if (pairs.length === 0) {
      tbody.append(el('tr', {}, el('td', {colspan: 3, class: 'hint'}, 'no query pairs')));
    }
    if (w.searchParams && b.searchParams && JSON.stringify(w.searchParams) !== JSON.stringify(b.searchParams)) {
      tbody.append(el('tr', {'data-mismatch': 'searchParams', class: 'mismatch'},
        el('td', {colspan: 3}, 'this browser reads other pairs: ' + JSON.stringify(b.searchParams))));
    }
  }

  const NET_FIELDS = [['Scheme', 'scheme'], ['Opaque', 'opaque'], ['User', 'user'], ['Host', 'host'],
    ['Path', 'path'], ['RawPath', 'rawPath'], ['OmitHost', 'omitHost'], ['ForceQuery', 'forceQuery'],
    ['RawQuery', 'rawQuery'], ['Fragment', 'fragment'], ['RawFragment', 'rawFragment'],
    ['String()', 'string'], ['RequestURI()', 'requestURI']];

  // fieldValue is a url.URL field as text: booleans as Go prints them,
  // User null (nil) when there is none.
  function fieldValue(f, key) {
    if (!f) return null;
    if (key === 'user' && !f.hasUser) return null;
    return String(f[key]);
  }

  function renderNetFields(w) {
    const tbody = $('netfields').tBodies[0];
    tbody.replaceChildren();
    const nf = w.netURL ? w.netURL.fields : null;
    const bf = w.bridge;
    for (const [name, key] of NET_FIELDS) {
      const nv = fieldValue(nf, key);
      const bv = fieldValue(bf, key);
      if (nv !== null && bv !== null && (nv === '' || nv === 'false') && (bv === '' || bv === 'false') && nv === bv) {
        continue; // a field empty on both sides says nothing
      }
      const nc = el('td', {'data-netfield': name});
      const bc = el('td', {'data-bridge': name});
      setText(nc, nv);
      setText(bc, bv);
      const row = el('tr', {}, el('th', {scope: 'row'}, el('code', {}, name)), bc, nc);
      if (nv !== bv) row.classList.add('differs');
      tbody.append(row);
    }
  }

  function renderWire(w) {
    const wire = w.wire || {};
    for (const [side, v] of [['weburl', wire.weburl], ['neturl', wire.netURL]]) {
      const cell = (name) => document.querySelector(`[data-wire="${side}.${name}"]`);
      setText(cell('request-uri'), v ? v.requestURI : null);
      setText(cell('host'), v ? v.host : null);
      const sent = cell('sent');
      setText(sent, v ? (v.refused || (v.lines || []).join('\n')) : null);
      sent.classList.toggle('refused', !!(v && v.refused));
    }
  }

  let previewURL = '';

  // renderData shows a data: URL's reading; the preview is a blob: URL of
  // the bytes weburl decoded, not the browser's own reading of the input.
  // It returns a promise that settles when the preview is drawn, or null.
  function renderData(w) {
    const d = w.data;
    const section = $('data');
    section.hidden = !d;
    if (previewURL) {
      URL.revokeObjectURL(previewURL);
      previewURL = '';
    }
    const set = (name, v) => setText(section.querySelector(`[data-data="${name}"]`), v);
    const text = section.querySelector('[data-data="text"]');
    const hex = section.querySelector('[data-data="hex"]');
    const figure = $('data-figure');
    figure.querySelector('img')?.remove();
    if (!d) return null;
    const failed = d.error !== '';
    set('error', failed ? d.error : null);
    section.querySelector('[data-data="error"]').hidden = !failed;
    $('data-pairs').hidden = failed;
    set('mime-type', failed ? null : d.mimeType);
    set('encoding', failed || d.encoding === '' ? null : d.encoding);
    set('length', failed ? null : String(d.length));
    set('shown', failed ? null : String(d.shown));
    text.hidden = failed || d.text === null;
    setText(text, failed ? null : d.text);
    hex.hidden = failed || d.hex === '';
    setText(hex, failed ? null : d.hex);
    // An image's bytes are never text: say why only for other types.
    $('data-hex-reason').textContent = !failed && d.hexReason && d.image === '' ? 'In hex: ' + d.hexReason + '.' : '';
    figure.hidden = failed || d.image === '';
    if (!figure.hidden) {
      const bytes = Uint8Array.from(atob(d.image), (c) => c.charCodeAt(0));
      previewURL = URL.createObjectURL(new Blob([bytes], {type: d.essence}));
      const caption = $('data-caption');
      caption.textContent = 'the ' + d.length + ' bytes as this browser draws them (' + d.essence + ')';
      const img = el('img', {id: 'data-preview', alt: 'the body as an image'});
      // A small image is drawn larger, by whole pixels, to be seen. The
      // view is complete once the image is drawn or has failed.
      const drawn = new Promise((resolve) => {
        img.addEventListener('load', () => {
          const k = Math.min(8, Math.floor(128 / Math.max(img.naturalWidth, img.naturalHeight, 1)));
          if (k > 1) {
            img.style.width = img.naturalWidth * k + 'px';
            caption.textContent += ', drawn ' + k + '×';
          }
          resolve();
        });
        img.addEventListener('error', () => {
          caption.textContent = 'this browser cannot draw these ' + d.length + ' bytes as ' + d.essence;
          resolve();
        });
      });
      img.src = previewURL;
      figure.prepend(img);
      return drawn;
    }
    return null;
  }

  function renderSite(w) {
    const ok = !!w.attributes;
    const set = (name, v) => setText(document.querySelector(`#site [data-weburl="${name}"]`), v);
    set('host-kind', ok ? w.hostKind : null);
    set('origin-kind', ok ? (w.opaqueOrigin ? 'opaque' : 'tuple') : null);
    set('public-suffix', ok ? w.publicSuffix : null);
    set('registrable-domain', ok ? w.registrableDomain : null);
    set('display', ok ? w.display : null);
    set('crawler-key', ok ? w.crawlerKey : null);
    set('surt', ok ? w.surt : null);
  }

  function pairRow(name, wv, bv) {
    const wc = document.querySelector(`[data-weburl="${name}"]`);
    const bc = document.querySelector(`[data-browser="${name}"]`);
    setText(wc, wv);
    setText(bc, bv);
    const row = wc.closest('tr');
    row.classList.toggle('mismatch', wv !== bv);
    if (wv !== bv) row.setAttribute('data-mismatch', name); else row.removeAttribute('data-mismatch');
  }

  function renderSetter(ws, bs) {
    const list = $('set-errors');
    list.replaceChildren();
    if (!ws) {
      pairRow('set-href', null, null);
      pairRow('set-error', null, null);
      return;
    }
    if (ws.requestError) {
      pairRow('set-href', null, bs.href ?? null);
      pairRow('set-error', ws.requestError, bs.error);
      return;
    }
    pairRow('set-href', ws.href, bs.href ?? null);
    // The browser's setters throw only for href; weburl says why a value
    // was not applied. Only a difference in href counts as one.
    setText(document.querySelector('[data-weburl="set-error"]'), ws.error);
    setText(document.querySelector('[data-browser="set-error"]'), bs.error);
    for (const e of ws.validationErrors || []) {
      list.append(el('li', {}, el('code', {'data-set-error': e.name}, e.name),
        el('span', {class: 'hint'}, ' at byte ' + e.offset + ' of the value')));
    }
    const more = (ws.validationCount || 0) - (ws.validationErrors || []).length;
    if (more > 0) list.append(el('li', {class: 'hint more'}, String(more) + ' more, not listed'));
  }

  function renderPattern(wp, bp) {
    const tbody = $('groups').tBodies[0];
    tbody.replaceChildren();
    if (!wp) {
      pairRow('pattern-match', null, null);
      pairRow('pattern-error', null, null);
      return;
    }
    const werr = wp.requestError || wp.error || '';
    pairRow('pattern-match', werr ? null : String(wp.match), bp.error ? null : String(bp.match));
    setText(document.querySelector('[data-weburl="pattern-error"]'), werr);
    setText(document.querySelector('[data-browser="pattern-error"]'), bp.error || '');
    for (const c of PATTERN_COMPONENTS) {
      const wr = wp.result ? wp.result[c] : null;
      const br = bp.result ? bp.result[c] : null;
      if (!wr && !br) continue;
      const names = [];
      for (const g of (wr && wr.groups) || []) if (!names.includes(g.name)) names.push(g.name);
      for (const n of Object.keys((br && br.groups) || {})) if (!names.includes(n)) names.push(n);
      tbody.append(el('tr', {class: 'component-head', 'data-component': c},
        el('th', {scope: 'rowgroup', colspan: 2}, c + ' input'),
        el('td', {'data-weburl': 'pattern-input.' + c}, wr ? wr.input : ''),
        el('td', {'data-browser': 'pattern-input.' + c}, br ? br.input : '')));
      for (const n of names) {
        const g = wr && wr.groups ? wr.groups.find((x) => x.name === n) : undefined;
        const wv = g && g.matched ? g.value : null;
        const bv = br && br.groups && br.groups[n] !== undefined ? br.groups[n] : null;
        const wc = el('td', {'data-group': n});
        const bc = el('td', {'data-browser-group': n});
        setText(wc, wv);
        setText(bc, bv);
        wc.classList.toggle('undefined', wv === null);
        bc.classList.toggle('undefined', bv === null);
        const row = el('tr', {'data-component': c}, el('td', {}, c), el('th', {scope: 'row'}, el('code', {}, n)), wc, bc);
        if (wv !== bv) {
          row.setAttribute('data-mismatch', c + '.' + n);
          row.classList.add('mismatch');
          row.cells[1].append(flag());
        }
        tbody.append(row);
      }
    }
  }

  // --- the update loop ---

  let generation = 0;
  let timer = 0;

  async function update() {
    const gen = ++generation;
    document.body.dataset.status = 'loading';
    history.replaceState(null, '', location.pathname + fragment());
    const url = inputs.url.value;
    const base = inputs.base.value;
    const attr = inputs.attr.value;
    const value = inputs.value.value;
    const pat = inputs.pattern.value;
    const [w, ws, wp] = await Promise.all([
      ask('/api/parse', {url, base}),
      attr ? ask('/api/set', {url, base, attr, value}) : null,
      pat ? ask('/api/pattern', {pattern: pat, url, base}) : null,
    ]);
    if (gen !== generation) return; // a newer input is on its way
    const b = browserParse(url, base);
    $('status').textContent = w.requestError ? 'weburl: ' + w.requestError : '';
    renderFailures(w, b);
    renderNetFailure(w);
    renderAttributes(w, b);
    const drawn = renderData(w);
    renderValidation(w);
    renderComponents(w);
    renderParams(w, b);
    renderNetFields(w);
    renderWire(w);
    renderSite(w);
    renderSetter(ws, attr ? browserSet(url, base, attr, value) : null);
    renderPattern(wp, pat ? browserPattern(pat, url, base) : null);
    if (drawn) await drawn;
    if (gen !== generation) return;
    document.body.dataset.status = 'ready';
  }

  function schedule() {
    clearTimeout(timer);
    document.body.dataset.status = 'loading';
    timer = setTimeout(update, 150);
  }

  $('inputs').addEventListener('submit', (e) => e.preventDefault());
  for (const f of FIELDS) inputs[f].addEventListener('input', schedule);
  inputs.attr.addEventListener('change', schedule);
  window.addEventListener('hashchange', () => {
    if (location.hash === fragment()) return; // our own replaceState
    readFragment();
    update();
  });
  readFragment();
  update();
})();
