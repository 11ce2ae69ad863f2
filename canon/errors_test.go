package canon

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/quote/quotetest"
)

// SafeBrowsing's and Profile.Check's errors, the package's only ones, quote at most about
// 1 KiB of a 1 MiB input and say how much they left out.
func TestErrorMessagesBounded(t *testing.T) {
	long := quotetest.Long(t)
	for _, raw := range []string{
		"mailto:" + long,                             // a scheme without "//"
		"http://" + "@/" + long,                      // an empty host
		"http://" + strings.Repeat(".", 1<<20) + "/", // a host of dots only
	} {
		_, err := SafeBrowsing(raw)
		if !errors.Is(err, ErrNoHost) {
			t.Errorf("SafeBrowsing(%.20q…): %.100v, want ErrNoHost", raw, err)
			continue
		}
		quotetest.Check(t, fmt.Sprintf("SafeBrowsing(%.20q…)", raw), err, 1, "")
	}

	// Profile.Check names a DropIndex entry that can match no segment.
	err := Profile{DropIndex: []string{long + "/index.html"}}.Check()
	quotetest.Check(t, "Profile.Check of a DropIndex entry with a '/'", err, 1, "")
}
