package weburl

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/percent"
	"github.com/weburl/weburl/internal/swar"
)

// Display returns the URL as it is safe to show to a person who must decide
// whether to trust it, following the URL Standard's § URL rendering:
//
//   - The username and password are left out: they can pass for the host,
//     as in "https://bank.example@evil.example/".
//   - A domain is shown in Unicode, by the spec's domain to Unicode, when
//     every label passes the rule below; otherwise the whole host stays
//     ASCII, with its Punycode labels. Other hosts are shown as serialized.
//   - In the path, query and fragment, a percent-encoded UTF-8 sequence of
//     a code point that is not ASCII is decoded, unless it would be
//     invisible or mislead: controls, format characters (the bidi controls
//     among them), spaces, default-ignorable code points, U+FFFD, private
//     use or unassigned code points, a combining mark that would join a
//     character the href has in plain text, lookalikes of the delimiters /
//     ? # % : @ \ & = ., and the padlocks U+1F50F to U+1F513. Encoded ASCII
//     (%2F, %3F, %23, %25, %2E, %5C, %20, %41, ...) and bytes that are not
//     UTF-8 stay encoded.
//
// Nothing else changes, so parsing what Display returns gives the same URL
// without its credentials, except that decoded code points come back
// percent-encoded in uppercase hex, as the parser writes them. The zero URL
// displays as "".
//
// The rule for a label of a domain shown in Unicode, a simplified form of
// Chromium's IDN display policy (not UTS #39's confusable detection):
//
//   - Each code point that is not ASCII is a letter, a nonspacing or
//     spacing mark, or a decimal digit; not ß or ς, which IDNA 2003 mapped
//     to other labels; not default-ignorable; not a modifier letter of no
//     script, save U+30FC (ー); not a combining diacritic (U+0300 to U+036F)
//     right after a Latin, Greek or Cyrillic letter, which NFC would have
//     joined if it could.
//   - The label's scripts, Common and Inherited aside and ASCII letters
//     counting as Latin, are one script, or within Latin+Han+Hiragana+
//     Katakana (Japanese), Latin+Han+Bopomofo (Chinese) or Latin+Han+Hangul
//     (Korean). So Latin never mixes with Cyrillic or Greek: "аpple.com"
//     with a Cyrillic "а" stays "xn--pple-43d.com".
//   - A label in Cyrillic, Greek or Armenian whose letters all look like
//     Latin ones ("аррӏе", "οκ") is shown in Unicode only under a top-level
//     domain of that script or of a country that writes it (.рф, .ru, .gr,
//     .am ...).
//   - The Latin letters ɑ ɡ ȷ ɩ ǀ ǃ, which pass for a g j i l !, are never
//     shown, nor ı (dotless i) except under .tr and .az.
func (u *URL) Display() string {
	p := u.displayParts(listPSL)
	return p.prefix + p.host + p.port + p.rest
}

// DisplayElided returns Display's form of the URL shortened with "…" to at
// most width code points (runes, not columns), never eliding the scheme,
// the registrable domain or the port. It elides as the URL Standard's § URL
// rendering advises, for a space-constrained display: first the end of
// the path, query and fragment, then whole labels from the left of the
// host (lowest level first: "…com.evil.com"), never the registrable
// domain. The scheme, the port, and the registrable domain (or the whole
// host if it has none, as an IP address or "localhost") are always kept,
// so when they alone do not fit the result is longer than width: it is
// then the scheme, the host elided down to its registrable domain, the
// port, and "…" for any path that follows.
func (u *URL) DisplayElided(width int) string {
	return u.displayElided(listPSL, width)
}

// displayElided is DisplayElided with the registrable domain by list.
func (u *URL) displayElided(list suffixList, width int) string {
	p := u.displayParts(list)
	full := p.prefix + p.host + p.port + p.rest
	if utf8.RuneCountInString(full) <= width {
		return full
	}
	head := p.prefix + p.host + p.port
	if n := width - utf8.RuneCountInString(head) - 1; n >= 0 && p.rest != "" {
		return head + firstRunes(p.rest, n) + "…"
	}
	tail := ""
	if p.rest != "" {
		tail = "…"
	}
	labels := strings.Split(p.host, ".")
	if p.keepLabels >= len(labels) {
		return head + tail
	}
	// The most labels that fit, at least those of the registrable domain;
	// fewer than all, or the branch above would have returned.
	room := width - utf8.RuneCountInString(p.prefix+p.port+tail) - 1 // 1 for "…"
	keep := p.keepLabels
	used := utf8.RuneCountInString(strings.Join(labels[len(labels)-keep:], "."))
	for keep+1 < len(labels) {
		next := used + 1 + utf8.RuneCountInString(labels[len(labels)-keep-1])
		if next > room {
			break
		}
		keep, used = keep+1, next
	}
	return p.prefix + "…" + strings.Join(labels[len(labels)-keep:], ".") + p.port + tail
}

// firstRunes returns the first n runes of s, backing off so as not to end
// inside a percent-encoded byte.
func firstRunes(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if j := strings.LastIndexByte(s[:i], '%'); j >= 0 && i-j < 3 {
		i = j
	}
	return s[:i]
}

// displayParts is Display's output in pieces, for DisplayElided.
type displayParts struct {
	prefix     string // the scheme, ":" and, with a host, "//"
	host       string // as displayed
	port       string // ":" and the port, or ""
	rest       string // any "/.", then the path, query and fragment, decoded
	keepLabels int    // the labels at the end of host that elision keeps
}

func (u *URL) displayParts(list suffixList) displayParts {
	var p displayParts
	if u.href == "" {
		p.keepLabels = 1
		return p // the zero URL, which is no URL
	}
	p.prefix = u.href[:u.schemeEnd+1]
	if u.hostKind != NoHost {
		p.prefix += "//"
		p.host = displayHost(u.Hostname(), u.hostKind)
		if u.hasPort() {
			p.port = ":" + u.Port()
		}
	}
	p.rest = string(appendDisplayDecoded(nil, u.href[u.portEnd():]))
	p.keepLabels = strings.Count(p.host, ".") + 1
	if u.hostKind == Domain {
		if rd, ok := registrableDomainOf(list, u.Hostname()); ok {
			p.keepLabels = strings.Count(rd, ".") + 1
		}
	}
	return p
}

// displayHost returns host in Unicode when it is a domain that passes
// Display's rule, and as serialized otherwise. Both forms have the same
// labels, one for one.
func displayHost(host string, kind HostKind) string {
	if kind != Domain || !strings.Contains(host, "xn--") {
		return host
	}
	uni, err := DomainToUnicode(host)
	if err != nil || strings.Count(uni, ".") != strings.Count(host, ".") {
		return host
	}
	// What is shown must parse back to the host, whatever x/net/idna's
	// ToUnicode does with odd labels.
	if back, err := ParseDomain(uni, false); err != nil || back != host {
		return host
	}
	labels := strings.Split(uni, ".")
	tld := labels[len(labels)-1]
	if tld == "" && len(labels) > 1 {
		tld = labels[len(labels)-2]
	}
	for _, l := range labels {
		if !safeLabel(l, tld) {
			return host
		}
	}
	return uni
}

// Scripts that the label rule names.
var (
	scriptLatin    = unicode.Latin
	allowedMixings = [][]*unicode.RangeTable{
		{unicode.Latin, unicode.Han, unicode.Hiragana, unicode.Katakana},
		{unicode.Latin, unicode.Han, unicode.Bopomofo},
		{unicode.Latin, unicode.Han, unicode.Hangul},
	}
)

// A lookalikeScript is a script with letters that pass for Latin ones: a
// label of only those is shown under a top-level domain of the script, or
// of a country that writes it.
type lookalikeScript struct {
	script  *unicode.RangeTable
	letters string
	tlds    []string // ASCII country-code TLDs
}

var lookalikeScripts = []lookalikeScript{
	{unicode.Cyrillic, "асԁеһіјкӏорԛѕуүхԝѡѵьпгҽ", []string{"ba", "bg", "by", "kg", "kz", "me", "mk", "mn", "rs", "ru", "su", "tj", "ua", "uz"}},
	{unicode.Greek, "αικνορτυχγω", []string{"cy", "gr"}},
	{unicode.Armenian, "ցհյոօսք", []string{"am"}},
}

// latinLookalikes pass for ASCII letters; the TLDs listed allow one.
var latinLookalikes = map[rune][]string{
	'ɑ': nil, 'ɡ': nil, 'ȷ': nil, 'ɩ': nil, 'ǀ': nil, 'ǃ': nil,
	'ı': {"tr", "az"},
}

// safeLabel applies Display's rule to a label of a domain in Unicode form;
// tld is the domain's last label, in Unicode form too.
func safeLabel(label, tld string) bool {
	if swar.IsASCII(label) {
		return true
	}
	var scripts []*unicode.RangeTable // of the label, Common and Inherited aside
	var prev rune
	for _, r := range label {
		sc := scriptOf(r)
		switch {
		case r < utf8.RuneSelf:
			// ASCII: letters, digits and '-' in a parsed host.
		case r == 'ß' || r == 'ς':
			return false
		case unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector):
			return false
		case !unicode.In(r, unicode.L, unicode.Mn, unicode.Mc, unicode.Nd):
			return false
		case sc == nil && unicode.Is(unicode.Lm, r) && r != 'ー':
			return false
		case sc == nil && 0x300 <= r && r <= 0x36F && unicode.In(prev, unicode.Latin, unicode.Greek, unicode.Cyrillic):
			return false
		}
		if tlds, ok := latinLookalikes[r]; ok && !slices.Contains(tlds, tld) {
			return false
		}
		if sc != nil && !slices.Contains(scripts, sc) {
			scripts = append(scripts, sc)
		}
		prev = r
	}
	if len(scripts) > 1 && !slices.ContainsFunc(allowedMixings, func(set []*unicode.RangeTable) bool {
		for _, sc := range scripts {
			if !slices.Contains(set, sc) {
				return false
			}
		}
		return true
	}) {
		return false
	}
	if len(scripts) == 1 {
		for _, ls := range lookalikeScripts {
			if ls.script == scripts[0] && allLookalike(label, ls) && !tldWritesScript(tld, ls) {
				return false
			}
		}
	}
	return true
}

// allLookalike reports whether every letter of label is one of ls.letters.
func allLookalike(label string, ls lookalikeScript) bool {
	for _, r := range label {
		if unicode.IsLetter(r) && !strings.ContainsRune(ls.letters, r) {
			return false
		}
	}
	return true
}

// tldWritesScript reports whether tld is in ls's script or one of its
// country codes.
func tldWritesScript(tld string, ls lookalikeScript) bool {
	if slices.Contains(ls.tlds, tld) {
		return true
	}
	letters := false
	for _, r := range tld {
		if unicode.IsLetter(r) {
			if !unicode.Is(ls.script, r) {
				return false
			}
			letters = true
		}
	}
	return letters
}

// knownScripts are looked up first; any other script is found in
// unicode.Scripts.
var knownScripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
	unicode.Bopomofo, unicode.Cyrillic, unicode.Greek, unicode.Armenian, unicode.Arabic,
	unicode.Hebrew,
}

// scriptOf returns the table of r's script, or nil for Common, Inherited
// and unassigned code points. ASCII letters are Latin.
func scriptOf(r rune) *unicode.RangeTable {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return scriptLatin
		}
		return nil
	}
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return nil
	}
	for _, t := range knownScripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	for _, t := range unicode.Scripts {
		if unicode.Is(t, r) {
			return t // a code point has one script: map order does not matter
		}
	}
	return nil
}

// displayDeny are code points that Display leaves encoded although they are
// visible: lookalikes of URL delimiters, and padlocks.
var displayDeny = []rune{
	'／', '⁄', '∕', '⧸', '╱', // solidus
	'？', '﹖', // question mark
	'＃', '﹟', // number sign
	'％', '﹪', // percent sign
	'：', '﹕', '꞉', 'ː', // colon
	'＠', '﹫', // commercial at
	'＼', '⧵', '﹨', // reverse solidus
	'＆', '﹠', '＝', '﹦', // & and =, the query's delimiters
	'．', '․', '﹒', // full stop
	'\u2800', // BRAILLE PATTERN BLANK, which shows nothing
}

// appendDisplayDecoded appends s with the percent-encoded sequences that
// Display decodes decoded.
func appendDisplayDecoded(dst []byte, s string) []byte {
	afterBase := false // the last code point appended was decoded and is not a mark
	var buf [4]byte
	for i := 0; i < len(s); {
		if !percent.StartsWithByte(s[i:]) {
			dst = append(dst, s[i])
			afterBase = false
			i++
			continue
		}
		// Decode the first byte and as many continuation bytes as its
		// sequence needs, each percent-encoded.
		n := 0
		for n < len(buf) && percent.StartsWithByte(s[i+3*n:]) {
			buf[n] = ascii.Unhex(s[i+3*n+1])<<4 | ascii.Unhex(s[i+3*n+2])
			n++
			if n == 1 && buf[0] < utf8.RuneSelf || utf8.FullRune(buf[:n]) {
				break
			}
		}
		// RuneError: not UTF-8, or U+FFFD itself, which would look like a
		// failed decoding.
		r, size := utf8.DecodeRune(buf[:n])
		if r >= utf8.RuneSelf && r != utf8.RuneError && displayable(r, afterBase) {
			dst = utf8.AppendRune(dst, r)
			afterBase = !unicode.IsMark(r)
		} else {
			size = max(size, 1)
			dst = append(dst, s[i:i+3*size]...)
			afterBase = false
		}
		i += 3 * size
	}
	return dst
}

// displayable reports whether Display decodes r, a code point that is not
// ASCII; afterBase says whether a mark would join a decoded code point.
func displayable(r rune, afterBase bool) bool {
	switch {
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S):
		return false // controls, format, spaces, private use, surrogates, unassigned
	case unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector):
		return false
	case unicode.IsMark(r) && !afterBase:
		return false
	case 0x1F50F <= r && r <= 0x1F513:
		return false
	}
	return !slices.Contains(displayDeny, r)
}
