package mimetype_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/weburl/weburl/mimetype"
)

// A Content-Type that mime.ParseMediaType refuses reads as a browser reads it.
func ExampleParse() {
	m, err := mimetype.Parse(`Text/HTML;Charset="shift_jis"iso-2022-jp; charset=gbk;test`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Essence())
	fmt.Println(m.Param("charset"))
	fmt.Println(m)

	_, err = mimetype.Parse("text/html charset=utf-8")
	fmt.Println(err)
	// Output:
	// text/html
	// shift_jis true
	// text/html;charset=shift_jis
	// mimetype: parse "text/html charset=utf-8" at offset 9, U+0020 ' ': the subtype does not solely contain HTTP token code points
}

func ExampleMIMEType_SetParam() {
	m, _ := mimetype.Parse("text/plain;charset=gbk;format=flowed")
	m.SetParam("Charset", "utf-8")    // in its place
	m.SetParam("delsp", "yes please") // appended, quoted as it is no token
	fmt.Println(m)
	fmt.Println(m.SetParam("a b", "c"))
	// Output:
	// text/plain;charset=utf-8;format=flowed;delsp="yes please"
	// mimetype: set parameter "a b=c" at offset 1, U+0020 ' ': the name does not solely contain HTTP token code points
}

func ExampleMIMEType_Params() {
	m, _ := mimetype.Parse(`multipart/form-data; boundary="--x"; charset=utf-8`)
	for name, value := range m.Params() {
		fmt.Println(name, value)
	}
	// Output:
	// boundary --x
	// charset utf-8
}

// The encoding to decode a document with: ISO-8859-1 is windows-1252 on
// the web.
func ExampleMIMEType_Charset() {
	m, _ := mimetype.Parse("text/html; charset=ISO-8859-1")
	fmt.Println(m.Charset())
	// Output: windows-1252 true
}

// The MIME type of a response with two Content-Type headers, as a
// browser reads it (pass resp.Header.Values("Content-Type")).
func ExampleExtract() {
	m, err := mimetype.Extract([]string{"text/html;charset=gbk;a=b", "text/html;x=y"})
	fmt.Println(m, err)
	// Output: text/html;x=y;charset=gbk <nil>
}

// A failure's reason is a sentinel, and the *Error holds the input and
// the offset of the code point at fault.
func Example_errors() {
	_, err := mimetype.Parse("text/html charset=utf-8")
	fmt.Println(errors.Is(err, mimetype.ErrSubtypeNotToken))
	var e *mimetype.Error
	if errors.As(err, &e) {
		fmt.Printf("%s %q %d\n", e.Op, e.Input[e.Offset:], e.Offset)
	}
	// Output:
	// true
	// parse " charset=utf-8" 9
}

// A MIMEType is a value: a copy is independent, and fmt and encoding/json
// print it as its serialization.
func ExampleMIMEType() {
	m, _ := mimetype.Parse("text/plain;charset=gbk")
	c := m
	c.SetParam("charset", "utf-8")
	b, _ := json.Marshal(struct{ Type mimetype.MIMEType }{m})
	fmt.Println(m, c)
	fmt.Println(string(b))
	// Output:
	// text/plain;charset=gbk text/plain;charset=utf-8
	// {"Type":"text/plain;charset=gbk"}
}
