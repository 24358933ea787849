package invite

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
)

func TestParseToken(t *testing.T) {
	for _, tc := range []struct {
		in, want, message string
	}{
		{"0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", ""},
		{" 0B1C2D3E-4F50-4A6B-8C7D-9E0F1A2B3C4D ", "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", ""},
		{"", "", MsgTokenMissing},
		{"   ", "", MsgTokenMissing},
		{"not-a-token", "", MsgTokenFormat},
		{"123e4567-e89b-12d3-a456-426614174000", "", MsgTokenFormat}, // version 1
		{"0b1c2d3e-4f50-4a6b-cc7d-9e0f1a2b3c4d", "", MsgTokenFormat}, // not the RFC 4122 variant
		{"0b1c2d3e4f504a6b8c7d9e0f1a2b3c4d", "", MsgTokenFormat},     // no hyphens
		{"urn:uuid:0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", "", MsgTokenFormat},
		{"{0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d}", "", MsgTokenFormat},
	} {
		got, err := ParseToken(tc.in)
		if tc.message == "" {
			if err != nil || got != tc.want {
				t.Errorf("ParseToken(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Code != "INVALID_TOKEN" || e.Message != tc.message {
			t.Errorf("ParseToken(%q) error %v, want %q", tc.in, err, tc.message)
		}
	}
	for range 100 {
		tok, err := newToken()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := ParseToken(tok); err != nil || got != tok {
			t.Fatalf("a new token %q does not parse: %v", tok, err)
		}
	}
}

func TestInWords(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                               "1 minute",
		time.Second:                     "1 minute",
		time.Minute:                     "1 minute",
		time.Minute + time.Second:       "2 minutes",
		45 * time.Minute:                "45 minutes",
		59*time.Minute + 30*time.Second: "1 hour",
		time.Hour:                       "1 hour",
		time.Hour + time.Minute:         "2 hours",
		22*time.Hour + 30*time.Minute:   "23 hours",
		24 * time.Hour:                  "24 hours",
	} {
		if got := inWords(d); got != want {
			t.Errorf("inWords(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestParseRole(t *testing.T) {
	for in, want := range map[string]access.Role{
		"": access.Member, "member": access.Member, " Member ": access.Member, "singer": access.Member,
		"choir_admin": access.ChoirAdmin, "Choir Admin": access.ChoirAdmin, "choir-administrator": access.ChoirAdmin, "ADMIN": access.ChoirAdmin,
		"guest": access.Guest, "Guest": access.Guest,
	} {
		if got, ok := parseRole(in); !ok || got != want {
			t.Errorf("parseRole(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"global_admin", "conductor", "members"} {
		if _, ok := parseRole(in); ok {
			t.Errorf("parseRole(%q) accepted", in)
		}
	}
}

func TestReadRecords(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // line:first/last/email/role or line:!problem
	}{
		{"no header", "Ada,Lovelace,ada@example.com,guest\nBob,Tenor,bob@example.com",
			[]string{"1:Ada/Lovelace/ada@example.com/guest", "2:Bob/Tenor/bob@example.com/member"}},
		{"header in another order, spaces and blank lines", "\ufeffEmail, Role, Surname, First Name\n\n ada@example.com , choir admin , Lovelace , Ada \n",
			[]string{"3:Ada/Lovelace/ada@example.com/choir_admin"}},
		{"semicolons", "Vorname;Nachname;E-Mail;Rolle\nAda;Lovelace;ada@example.com;member\n",
			[]string{"2:Ada/Lovelace/ada@example.com/member"}},
		{"tabs pasted from a spreadsheet", "First name\tLast name\tEmail\tRole\r\nAda\tLovelace\tada@example.com\tGuest\r\n",
			[]string{"2:Ada/Lovelace/ada@example.com/guest"}},
		{"quoted comma", `"Lovelace, Ada",King,ada@example.com,member`,
			[]string{"1:Lovelace, Ada/King/ada@example.com/member"}},
		{"short row", "Ada,Lovelace\n", []string{"1:Ada/Lovelace//member"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := readRecords(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range recs {
				s := r.invitee.FirstName + "/" + r.invitee.LastName + "/" + r.invitee.Email + "/"
				if r.problem != "" {
					s += "!" + r.problem
				} else {
					s += r.invitee.Role
				}
				got = append(got, strconv.Itoa(r.line)+":"+s)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	for text, message := range map[string]string{
		"":                     MsgImportEmpty,
		"First,Last,Email\n\n": MsgImportEmpty,
		strings.Repeat("a,b,c@example.com\n", MaxImportRows+1): MsgImportTooLong,
	} {
		if _, err := readRecords(text); err == nil || err.(*apperr.Error).Message != message {
			t.Errorf("readRecords(%.30q): %v, want %q", text, err, message)
		}
	}
	if recs, err := readRecords(strings.Repeat("a,b,c@example.com\n", MaxImportRows)); err != nil || len(recs) != MaxImportRows {
		t.Errorf("%d rows: %v", len(recs), err)
	}
}

// The import reads whatever a user uploads: it must refuse or read it,
// never crash, and never yield more rows than allowed.
func FuzzReadRecords(f *testing.F) {
	f.Add("First name,Last name,Email,Role\nAda,Lovelace,ada@example.com,member\n")
	f.Add("\"a\"\"b\",c;d\te\n")
	f.Add("\ufeff;;;\n\t\t\n")
	f.Fuzz(func(t *testing.T, text string) {
		recs, err := readRecords(text)
		if err != nil {
			if _, ok := apperr.As(err); !ok {
				t.Fatalf("an error that is not a refusal: %v", err)
			}
			return
		}
		if len(recs) == 0 || len(recs) > MaxImportRows {
			t.Fatalf("%d records", len(recs))
		}
		for _, r := range recs {
			if r.problem == "" && !access.ValidMembershipRole(r.invitee.Role) {
				t.Fatalf("role %q passed", r.invitee.Role)
			}
		}
	})
}
