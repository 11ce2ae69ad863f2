package weburl

// The setters a crawler calls on every link (hash, search, pathname) skip
// the state machine when the new value is already what the state would
// write: the value is spliced into the href, as the fast path keeps an
// input that is already canonical. Only setters without a validation-error
// callback take them. Anything else runs the state override as before,
// which gives the same result (TestSetterSplicesMatch).

// spliceFragment sets the fragment to input (the value without its '#')
// when the fragment state would copy it unchanged, and reports whether it
// did.
func (u *URL) spliceFragment(input string) bool {
	for i := 0; i < len(input); i++ {
		if FragmentSet.has(input[i]) {
			return false
		}
	}
	end := len(u.href)
	if u.fragmentStart >= 0 {
		end = int(u.fragmentStart)
	}
	if end+1+len(input) > maxHrefLen {
		return false
	}
	u.href = u.href[:end] + "#" + input
	u.fragmentStart = int32(end)
	return true
}

// spliceQuery sets the query to input (the value without its '?') when the
// query state would copy it unchanged, and reports whether it did. In a
// setter '#' does not end the query: it is encoded, which the query
// percent-encode sets say too.
func (u *URL) spliceQuery(input string) bool {
	set := QuerySet
	if u.scheme.special() {
		set = SpecialQuerySet
	}
	for i := 0; i < len(input); i++ {
		if set.has(input[i]) {
			return false
		}
	}
	start, end := u.pathEnd(), u.queryEnd()
	rest := u.href[end:]
	if int(start)+1+len(input)+len(rest) > maxHrefLen {
		return false
	}
	u.href = u.href[:start] + "?" + input + rest
	u.queryStart = start
	if u.fragmentStart >= 0 {
		u.fragmentStart = start + 1 + int32(len(input))
	}
	return true
}

// splicePath sets the path of a special URL other than file to input when
// the path states would copy it unchanged (it starts with '/', holds no
// byte to encode, no '\' and no dot segment), and reports whether it did.
// File URLs have drive letters to mind, and other URLs opaque paths and
// null hosts: the state machine handles those.
func (u *URL) splicePath(input string) bool {
	if !u.scheme.special() || u.scheme == schemeFile || input == "" || input[0] != '/' {
		return false
	}
	if scanFastPath(input, 0) != len(input) {
		return false // a byte to encode, '?', '#', '\\', or a dot segment
	}
	start, end := u.pathStart, u.pathEnd()
	rest := u.href[end:]
	if int(start)+len(input)+len(rest) > maxHrefLen {
		return false
	}
	u.href = u.href[:start] + input + rest
	d := int32(len(input)) - (end - start)
	if u.queryStart >= 0 {
		u.queryStart += d
	}
	if u.fragmentStart >= 0 {
		u.fragmentStart += d
	}
	return true
}
