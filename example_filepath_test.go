package weburl_test

import (
	"fmt"

	"github.com/weburl/weburl"
)

func ExampleFromFilePath() {
	// A POSIX path: what the URL parser would read as syntax is encoded.
	u, err := weburl.FromFilePath("/home/ana/notes #1/50%.txt", weburl.POSIXPath)
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())

	// Windows paths on any OS: a drive letter, a UNC path.
	for _, p := range []string{`C:\Users\ana\My Documents\a.txt`, `\\NAS\share\dir\`} {
		u, err := weburl.FromFilePath(p, weburl.WindowsPath)
		if err != nil {
			panic(err)
		}
		fmt.Println(u.Href())
	}

	// A relative path needs NativePath, which resolves it against the
	// working directory.
	_, err = weburl.FromFilePath(`docs\a.txt`, weburl.WindowsPath)
	fmt.Println(err)
	// Output:
	// file:///home/ana/notes%20%231/50%25.txt
	// file:///C:/Users/ana/My%20Documents/a.txt
	// file://nas/share/dir/
	// weburl: from file path "docs\\a.txt": a relative path, not an absolute one
}

func ExampleURL_FilePath() {
	u, err := weburl.Parse("file:///C:/Program%20Files/app/config%23.ini")
	if err != nil {
		panic(err)
	}
	p, _ := u.FilePath(weburl.WindowsPath)
	fmt.Println(p)
	p, _ = u.FilePath(weburl.POSIXPath)
	fmt.Println(p)

	// A host is a UNC path on Windows, and another machine on POSIX.
	u, _ = weburl.Parse("file://nas/share/r%C3%A9sum%C3%A9.pdf")
	p, _ = u.FilePath(weburl.WindowsPath)
	fmt.Println(p)
	_, err = u.FilePath(weburl.POSIXPath)
	fmt.Println(err)
	// Output:
	// C:\Program Files\app\config#.ini
	// /C:/Program Files/app/config#.ini
	// \\nas\share\résumé.pdf
	// weburl: file path "file://nas/share/r%C3%A9sum%C3%A9.pdf": the host "nas" names another machine, which a POSIX path cannot
}
