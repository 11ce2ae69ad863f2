package weburl

import (
	"errors"
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"testing"
)

// exportedErrorNames reads the package's source for every exported
// constant of type ErrorName, so that a name added later is tested too.
func exportedErrorNames(t *testing.T) map[string]ErrorName {
	t.Helper()
	fset := token.NewFileSet()
	f, err := goparser.ParseFile(fset, "validation.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]ErrorName{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "ErrorName" {
				continue
			}
			for i, n := range vs.Names {
				if !n.IsExported() {
					continue
				}
				v, err := strconv.Unquote(vs.Values[i].(*ast.BasicLit).Value)
				if err != nil {
					t.Fatal(err)
				}
				out[n.Name] = ErrorName(v)
			}
		}
	}
	return out
}

// TestErrorsIsEveryName: errors.Is(err, name) for every exported name, on
// a ValidationError, an *Error holding it, and both wrapped further; and
// false for every other name.
func TestErrorsIsEveryName(t *testing.T) {
	names := exportedErrorNames(t)
	// The 31 of allValidationErrorNames and HrefTooLong.
	if len(names) != len(allValidationErrorNames)+1 {
		t.Fatalf("validation.go declares %d ErrorName constants; allValidationErrorNames has %d and HrefTooLong", len(names), len(allValidationErrorNames))
	}
	for _, n := range allValidationErrorNames {
		if !slices.Contains(slices.Collect(maps.Values(names)), n) {
			t.Errorf("%s is not declared as an ErrorName", n)
		}
	}
	for id, n := range names {
		pe := &Error{Op: "parse", Input: "x", Offset: 3, Err: n}
		detailed := &Error{Op: "from net/url", Input: "x", Err: because(n, "words")}
		if want := string(n) + " (words)"; detailed.Err.Error() != want {
			t.Errorf("because(%s): %q, want %q", id, detailed.Err.Error(), want)
		}
		for _, err := range []error{n, pe, detailed, fmt.Errorf("wrapped: %w", pe), fmt.Errorf("twice: %w", fmt.Errorf("once: %w", detailed))} {
			if !errors.Is(err, n) {
				t.Errorf("errors.Is(%v, %s) = false", err, id)
			}
			for _, other := range names {
				if other != n && errors.Is(err, other) {
					t.Errorf("errors.Is(%v, %s) = true", err, other)
				}
			}
		}
		if nameOf(pe) != n || nameOf(detailed) != n || n.Error() != string(n) {
			t.Errorf("%s: names %q %q, Error %q", id, nameOf(pe), nameOf(detailed), n.Error())
		}
	}
	// An *Error for a reason the spec does not name is no name's.
	for _, err := range []error{&Error{Op: "set hostname", Err: ErrHostnamePort}, &Error{Op: "parse"}} {
		for id, n := range names {
			if errors.Is(err, n) {
				t.Errorf("errors.Is(%#v, %s) = true", err, id)
			}
		}
	}
}

// TestErrorsIsParseFailures: the errors the parser, the setters and
// ParseDomain return answer errors.Is with the reason that failed them.
func TestErrorsIsParseFailures(t *testing.T) {
	for _, tt := range failureTests {
		_, err := Parse(tt.input)
		if !errors.Is(err, tt.reason) {
			t.Errorf("Parse(%q): errors.Is(%v, %s) = false", tt.input, err, tt.reason)
		}
		if errors.Is(err, InvalidCredentials) {
			t.Errorf("Parse(%q): errors.Is(%v, %s) = true", tt.input, err, InvalidCredentials)
		}
		var pe *Error
		if !errors.As(err, &pe) || nameOf(pe) != tt.reason {
			t.Errorf("Parse(%q): %v", tt.input, err)
		}
	}
	u := MustParse("https://example.com/")
	if err := u.SetHost("[::1"); !errors.Is(err, IPv6Unclosed) {
		t.Errorf("SetHost: %v does not match %s", err, IPv6Unclosed)
	}
	if _, err := ParseDomain("a..b", true); !errors.Is(err, DomainToASCII) {
		t.Errorf("ParseDomain: %v does not match %s", err, DomainToASCII)
	}
	var names []ErrorName
	p := Parser{OnValidationError: func(e ValidationError) {
		names = append(names, e.Name())
	}}
	if _, err := p.Parse("https://user@h\\x", nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names, []ErrorName{InvalidCredentials, InvalidReverseSolidus}) {
		t.Errorf("callback's errors: %v", names)
	}
}
