// Package smtptest runs a real SMTP server on 127.0.0.1 for tests: it speaks
// the protocol over TCP (EHLO/HELO, AUTH PLAIN and LOGIN, MAIL, RCPT, DATA,
// RSET, NOOP, QUIT), keeps every message it accepts, and can be told to
// answer messages with a temporary failure. It offers no TLS; clients must be
// allowed to run without it (opportunistic STARTTLS is).
package smtptest

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Captured is one accepted message.
type Captured struct {
	From     string   // envelope sender (MAIL FROM)
	To       []string // envelope recipients (RCPT TO)
	AuthUser string   // who authenticated, "" without AUTH
	Data     []byte   // the message as received after dot-unstuffing, CRLF line ends

	// Parsed from Data. Bodies are decoded (quoted-printable, base64) and
	// have LF line ends.
	Header   mail.Header
	Subject  string
	TextBody string
	HTMLBody string
}

// Server is a running test SMTP server.
type Server struct {
	t        testing.TB
	ln       net.Listener
	user     string
	password string
	mechs    []string // AUTH mechanisms offered; empty: no AUTH

	mu       sync.Mutex
	messages []Captured
	taken    []bool // per message: already returned by WaitFor
	failNext int
	rejected int
	conns    map[net.Conn]struct{}
	closed   bool
	wg       sync.WaitGroup
}

// Option configures Start.
type Option func(*Server)

// WithAuth requires clients to authenticate with these credentials before
// sending. The server offers the given mechanisms, PLAIN and LOGIN by default.
func WithAuth(user, password string, mechanisms ...string) Option {
	return func(s *Server) {
		s.user, s.password = user, password
		s.mechs = []string{"PLAIN", "LOGIN"}
		if len(mechanisms) > 0 {
			s.mechs = mechanisms
		}
	}
}

// WithTemporaryFailures makes the server answer the first n messages with
// 451 (try again later) instead of accepting them.
func WithTemporaryFailures(n int) Option {
	return func(s *Server) { s.failNext = n }
}

// maxMessageSize bounds what one DATA may carry.
const maxMessageSize = 10 << 20

// waitLimit is how long WaitFor polls before failing the test. It is
// generous: it only matters when something is broken.
const waitLimit = 30 * time.Second

// Start starts a server on 127.0.0.1 and a free port; it stops when the test
// ends.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: listen: %v", err)
	}
	s := &Server{t: t, ln: ln, conns: map[net.Conn]struct{}{}}
	for _, opt := range opts {
		opt(s)
	}
	s.wg.Add(1)
	go s.accept()
	t.Cleanup(s.Close)
	return s
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// URL is a CANTICA_SMTP_URL that reaches the server, with the credentials
// when it requires authentication.
func (s *Server) URL() string {
	u := url.URL{Scheme: "smtp", Host: s.Addr()}
	if len(s.mechs) > 0 {
		u.User = url.UserPassword(s.user, s.password)
	}
	return u.String()
}

// FailNext makes the server answer the next n messages with 451.
func (s *Server) FailNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext = n
}

// Rejected is how many messages were answered with 451 so far.
func (s *Server) Rejected() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rejected
}

// Messages returns the accepted messages, oldest first.
func (s *Server) Messages() []Captured {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.messages)
}

// WaitFor waits for a message to the given address and returns it; it fails
// the test when none arrives in a generous time. Each call returns the
// oldest message to that address that no earlier WaitFor returned, so a test
// can wait for a second mail to the same person.
func (s *Server) WaitFor(t testing.TB, to string) Captured {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		if c, ok := s.take(to); ok {
			return c
		}
		if time.Now().After(deadline) {
			s.mu.Lock()
			var got []string
			for _, m := range s.messages {
				got = append(got, strings.Join(m.To, ","))
			}
			s.mu.Unlock()
			t.Fatalf("smtptest: no message to %s arrived within %s (messages so far went to %v)", to, waitLimit, got)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (s *Server) take(to string) (Captured, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, m := range s.messages {
		if s.taken[i] {
			continue
		}
		if slices.ContainsFunc(m.To, func(r string) bool { return strings.EqualFold(r, to) }) {
			s.taken[i] = true
			return m, true
		}
	}
	return Captured{}, false
}

// Close stops the server and waits for its connections to end.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.ln.Close()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return // closed
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			return
		}
		s.conns[c] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.wg.Done()
			defer func() {
				s.mu.Lock()
				delete(s.conns, c)
				s.mu.Unlock()
				c.Close()
			}()
			s.serve(c)
		}()
	}
}

// session is the state of one connection.
type session struct {
	greeted  bool
	authUser string
	from     string
	hasFrom  bool
	to       []string
}

func (ss *session) resetTransaction() {
	ss.from, ss.hasFrom, ss.to = "", false, nil
}

var errClient = errors.New("client went away")

func (s *Server) serve(c net.Conn) {
	r := bufio.NewReader(c)
	w := bufio.NewWriter(c)
	reply := func(lines ...string) error {
		for _, l := range lines {
			w.WriteString(l)
			w.WriteString("\r\n")
		}
		return w.Flush()
	}
	// readLine returns one line without its line end; a stuck client is cut
	// off rather than left holding the server open.
	readLine := func() (string, error) {
		c.SetReadDeadline(time.Now().Add(time.Minute))
		line, err := r.ReadString('\n')
		if err != nil {
			return "", errClient
		}
		return strings.TrimRight(line, "\r\n"), nil
	}

	if reply("220 127.0.0.1 smtptest ESMTP ready") != nil {
		return
	}
	var ss session
	for {
		line, err := readLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		var out []string
		switch strings.ToUpper(verb) {
		case "EHLO":
			ss = session{greeted: true, authUser: ss.authUser}
			out = []string{"250-127.0.0.1 greets " + arg, "250-PIPELINING", "250-8BITMIME"}
			if len(s.mechs) > 0 {
				out = append(out, "250-AUTH "+strings.Join(s.mechs, " "))
			}
			out = append(out, "250 HELP")
		case "HELO":
			ss = session{greeted: true, authUser: ss.authUser}
			out = []string{"250 127.0.0.1 greets " + arg}
		case "AUTH":
			out, err = s.auth(&ss, arg, reply, readLine)
			if err != nil {
				return
			}
		case "MAIL":
			path, ok := pathArg(arg, "FROM:")
			switch {
			case !ss.greeted:
				out = []string{"503 5.5.1 Say EHLO first"}
			case len(s.mechs) > 0 && ss.authUser == "":
				out = []string{"530 5.7.0 Authentication required"}
			case ss.hasFrom:
				out = []string{"503 5.5.1 Sender already given"}
			case !ok:
				out = []string{"501 5.5.4 Syntax: MAIL FROM:<address>"}
			default:
				ss.from, ss.hasFrom = path, true
				out = []string{"250 2.1.0 OK"}
			}
		case "RCPT":
			path, ok := pathArg(arg, "TO:")
			switch {
			case !ss.hasFrom:
				out = []string{"503 5.5.1 Need MAIL first"}
			case !ok || path == "":
				out = []string{"501 5.5.4 Syntax: RCPT TO:<address>"}
			default:
				ss.to = append(ss.to, path)
				out = []string{"250 2.1.5 OK"}
			}
		case "DATA":
			if len(ss.to) == 0 {
				out = []string{"503 5.5.1 Need RCPT first"}
				break
			}
			if reply("354 End data with <CR><LF>.<CR><LF>") != nil {
				return
			}
			data, tooBig, err := readData(r, c)
			if err != nil {
				return
			}
			out = []string{s.finish(&ss, data, tooBig)}
			ss.resetTransaction()
		case "RSET":
			ss.resetTransaction()
			out = []string{"250 2.0.0 OK"}
		case "NOOP":
			out = []string{"250 2.0.0 OK"}
		case "QUIT":
			reply("221 2.0.0 Bye")
			return
		default:
			out = []string{"502 5.5.2 Command not recognized"}
		}
		if reply(out...) != nil {
			return
		}
	}
}

// auth runs one AUTH exchange and returns the final reply.
func (s *Server) auth(ss *session, arg string, reply func(...string) error, readLine func() (string, error)) ([]string, error) {
	mech, initial, _ := strings.Cut(arg, " ")
	mech = strings.ToUpper(mech)
	switch {
	case len(s.mechs) == 0:
		return []string{"502 5.5.1 AUTH not offered"}, nil
	case !ss.greeted:
		return []string{"503 5.5.1 Say EHLO first"}, nil
	case ss.authUser != "":
		return []string{"503 5.5.1 Already authenticated"}, nil
	case !slices.Contains(s.mechs, mech):
		return []string{"504 5.5.4 Unrecognized authentication type"}, nil
	}
	// ask sends a challenge and decodes the base64 answer; cancelled reports
	// the client's "*".
	ask := func(challenge string) (answer string, cancelled bool, err error) {
		if err := reply("334 " + challenge); err != nil {
			return "", false, err
		}
		line, err := readLine()
		if err != nil {
			return "", false, err
		}
		if line == "*" {
			return "", true, nil
		}
		b, err := base64.StdEncoding.DecodeString(line)
		if err != nil {
			return "", true, nil
		}
		return string(b), false, nil
	}

	var user, password string
	switch mech {
	case "PLAIN":
		var resp string
		if initial != "" && initial != "=" {
			b, err := base64.StdEncoding.DecodeString(initial)
			if err != nil {
				return []string{"501 5.5.2 Cannot decode response"}, nil
			}
			resp = string(b)
		} else {
			a, cancelled, err := ask("")
			if err != nil {
				return nil, err
			}
			if cancelled {
				return []string{"501 5.7.0 Authentication cancelled"}, nil
			}
			resp = a
		}
		parts := strings.Split(resp, "\x00")
		if len(parts) != 3 {
			return []string{"501 5.5.2 Malformed PLAIN response"}, nil
		}
		user, password = parts[1], parts[2]
	case "LOGIN":
		if initial != "" {
			b, err := base64.StdEncoding.DecodeString(initial)
			if err != nil {
				return []string{"501 5.5.2 Cannot decode response"}, nil
			}
			user = string(b)
		} else {
			a, cancelled, err := ask(base64.StdEncoding.EncodeToString([]byte("Username:")))
			if err != nil {
				return nil, err
			}
			if cancelled {
				return []string{"501 5.7.0 Authentication cancelled"}, nil
			}
			user = a
		}
		a, cancelled, err := ask(base64.StdEncoding.EncodeToString([]byte("Password:")))
		if err != nil {
			return nil, err
		}
		if cancelled {
			return []string{"501 5.7.0 Authentication cancelled"}, nil
		}
		password = a
	default:
		return []string{"504 5.5.4 Unrecognized authentication type"}, nil
	}
	if user != s.user || password != s.password {
		return []string{"535 5.7.8 Authentication credentials invalid"}, nil
	}
	ss.authUser = user
	return []string{"235 2.7.0 Authentication successful"}, nil
}

// pathArg reads "FROM:<address> PARAMS…" (or TO:) and returns the address.
func pathArg(arg, prefix string) (string, bool) {
	if len(arg) < len(prefix) || !strings.EqualFold(arg[:len(prefix)], prefix) {
		return "", false
	}
	rest := strings.TrimSpace(arg[len(prefix):])
	if !strings.HasPrefix(rest, "<") {
		return "", false
	}
	path, _, ok := strings.Cut(rest[1:], ">")
	return path, ok
}

// readData reads a DATA payload up to the lone dot, undoing dot-stuffing.
func readData(r *bufio.Reader, c net.Conn) (data []byte, tooBig bool, err error) {
	var buf bytes.Buffer
	for {
		c.SetReadDeadline(time.Now().Add(time.Minute))
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, false, errClient
		}
		if line == ".\r\n" || line == ".\n" {
			return buf.Bytes(), tooBig, nil
		}
		line = strings.TrimPrefix(line, ".")
		if buf.Len()+len(line) > maxMessageSize {
			tooBig = true
			continue
		}
		buf.WriteString(line)
	}
}

// finish decides the fate of a received message and returns the reply.
func (s *Server) finish(ss *session, data []byte, tooBig bool) string {
	if tooBig {
		return "552 5.3.4 Message too big"
	}
	s.mu.Lock()
	if s.failNext > 0 {
		s.failNext--
		s.rejected++
		s.mu.Unlock()
		return "451 4.3.0 Temporary failure, try again later"
	}
	s.mu.Unlock()

	c := Captured{From: ss.from, To: slices.Clone(ss.to), AuthUser: ss.authUser, Data: data}
	if err := parse(&c); err != nil {
		// The client sent something a mail reader cannot read: that is the
		// bug the test should see.
		s.t.Errorf("smtptest: message from %s to %v does not parse: %v\n%s", c.From, c.To, err, data)
	}
	s.mu.Lock()
	s.messages = append(s.messages, c)
	s.taken = append(s.taken, false)
	s.mu.Unlock()
	return "250 2.0.0 OK queued"
}

// headerGetter is what mail.Header and textproto.MIMEHeader share.
type headerGetter interface{ Get(string) string }

func parse(c *Captured) error {
	m, err := mail.ReadMessage(bytes.NewReader(c.Data))
	if err != nil {
		return err
	}
	c.Header = m.Header
	if c.Subject, err = new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject")); err != nil {
		return fmt.Errorf("subject: %w", err)
	}
	return walk(c, m.Header, m.Body)
}

// walk finds the text and HTML parts, descending into multipart bodies.
func walk(c *Captured, h headerGetter, body io.Reader) error {
	ct := h.Get("Content-Type")
	if ct == "" {
		ct = "text/plain"
	}
	mediaType, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return fmt.Errorf("content type %q: %w", ct, err)
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: %w", mediaType, err)
			}
			// multipart.Part decodes quoted-printable itself and drops
			// the header; base64 is left to decodeTransfer.
			if err := walk(c, p.Header, p); err != nil {
				return err
			}
		}
	}
	b, err := io.ReadAll(decodeTransfer(h.Get("Content-Transfer-Encoding"), body))
	if err != nil {
		return fmt.Errorf("%s body: %w", mediaType, err)
	}
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	switch {
	case mediaType == "text/plain" && c.TextBody == "":
		c.TextBody = text
	case mediaType == "text/html" && c.HTMLBody == "":
		c.HTMLBody = text
	}
	return nil
}

func decodeTransfer(encoding string, r io.Reader) io.Reader {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		return quotedprintable.NewReader(r)
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, r) // skips line breaks
	}
	return r
}
