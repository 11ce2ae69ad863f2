package sitemap

import "time"

// w3cForms are the W3C Datetime profile's forms
// (https://www.w3.org/TR/NOTE-datetime) that sitemaps.org names for
// <lastmod>; a fraction of a second after the seconds is read too, as
// time.Parse reads one after a layout's seconds.
var w3cForms = []string{
	"2006",
	"2006-01",
	"2006-01-02",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04:05Z07:00",
}

// rfc822Forms are RSS 2.0's <pubDate>, RFC 822's date-time with a four-
// or two-digit year, with or without the day of the week.
var rfc822Forms = []string{
	time.RFC1123Z,
	time.RFC1123,
	"2 Jan 2006 15:04:05 -0700",
	"2 Jan 2006 15:04:05 MST",
	time.RFC822Z,
	time.RFC822,
	"Mon, 02 Jan 06 15:04:05 -0700",
	"Mon, 02 Jan 06 15:04:05 MST",
	"Mon, 2 Jan 2006 15:04:05 -0700",
	"Mon, 2 Jan 2006 15:04:05 MST",
}

// parseDate reads a <lastmod> or Atom <updated> (a W3C Datetime), or with
// rfc822 an RSS <pubDate>; the zero time when s is none of their forms.
// A form without a zone is UTC.
func parseDate(s string, rfc822 bool) time.Time {
	forms := rfc822Forms
	if !rfc822 {
		// The W3C form is known by its length and its 17th byte, so
		// that a common form costs one parse, not the failures of the
		// forms before it.
		switch {
		case len(s) <= len("2006-01-02"):
			forms = w3cForms[:3]
		case len(s) > 16 && s[16] == ':':
			forms = w3cForms[4:]
		default:
			forms = w3cForms[3:4]
		}
	}
	for _, f := range forms {
		if t, err := time.Parse(f, s); err == nil {
			return t
		}
	}
	return time.Time{}
}
