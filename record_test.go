package weburl

import (
	"net/netip"
	"testing"
)

func TestRecord(t *testing.T) {
	u := MustParse("https://u:p@[::1]:8080/a/b?#")
	r := u.Record()
	if r.Scheme != "https" || r.Username != "u" || r.Password != "p" {
		t.Errorf("scheme, username, password: %+v", r)
	}
	if r.Host == nil || r.Host.Kind != IPv6 || r.Host.Addr != netip.MustParseAddr("::1") {
		t.Errorf("host %+v", r.Host)
	}
	if r.Port == nil || *r.Port != 8080 {
		t.Errorf("port %v", r.Port)
	}
	if len(r.Path) != 2 || r.Path[0] != "a" || r.Path[1] != "b" || r.HasOpaquePath {
		t.Errorf("path %q", r.Path)
	}
	if r.Query == nil || *r.Query != "" || r.Fragment == nil || *r.Fragment != "" {
		t.Errorf("empty query and fragment must be non-nil: %v %v", r.Query, r.Fragment)
	}
	r = MustParse("mailto:x@y").Record()
	if r.Host != nil || r.Port != nil || r.Query != nil || r.Fragment != nil || !r.HasOpaquePath || r.OpaquePath != "x@y" {
		t.Errorf("null components: %+v", r)
	}
	if r := MustParse("http://10.0.0.1/").Record(); r.Host.Addr != netip.MustParseAddr("10.0.0.1") {
		t.Errorf("IPv4 addr %v", r.Host.Addr)
	}
}
