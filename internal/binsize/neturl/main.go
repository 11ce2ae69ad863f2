// Command neturl parses its arguments with net/url's Parse and prints
// each URL: the baseline of binsize's size test.
package main

import (
	"fmt"
	"net/url"
	"os"
)

func main() {
	for _, a := range os.Args[1:] {
		u, err := url.Parse(a)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u.String())
	}
}
