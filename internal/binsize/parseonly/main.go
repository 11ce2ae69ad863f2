// Command parseonly parses its arguments with weburl.Parse and prints
// each href: the program whose size binsize's test compares with
// ../neturl, which does the same with net/url.
package main

import (
	"fmt"
	"os"

	"github.com/weburl/weburl"
)

func main() {
	for _, a := range os.Args[1:] {
		u, err := weburl.Parse(a)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u.Href())
	}
}
