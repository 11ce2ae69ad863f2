package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/internal/playground"
)

// errNotValid is handle's error for an input that -validate finds parses
// but is not a valid URL string: the input fails, with no message of its
// own, since its output line gives the validation errors.
var errNotValid = errors.New("not a valid URL string")

// handle parses, changes and prints one input; the error is why it failed.
func (o *options) handle(out *bufio.Writer, enc *json.Encoder, line *strings.Builder, input string) error {
	if isBlank(input) {
		if o.asJSON {
			enc.Encode(failure{Input: input, Error: "blank line: no URL"})
		}
		return nil
	}
	o.validErrs = o.validErrs[:0]
	u, err := o.parser.Parse(input, o.base)
	if o.validate {
		valid := weburl.IsValidURLString(input, o.base)
		writeValidation(out, enc, o.asJSON, input, u, err, o.validErrs, valid)
		if err == nil && !valid {
			return errNotValid // the output line says why
		}
		return err
	}
	for _, ref := range o.redirects {
		if err != nil {
			break
		}
		u, err = redirect(u, ref)
	}
	if err == nil {
		u, err = o.change(u)
	}
	if err != nil {
		if o.asJSON {
			enc.Encode(failure{Input: input, Error: errText(err)})
		}
		return err
	}
	if o.match.list != nil && o.match.filter(out, enc, o.asJSON, input, u) {
		return nil
	}
	switch {
	case o.asJSON:
		c := components{
			Input:             input,
			Attributes:        *playground.AttributesOf(u),
			Params:            paramsOf(u),
			PublicSuffix:      hostValue(u, weburl.PublicSuffix),
			RegistrableDomain: hostValue(u, weburl.RegistrableDomain),
		}
		if o.display {
			c.Display = u.Display()
		}
		if o.surt {
			c.SURT = canon.SURT(u)
		}
		enc.Encode(c)
		return nil
	case o.get != nil:
		line.Reset()
		if err := o.get.execute(line, u); err != nil {
			return err
		}
		out.WriteString(line.String())
	case o.surt:
		out.WriteString(canon.SURT(u))
	case o.display:
		out.WriteString(u.Display())
	default:
		out.WriteString(u.Href())
	}
	out.WriteByte('\n')
	return nil
}

// components is the -json output: the input, the URL class's attributes in
// the order of the spec's IDL, and what weburl adds.
type components struct {
	Input string `json:"input"`
	playground.Attributes

	// Params are the query's pairs as trurl's -json writes them, decoded
	// as form data; [] for a query without pairs ("&&"), left out with no
	// query or an empty one.
	Params            []param `json:"params,omitzero"`
	PublicSuffix      *string `json:"publicSuffix"`
	RegistrableDomain *string `json:"registrableDomain"`
	Display           string  `json:"display,omitempty"`
	SURT              string  `json:"surt,omitempty"`
}

// A param is a pair of the query, as trurl's -json names its parts.
type param struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// paramsOf is the query's pairs, nil when the query is null or empty, as
// trurl leaves params out then (a query of "&" has params, none).
func paramsOf(u *weburl.URL) []param {
	q, _ := u.Query()
	if q == "" {
		return nil
	}
	pairs := weburl.ParseForm(q)
	ps := make([]param, 0, len(pairs))
	for _, p := range pairs {
		ps = append(ps, param{p[0], p[1]})
	}
	return ps
}

// redirect resolves ref against u, as a Location header's value is
// (UTF-8, whatever -encoding says: Fetch parses a location URL so).
func redirect(u *weburl.URL, ref string) (*weburl.URL, error) {
	r, err := u.Parse(ref)
	if err != nil {
		return nil, redirectError{err}
	}
	return r, nil
}

// redirectError is a -redirect reference that does not resolve against an
// input: the parser's message, which names both, after "-redirect: ".
type redirectError struct{ err error }

func (e redirectError) Error() string {
	return "-redirect: " + strings.TrimPrefix(e.err.Error(), "weburl: ")
}

func (e redirectError) Unwrap() error { return e.err }

// failure is the -json output for an input that failed.
type failure struct {
	Input string `json:"input"`
	Error string `json:"error"`
}

// hostValue returns hostAnswer's answer, or nil for none.
func hostValue(u *weburl.URL, f func(string) (string, bool)) *string {
	if v := hostAnswer(u, f); v != "" {
		return &v
	}
	return nil
}

// validation is the -validate -json output.
type validation struct {
	Input            string            `json:"input"`
	Href             string            `json:"href,omitempty"`
	Failure          string            `json:"failure,omitempty"` // the error that stopped the parse
	Valid            bool              `json:"valid"`
	ValidationErrors []validationError `json:"validationErrors"`
}

type validationError struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
}

// writeValidation is the -validate output of one input: a JSON object, or
// "valid"/"invalid", the href or "(failure)" and name@offset of each
// validation error, separated by tabs.
func writeValidation(out *bufio.Writer, enc *json.Encoder, asJSON bool, input string, u *weburl.URL, err error, errs []weburl.ValidationError, valid bool) {
	if asJSON {
		v := validation{Input: input, Valid: valid, ValidationErrors: []validationError{}}
		if u != nil {
			v.Href = u.Href()
		}
		var name weburl.ErrorName
		if errors.As(err, &name) {
			v.Failure = string(name)
		}
		for _, e := range errs {
			v.ValidationErrors = append(v.ValidationErrors, validationError{string(e.Name()), e.Offset()})
		}
		enc.Encode(v)
		return
	}
	if valid {
		out.WriteString("valid\t")
	} else {
		out.WriteString("invalid\t")
	}
	if u != nil {
		out.WriteString(u.Href())
	} else {
		out.WriteString("(failure)")
	}
	for i, e := range errs {
		if i == 0 {
			out.WriteByte('\t') // no trailing tab when there are none
		} else {
			out.WriteByte(' ')
		}
		fmt.Fprintf(out, "%s@%d", e.Name(), e.Offset())
	}
	out.WriteByte('\n')
}

// errText is err's message without "weburl: ", which the command's own
// prefix replaces. A relative reference parsed without a base says to
// pass -base, where the library's message speaks of base.Parse.
func errText(err error) string {
	var pe *weburl.Error
	if errors.As(err, &pe) && pe.Op == "parse" && pe.Base == "" && pe.Err == weburl.MissingSchemeNonRelativeURL {
		e := *pe
		e.Err = hinted{weburl.MissingSchemeNonRelativeURL, "a relative reference: pass -base with a URL to resolve it against"}
		err = &e
	}
	return strings.TrimPrefix(err.Error(), "weburl: ")
}

// hinted is a validation error's name with the command's advice, in the
// place of the library's.
type hinted struct {
	name weburl.ErrorName
	hint string
}

func (h hinted) Error() string { return string(h.name) + " (" + h.hint + ")" }
func (h hinted) Unwrap() error { return h.name }
