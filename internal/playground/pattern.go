package playground

import (
	"github.com/weburl/weburl/urlpattern"
)

// PatternAnswer is /api/pattern's answer: new URLPattern(pattern) and its
// exec(url, base). Error is the constructor's error (the page shows it
// beside the browser's TypeError); Result is nil when the URL does not
// match, as exec gives null.
type PatternAnswer struct {
	Error  string                    `json:"error"`
	Match  bool                      `json:"match"`
	Result map[string]ComponentMatch `json:"result"`
}

// ComponentMatch is one component of URLPatternResult: its input and its
// groups in the pattern's order; an unmatched group (undefined in
// JavaScript) has Matched false.
type ComponentMatch struct {
	Input  string  `json:"input"`
	Groups []Group `json:"groups"`
}

// Group is a urlpattern.Group as the page reads it.
type Group struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	Matched bool   `json:"matched"`
}

// patternComponents are URLPatternResult's members, in the spec's order.
var patternComponents = [...]struct {
	name string
	c    urlpattern.Component
}{
	{"protocol", urlpattern.Protocol}, {"username", urlpattern.Username}, {"password", urlpattern.Password},
	{"hostname", urlpattern.Hostname}, {"port", urlpattern.Port}, {"pathname", urlpattern.Pathname},
	{"search", urlpattern.Search}, {"hash", urlpattern.Hash},
}

func pattern(w *work, req request) (any, error) {
	a := &PatternAnswer{}
	if err := w.step("compile"); err != nil {
		return nil, err
	}
	// The compile budget bounds this step, which no context can stop.
	p, err := urlpattern.New(req.Pattern, urlpattern.Options{CompileBudget: w.o.compileBudget()})
	if err != nil {
		a.Error = err.Error()
		return a, nil
	}
	if err := w.step("exec"); err != nil {
		return nil, err
	}
	var r *urlpattern.Result
	if req.Base == "" {
		r = p.Exec(req.URL)
	} else {
		r = p.ExecWithBase(req.URL, req.Base)
	}
	if r == nil {
		return a, nil
	}
	a.Match = true
	a.Result = make(map[string]ComponentMatch, len(patternComponents))
	for _, pc := range patternComponents {
		cr := r.Component(pc.c)
		groups := make([]Group, len(cr.Groups))
		for i, g := range cr.Groups {
			groups[i] = Group{g.Name, g.Value, g.Matched}
		}
		a.Result[pc.name] = ComponentMatch{Input: cr.Input, Groups: groups}
	}
	return a, nil
}
