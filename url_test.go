package weburl

import (
	"encoding/json"
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
