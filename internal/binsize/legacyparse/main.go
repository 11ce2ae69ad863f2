// Command legacyparse parses its arguments as links of a windows-1252
// page (a Parser with an Encoding) and prints each href: binsize's test
// checks that it links the Encoding Standard's encoders, which
// ../parseonly must not.
package main

import (
	"fmt"
	"os"

	"golang.org/x/text/encoding/charmap"

	"github.com/weburl/weburl"
)

func main() {
	p := weburl.Parser{Encoding: charmap.Windows1252}
	for _, a := range os.Args[1:] {
		u, err := p.Parse(a, nil)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u.Href())
	}
}
