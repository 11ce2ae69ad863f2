package weburl

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"log/slog"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestMarshalling(t *testing.T) {
	u := MustParse("https://h/a?b#c")
	data, err := json.Marshal(struct{ U *URL }{u})
	if err != nil || string(data) != `{"U":"https://h/a?b#c"}` {
		t.Fatalf("json: %s, %v", data, err)
	}
	var back struct{ U *URL }
	if err := json.Unmarshal(data, &back); err != nil || back.U.Href() != u.Href() {
		t.Fatalf("json back: %v, %v", back.U, err)
	}
	if err := json.Unmarshal([]byte(`{"U":"nope"}`), &back); err == nil {
		t.Error("unmarshalling an invalid URL succeeded")
	}
	var v URL
	if err := v.UnmarshalText([]byte("HTTP://X")); err != nil || v.String() != "http://x/" {
		t.Errorf("text: %q, %v", v.String(), err)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	u := MustParse("https://h/p")
	c := u.Clone()
	if err := c.SetPathname("/other"); err != nil {
		t.Fatal(err)
	}
	if u.Href() != "https://h/p" || c.Href() != "https://h/other" {
		t.Errorf("u %q, clone %q", u.Href(), c.Href())
	}
}

func TestOrigin(t *testing.T) {
	tests := map[string]string{
		"https://h:443/p":       "https://h",
		"http://h:8080/":        "http://h:8080",
		"ftp://h/":              "ftp://h",
		"blob:https://h:1/uuid": "https://h:1",
		"blob:ftp://h/uuid":     "null",
		"blob:not a url":        "null",
		"file:///p":             "null",
		"sc://h/":               "null",
		"wss://[::1]:9/":        "wss://[::1]:9",
	}
	for in, want := range tests {
		if got := MustParse(in).Origin().String(); got != want {
			t.Errorf("Origin(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRedacted(t *testing.T) {
	if got := MustParse("https://u:secret@h/").Redacted(); got != "https://u:xxxxx@h/" {
		t.Errorf("got %q", got)
	}
	if got := MustParse("https://u@h/").Redacted(); got != "https://u@h/" {
		t.Errorf("got %q", got)
	}
}

// A URL held by value marshals as its href with every encoder, and comes
// back; JSON null leaves it as it was; the zero URL round-trips as "".
func TestMarshalValue(t *testing.T) {
	type holder struct {
		V URL
		P *URL
	}
	u := MustParse("https://user:pw@h/a?b#c")
	in := holder{V: *u, P: u}

	data, err := json.Marshal(in)
	if want := `{"V":"https://user:pw@h/a?b#c","P":"https://user:pw@h/a?b#c"}`; err != nil || string(data) != want {
		t.Errorf("json: %s, %v; want %s", data, err, want)
	}
	var back holder
	if err := json.Unmarshal(data, &back); err != nil || back.V.Href() != u.Href() || back.P.Href() != u.Href() {
		t.Errorf("json back: %v %v, %v", back.V, back.P, err)
	}
	if err := json.Unmarshal([]byte(`{"V":null,"P":null}`), &back); err != nil || back.V.Href() != u.Href() || back.P != nil {
		t.Errorf("json null: %v %v, %v", back.V, back.P, err)
	}
	if err := json.Unmarshal([]byte(`{"V":"nope"}`), &back); err == nil || back.V.Href() != u.Href() {
		t.Errorf("json of an invalid URL: %v, V %q", err, back.V.Href())
	}
	var zero holder
	data, err = json.Marshal(zero)
	if err != nil || string(data) != `{"V":"","P":null}` {
		t.Errorf("json of the zero holder: %s, %v", data, err)
	}
	back = holder{V: *u}
	if err := json.Unmarshal(data, &back); err != nil || back.V.Href() != "" {
		t.Errorf("json of the zero URL back: %q, %v", back.V.Href(), err)
	}

	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatalf("gob: %v", err)
	}
	var gobBack holder
	if err := gob.NewDecoder(&buf).Decode(&gobBack); err != nil || gobBack.V.Href() != u.Href() || gobBack.P.Href() != u.Href() {
		t.Errorf("gob back: %v %v, %v", gobBack.V, gobBack.P, err)
	}
	buf.Reset()
	if err := gob.NewEncoder(&buf).Encode(holder{P: &URL{}}); err != nil {
		t.Fatalf("gob of the zero URL: %v", err)
	}
	gobBack = holder{}
	if err := gob.NewDecoder(&buf).Decode(&gobBack); err != nil || gobBack.V.Href() != "" {
		t.Errorf("gob of the zero URL back: %v, %v", gobBack.V, err)
	}

	x, err := xml.Marshal(struct {
		XMLName xml.Name `xml:"x"`
		V       URL      `xml:"v,attr"`
		E       URL      `xml:"e"`
	}{V: *u, E: *u})
	if want := `<x v="https://user:pw@h/a?b#c"><e>https://user:pw@h/a?b#c</e></x>`; err != nil || string(x) != want {
		t.Errorf("xml: %s, %v; want %s", x, err, want)
	}

	if got := fmt.Sprint(*u, u); got != "https://user:pw@h/a?b#c https://user:pw@h/a?b#c" {
		t.Errorf("fmt: %s", got)
	}
	if got := fmt.Sprintf("%#v %#v", *u, URL{}); got != `weburl.MustParse("https://user:pw@h/a?b#c") weburl.URL{}` {
		t.Errorf("%%#v: %s", got)
	}
	if b, err := u.AppendText([]byte("x=")); err != nil || string(b) != "x=https://user:pw@h/a?b#c" {
		t.Errorf("AppendText: %s, %v", b, err)
	}
	if b, err := u.AppendBinary(nil); err != nil || string(b) != u.Href() {
		t.Errorf("AppendBinary: %s, %v", b, err)
	}
	var v URL
	if err := v.UnmarshalBinary([]byte("HTTPS://H")); err != nil || v.Href() != "https://h/" {
		t.Errorf("UnmarshalBinary: %q, %v", v.Href(), err)
	}
	if err := v.UnmarshalText([]byte("x")); err == nil || v.Href() != "https://h/" {
		t.Errorf("UnmarshalText of an invalid URL: %v, href %q", err, v.Href())
	}
}

// slog shows a URL as its href, as net/url's URL is shown: the text
// handler through MarshalText, the JSON handler through MarshalJSON, both
// with the password (weburl does not import log/slog, so a URL has no
// LogValue: see README). Logging u.Redacted() hides it, with every handler.
func TestSlog(t *testing.T) {
	u := MustParse("https://user:secret@h/p")
	var buf bytes.Buffer
	drop := func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	for _, h := range []slog.Handler{
		slog.NewJSONHandler(&buf, &slog.HandlerOptions{ReplaceAttr: drop}),
		slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: drop}),
	} {
		slog.New(h).Info("fetch", "ptr", u, "val", *u, "red", u.Redacted(), slog.Group("g", "u", u.Redacted()))
	}
	want := `{"level":"INFO","msg":"fetch","ptr":"https://user:secret@h/p","val":"https://user:secret@h/p","red":"https://user:xxxxx@h/p","g":{"u":"https://user:xxxxx@h/p"}}
level=INFO msg=fetch ptr=https://user:secret@h/p val=https://user:secret@h/p red=https://user:xxxxx@h/p g.u=https://user:xxxxx@h/p
`
	if buf.String() != want {
		t.Errorf("got\n%swant\n%s", buf.String(), want)
	}
}

// n := *u is a copy that shares nothing a change touches, SearchParams
// included, in both directions.
func TestValueSemantics(t *testing.T) {
	u := MustParse("https://h/p?a=1#f")
	uq := u.SearchParams()
	n := *u
	n.SearchParams().Set("a", "2")
	if u.Href() != "https://h/p?a=1#f" || n.Href() != "https://h/p?a=2#f" {
		t.Errorf("after n.SearchParams().Set: u %q, n %q", u.Href(), n.Href())
	}
	if v, _ := uq.Get("a"); v != "1" {
		t.Errorf("u's view sees %q", v)
	}
	uq.Append("b", "3")
	if u.Href() != "https://h/p?a=1&b=3#f" || n.Href() != "https://h/p?a=2#f" {
		t.Errorf("after u's view Append: u %q, n %q", u.Href(), n.Href())
	}
	if err := n.SetSearch("z"); err != nil || uq.String() != "a=1&b=3" || u.Href() != "https://h/p?a=1&b=3#f" {
		t.Errorf("n.SetSearch changed u: %v, view %q, u %q", err, uq.String(), u.Href())
	}
	// Overwriting u makes its views follow what u now holds.
	*u = *MustParse("https://h/?x=9")
	if v, _ := uq.Get("x"); v != "9" || uq.Size() != 1 {
		t.Errorf("after *u = ...: view %q", uq.String())
	}
	c := u.Clone()
	c.SearchParams().Delete("x")
	if u.Href() != "https://h/?x=9" || c.Href() != "https://h/" {
		t.Errorf("Clone: u %q, c %q", u.Href(), c.Href())
	}
}

// callAll calls every exported method of *URL on u with plain arguments,
// and reports the methods that panicked.
func callAll(u *URL) (panicked []string) {
	v := reflect.ValueOf(u)
	for i := range v.NumMethod() {
		m := v.Type().Method(i)
		fn := v.Method(i)
		var args []reflect.Value
		for j := range fn.Type().NumIn() {
			in := fn.Type().In(j)
			switch {
			case fn.Type().IsVariadic() && j == fn.Type().NumIn()-1:
				args = append(args, reflect.ValueOf([]string{"a", ".."}))
			case in.Kind() == reflect.String:
				args = append(args, reflect.ValueOf("#x").Convert(in))
			case in == reflect.TypeOf(u):
				args = append(args, reflect.ValueOf(&URL{}))
			default:
				args = append(args, reflect.Zero(in))
			}
		}
		func() {
			defer func() {
				if recover() != nil {
					panicked = append(panicked, m.Name)
				}
			}()
			if fn.Type().IsVariadic() {
				fn.CallSlice(args)
			} else {
				fn.Call(args)
			}
		}()
	}
	return panicked
}

// The zero URL is no URL, and every method answers for it without a
// panic; a nil *URL is safe where net/url's is (Redacted), and in Equal.
func TestZeroURL(t *testing.T) {
	if p := callAll(&URL{}); len(p) != 0 {
		t.Errorf("methods panicked on the zero URL: %v", p)
	}
	var z URL
	strs := map[string]string{
		"Href": z.Href(), "String": z.String(), "Protocol": z.Protocol(), "Scheme": z.Scheme(),
		"Username": z.Username(), "Password": z.Password(), "Host": z.Host(), "Hostname": z.Hostname(),
		"Port": z.Port(), "Pathname": z.Pathname(), "Search": z.Search(), "Hash": z.Hash(),
		"Redacted": z.Redacted(), "Display": z.Display(),
	}
	for name, s := range strs {
		if s != "" {
			t.Errorf("zero URL: %s = %q", name, s)
		}
	}
	_, hasQuery := z.Query()
	_, hasFragment := z.Fragment()
	_, hasPort := z.PortNumber()
	_, hasEffectivePort := z.EffectivePort()
	_, hasAddr := z.Addr()
	if hasQuery || hasFragment || hasPort || hasEffectivePort || hasAddr || z.IsSpecial() || z.HasOpaquePath() || z.HostKind() != NoHost {
		t.Error("zero URL: a component reported as present")
	}
	if z.RequestURI() != "/" || !z.Origin().IsOpaque() || *z.NetURL() != (url.URL{}) || z.JoinPath("a").Href() != "" {
		t.Errorf("zero URL: RequestURI %q, Origin %v, NetURL %#v", z.RequestURI(), z.Origin(), z.NetURL())
	}
	if r := z.Record(); !reflect.DeepEqual(r, Record{Path: []string{}}) {
		t.Errorf("zero URL: Record %#v", r)
	}
	sp := z.SearchParams()
	sp.Append("a", "b")
	if z.Href() != "" || sp.String() != "a=b" {
		t.Errorf("zero URL: SearchParams changed it to %q (view %q)", z.Href(), sp.String())
	}
	if _, err := z.Parse("#x"); err == nil || !strings.Contains(err.Error(), "zero URL") {
		t.Errorf("zero URL as a base: %v", err)
	}
	if _, err := (&Parser{}).Parse("https://x/", &z); err == nil {
		t.Error("zero URL as a base of an absolute URL: no error")
	}
	if IsValidURLString("a", &z) || !IsValidURLString("https://x/", &z) {
		t.Error("IsValidURLString with the zero URL as base")
	}
	for a := range Attribute(len(attributeNames)) {
		err := (&Parser{}).Set(&z, a, "x")
		if a != AttrHref && (err == nil || z.Href() != "") {
			t.Errorf("zero URL: set %s: %v, href %q", a, err, z.Href())
		}
	}
	if err := z.SetHref("HTTPS://H"); err != nil || z.Href() != "https://h/" {
		t.Errorf("zero URL: SetHref: %v, %q", err, z.Href())
	}
	if (&URL{}).Equal(nil) || MustParse("https://h").Equal(nil) || !(*URL)(nil).Equal(nil) ||
		!(&URL{}).Equal(&URL{}) || MustParse("https://h").EqualExcludingFragments(nil) {
		t.Error("Equal with nil")
	}
	// The nil-safe methods are those of net/url (Redacted) and Equal.
	panicked := callAll(nil)
	for _, name := range []string{"Redacted", "Equal", "EqualExcludingFragments"} {
		if slices.Contains(panicked, name) {
			t.Errorf("%s panicked on a nil *URL", name)
		}
	}
	if n := reflect.TypeOf(&URL{}).NumMethod(); n < 50 {
		t.Errorf("callAll saw %d methods", n)
	}
	var nilURL *URL
	if nilURL.Redacted() != "" {
		t.Error("Redacted of a nil *URL")
	}
	if got := fmt.Sprint(nilURL); got != "<nil>" {
		t.Errorf("fmt of a nil *URL: %q", got)
	}
}
