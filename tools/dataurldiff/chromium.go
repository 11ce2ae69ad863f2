package main

import (
	"time"

	"github.com/weburl/weburl/tools/internal/headless"
)

// The browser's answers: a page that runs, for each query, fetch() of a
// data: URL (the response's Content-Type and body), atob(), or, for a
// MIME type, the type of the body of a Response whose Content-Type header
// is the input (Fetch's extract a MIME type, but Chromium does not parse
// it there; see browserQuery); headless Chromium runs it and dumps the DOM
// with the answers.

const page = `<!doctype html><meta charset=utf-8><body><script>
const qs = %s;
const hex = b => Array.from(b, x => x.toString(16).padStart(2, "0")).join("");
(async () => {
  const out = [];
  for (const q of qs) {
    let a = null;
    try {
      if (q.kind === "dataurl") {
        const r = await fetch(q.input);
        a = { type: r.headers.get("content-type") || "", body: hex(new Uint8Array(await r.arrayBuffer())) };
      } else if (q.kind === "base64") {
        a = { body: hex(Array.from(atob(q.input), c => c.charCodeAt(0))) };
      } else {
        const t = (await new Response("", { headers: [["Content-Type", q.input]] }).blob()).type;
        a = t === "" ? null : { type: t };
      }
    } catch (e) {
      a = null;
    }
    out.push(a);
  }
  const pre = document.createElement("pre");
  pre.id = "out";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>`

// chromiumAnswers runs chromium on the queries. Virtual time lets the
// page's fetches end before the DOM is dumped.
func chromiumAnswers(chromium string, qs []query) ([]*answer, error) {
	return headless.Run[query, *answer](chromium, page, qs, 10*time.Minute, "--virtual-time-budget=600000")
}

// browserQuery reports whether the browser is asked q.
func browserQuery(q query) (query, bool) {
	if q.Kind == "mime" {
		// Chromium's Blob type of a Response is the Content-Type header
		// in lowercase, not a parse (TEXT/HTML;CHARSET=GBK gives
		// text/html;charset=gbk, and a repeated parameter stays): no
		// MIME type parser to compare with there.
		return q, false
	}
	return q, true
}
