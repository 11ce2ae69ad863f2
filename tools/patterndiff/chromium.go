package main

import (
	_ "embed"
	"errors"
	"strings"
	"time"

	"github.com/weburl/weburl/tools/internal/headless"
)

// Chromium's answers: a page that runs, for each case, verdict.js (what
// ref.js runs on the polyfill) on the browser's own URLPattern; headless
// Chromium runs it and dumps the DOM with the answers.

//go:embed verdict.js
var verdictJS string

// page is the page of the cases, for headless.Run: its one %s is theirs.
var page = `<!doctype html><meta charset=utf-8><body><script>
` + strings.ReplaceAll(verdictJS, "%", "%%") + `
const out = %s.map(c => verdict(URLPattern, c));
const pre = document.createElement("pre");
pre.id = "out";
pre.textContent = JSON.stringify(out);
document.body.appendChild(pre);
</script>`

// batch is how many cases one page holds. The answers to 2,000 cases are
// about a megabyte of DOM; pages of that size keep each Chromium run small
// however large -browser-n is.
const batch = 2000

// chromiumVerdicts runs the cases in chromium and returns its verdicts,
// one per case: in pages of batch, and a page that gets no answer in
// time again in tenths, down to single cases. Chromium's renderer
// crashes on a few patterns (reading the hostname of :a{/}:b), and
// --dump-dom then waits for ever; a case without an answer alone gets a
// verdict of noAnswer.
func chromiumVerdicts(chromium string, cases []testCase) ([]verdict, error) {
	step := batch
	if len(cases) <= batch {
		vs, err := chromiumPage(chromium, cases)
		switch {
		case !errors.Is(err, headless.ErrHung):
			return vs, err
		case len(cases) == 1:
			return []verdict{{NoAnswer: true}}, nil
		}
		step = (len(cases) + 9) / 10
	}
	var vs []verdict
	for i := 0; i < len(cases); i += step {
		part, err := chromiumVerdicts(chromium, cases[i:min(i+step, len(cases))])
		if err != nil {
			return nil, err
		}
		vs = append(vs, part...)
	}
	return vs, nil
}

// chromiumPage runs one page of cases. A page of 2,000 cases takes some
// ten seconds; one that takes several times what its size would has hung.
func chromiumPage(chromium string, cases []testCase) ([]verdict, error) {
	vs, err := headless.Run[testCase, verdict](chromium, page, cases, 30*time.Second+time.Duration(len(cases))*15*time.Millisecond)
	noNullResults(vs)
	return vs, err
}
