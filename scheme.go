package weburl

// The special schemes and their default ports: the URL Standard's table of
// special schemes.

// schemeKind tells the special schemes apart, for default ports and the
// many "is special" tests of the parser.
type schemeKind uint8

const (
	schemeOther schemeKind = iota
	schemeFile
	schemeFTP
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
)

// classifyScheme returns the kind of a lowercase scheme.
func classifyScheme(s string) schemeKind {
	switch s {
	case "http":
		return schemeHTTP
	case "https":
		return schemeHTTPS
	case "file":
		return schemeFile
	case "ws":
		return schemeWS
	case "wss":
		return schemeWSS
	case "ftp":
		return schemeFTP
	}
	return schemeOther
}

// special reports whether the scheme is special.
func (k schemeKind) special() bool { return k != schemeOther }

// defaultPort is the spec's default port of the scheme, or -1 for null.
func (k schemeKind) defaultPort() int {
	switch k {
	case schemeHTTP, schemeWS:
		return 80
	case schemeHTTPS, schemeWSS:
		return 443
	case schemeFTP:
		return 21
	}
	return -1
}
