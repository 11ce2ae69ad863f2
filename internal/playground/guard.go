package playground

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/urlpattern"
)

// The bounds of the API's work. Each is an Options field; these are the
// values of a field left 0.
const (
	// DefaultMaxInFlight is how many API requests are worked on at once;
	// one more is answered 503. The page asks at most three questions per
	// view.
	DefaultMaxInFlight = 4

	// DefaultTimeout bounds one API request's work, below NewServer's
	// WriteTimeout so that the answer that says so can still be written.
	DefaultTimeout = 5 * time.Second

	// DefaultCompileBudget is /api/pattern's urlpattern.Options.CompileBudget:
	// urlpattern's own default (48 MiB, within which a pattern takes at
	// most 64 MiB to build), so that the playground refuses exactly the
	// patterns a program with the zero Options refuses.
	DefaultCompileBudget = urlpattern.DefaultCompileBudget
)

// guard sets the security headers of every answer, refuses a Host header
// that is not loopback (unless o.AnyHost), and lets only the page's own
// requests reach the API.
func guard(next http.Handler, o Options) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		if !o.AnyHost && !loopbackHost(r.Host) {
			http.Error(w, "host not allowed: the playground answers only to localhost", http.StatusMisdirectedRequest)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/api/") {
			if reason := crossOrigin(r); reason != "" {
				writeError(w, http.StatusForbidden, reason)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names this machine:
// localhost or a loopback IP address, with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// crossOrigin says why r is a request that a page on another origin made,
// or "" when it is not: the Fetch Standard's request metadata
// (Sec-Fetch-Site) says it comes from elsewhere, or its Origin header is
// not the origin of the page, http:// (https:// over TLS) and the Host
// header. A request without either (curl, a program) is the page's own or
// no page's. The CORS preflight that a script on another origin sends
// before its POST is refused here too, so the POST never follows.
func crossOrigin(r *http.Request) string {
	switch site := r.Header.Values("Sec-Fetch-Site"); {
	case len(site) > 1:
		return "refused: more than one Sec-Fetch-Site header"
	case len(site) == 1 && site[0] != "same-origin" && site[0] != "none":
		return "refused: Sec-Fetch-Site " + quote.String(site[0]) +
			": the playground's API answers only its own page (same-origin)"
	}
	origins := r.Header.Values("Origin")
	if len(origins) == 0 {
		return ""
	}
	own := pageOrigin(r)
	if len(origins) > 1 || origins[0] != own {
		return "refused: Origin " + quote.String(strings.Join(origins, ", ")) +
			" is not the page's own (" + own + "): the playground's API answers only its own page"
	}
	return ""
}

// pageOrigin is the serialized origin of the page that r's Host header
// names, as a browser writes it in Origin (host lowercased, the default
// port left out); "null" when the Host does not parse as one.
func pageOrigin(r *http.Request) string {
	scheme := "http://"
	if r.TLS != nil {
		scheme = "https://"
	}
	u, err := weburl.Parse(scheme + r.Host)
	if err != nil || strings.ContainsAny(r.Host, "/?#\\@") {
		return "null"
	}
	return u.Origin().String()
}

// request is what the page sends; each endpoint reads the fields it needs.
type request struct {
	URL     string `json:"url"`
	Base    string `json:"base"`
	Attr    string `json:"attr"`
	Value   string `json:"value"`
	Pattern string `json:"pattern"`
}

// errBadRequest is an answer of 400 with the reason.
type errBadRequest string

func (e errBadRequest) Error() string { return string(e) }

// work is one API request's work: its context, which ends at the
// handler's timeout or when the client goes, and the hook told of each
// step.
type work struct {
	ctx  context.Context
	hook func(ctx context.Context, step string)
	o    *Options
}

// step starts a step of the work, unless the request's context has ended:
// then it returns the context's error and the work stops there. Endpoints
// call it between the library calls they make, each of which is bounded
// by its input (at most MaxBody) or, for a pattern, the compile budget.
func (w *work) step(name string) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	if w.hook != nil {
		w.hook(w.ctx, name)
	}
	return nil
}

// endpoint is one API question: it answers req, or returns an
// errBadRequest, or the context's error from a step.
type endpoint func(w *work, req request) (any, error)

// api turns an endpoint into a handler: it takes a JSON object of at
// most MaxBody bytes by POST, works on it while fewer than MaxInFlight
// other requests are (else 503), within the timeout, and writes the
// answer as JSON.
func api(e endpoint, o *Options, sem chan struct{}) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			writeError(w, http.StatusMethodNotAllowed, "use POST: the API takes a JSON object in the body")
			return
		}
		if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
			writeError(w, http.StatusUnsupportedMediaType, "the body must be application/json, not "+quote.String(r.Header.Get("Content-Type")))
			return
		}
		var req request
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeError(w, http.StatusRequestEntityTooLarge, "the body is over 64 KiB")
				return
			}
			writeError(w, http.StatusBadRequest, "the body is not a JSON object of url, base, attr, value, pattern: "+err.Error())
			return
		}
		if _, err := dec.Token(); err != io.EOF {
			writeError(w, http.StatusBadRequest, "the body holds more than one JSON value")
			return
		}
		select {
		case sem <- struct{}{}:
			defer func() { <-sem }()
		default:
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, "busy: "+strconv.Itoa(cap(sem))+" requests are being answered; try again")
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), o.timeout())
		defer cancel()
		wk := &work{ctx: ctx, hook: o.Step, o: o}
		answer, err := e(wk, req)
		if err == nil {
			err = wk.step("write")
		}
		var bad errBadRequest
		switch {
		case errors.As(err, &bad):
			writeError(w, http.StatusBadRequest, bad.Error())
		case errors.Is(err, context.DeadlineExceeded):
			writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("stopped: the answer took longer than %v", o.timeout()))
		case err != nil:
			// The client went away; no one reads this.
			writeError(w, http.StatusServiceUnavailable, "stopped: "+err.Error())
		default:
			writeJSON(w, http.StatusOK, answer)
		}
	}
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// writeJSON writes v as the answer, with '<', '>' and '&' escaped (as
// json.Marshal does): no answer holds markup, even read as HTML.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b)
}
