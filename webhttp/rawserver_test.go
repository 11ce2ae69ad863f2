package webhttp

// A raw HTTP/1.1 server on the loopback address that records each request
// byte for byte. Go's own server rewrites or refuses some request targets
// that browsers send (it answers 400 to a lone '%'), so the tests read the
// request line themselves.

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// rawRequest is one request as the server read it.
type rawRequest struct {
	Line   string      // the request line, without its CRLF
	Header http.Header // the header fields, keys canonicalized
	Body   string
}

// Target returns the request target of the request line.
func (r *rawRequest) Target() string {
	f := strings.Split(r.Line, " ")
	if len(f) != 3 {
		return ""
	}
	return f[1]
}

// rawServer answers each request with what its handler returns, the whole
// response, and closes the connection.
type rawServer struct {
	t    *testing.T
	ln   net.Listener
	addr string // "127.0.0.1:port"
	done chan struct{}
	wg   sync.WaitGroup

	mu    sync.Mutex
	reqs  []*rawRequest
	conns map[net.Conn]bool // open connections, closed at the end
}

// listen starts listening; serve starts answering.
func listen(t *testing.T) *rawServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &rawServer{t: t, ln: ln, addr: ln.Addr().String(), done: make(chan struct{}), conns: map[net.Conn]bool{}}
	t.Cleanup(func() {
		ln.Close()
		close(s.done)
		// A connection the client opened but never used (a dial that
		// outlived its request) would keep its reader waiting.
		s.mu.Lock()
		for c := range s.conns {
			c.Close()
		}
		s.mu.Unlock()
		s.wg.Wait()
	})
	return s
}

// url returns "http://127.0.0.1:port" and path.
func (s *rawServer) url(path string) string { return "http://" + s.addr + path }

// serve answers requests with h until the test ends.
func (s *rawServer) serve(h func(*rawRequest) string) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := s.ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns[c] = true
			s.mu.Unlock()
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				defer func() {
					s.mu.Lock()
					delete(s.conns, c)
					s.mu.Unlock()
					c.Close()
				}()
				r, err := readRequest(bufio.NewReader(c))
				if err != nil {
					return // the client went away
				}
				s.mu.Lock()
				s.reqs = append(s.reqs, r)
				s.mu.Unlock()
				io.WriteString(c, h(r))
			}()
		}
	}()
}

// requests returns the requests read so far, in order of arrival.
func (s *rawServer) requests() []*rawRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*rawRequest(nil), s.reqs...)
}

// lines returns the request lines read so far.
func (s *rawServer) lines() []string {
	var l []string
	for _, r := range s.requests() {
		l = append(l, r.Line)
	}
	return l
}

// hang blocks until the test ends: the answer of a server that never
// answers.
func (s *rawServer) hang() string {
	<-s.done
	return ""
}

func readRequest(br *bufio.Reader) (*rawRequest, error) {
	line, err := br.ReadString('\n')
	if err != nil {
		return nil, err
	}
	r := &rawRequest{Line: strings.TrimSuffix(line, "\r\n")}
	h, err := textproto.NewReader(br).ReadMIMEHeader()
	if err != nil {
		return nil, err
	}
	r.Header = http.Header(h)
	var body []byte
	switch {
	case r.Header.Get("Transfer-Encoding") == "chunked":
		body, err = io.ReadAll(httputil.NewChunkedReader(br))
	case r.Header.Get("Content-Length") != "":
		n, perr := strconv.Atoi(r.Header.Get("Content-Length"))
		if perr != nil {
			return nil, perr
		}
		body = make([]byte, n)
		_, err = io.ReadFull(br, body)
	}
	if err != nil {
		return nil, err
	}
	r.Body = string(body)
	return r, nil
}

// response writes a whole HTTP/1.1 response: the status, the header lines
// given ("Name: value"), and the body.
func response(status int, body string, header ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", status, http.StatusText(status))
	for _, h := range header {
		b.WriteString(h + "\r\n")
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\nConnection: close\r\n\r\n%s", len(body), body)
	return b.String()
}

// redirect is a response of status with a Location header.
func redirect(status int, loc string) string {
	return response(status, "", "Location: "+loc)
}

// newClient returns a client with a transport of its own, without proxies.
func newClient(t *testing.T) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}
