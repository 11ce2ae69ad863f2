package weburl

// Origin returns the serialization of the URL's origin: "scheme://host"
// with ":port" when the port is not the default, for http, https, ws, wss
// and ftp URLs; the origin of the URL in the path of a blob: URL when that
// URL is http or https; and "null", an opaque origin, for all others.
func (u *URL) Origin() string {
	switch u.scheme {
	case schemeHTTP, schemeHTTPS, schemeWS, schemeWSS, schemeFTP:
		return u.href[:u.schemeEnd+3] + u.Host()
	case schemeOther:
		if u.Scheme() == "blob" {
			if inner, err := Parse(u.Pathname()); err == nil &&
				(inner.scheme == schemeHTTP || inner.scheme == schemeHTTPS) {
				return inner.Origin()
			}
		}
	}
	return "null"
}
