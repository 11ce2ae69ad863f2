package weburl

// SearchParams is a URL's query as a list of name-value pairs: the URL
// Standard's URLSearchParams.
type SearchParams struct {
	list []pair
	url  *URL
}

type pair struct{ name, value string }

// queryChanged refreshes the URL's SearchParams, if any, after the query
// changed through the URL.
func (u *URL) queryChanged() {
	if u.params == nil {
		return
	}
	q, _ := u.Query()
	u.params.list = parsePairs(q, u.params.list[:0])
}

func parsePairs(string, []pair) []pair { return nil }
