package invite

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/choir"
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
		// The labels the app shows (choir.RoleLabel), in any case and spacing.
		"Choir Administrator": access.ChoirAdmin, "choir  administrator": access.ChoirAdmin, "MEMBER": access.Member,
	} {
		if got, ok := parseRole(in); !ok || got != want {
			t.Errorf("parseRole(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"global_admin", "Global Administrator", "conductor", "members"} {
		if _, ok := parseRole(in); ok {
			t.Errorf("parseRole(%q) accepted", in)
		}
	}
}

func TestReadRecords(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // line:first/last/email/role[parts] or line:!problem
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
		{"voice parts in the fifth column without a header", "Ada,Lovelace,ada@example.com,Member,\"Soprano; alto ;;\"\n",
			[]string{"1:Ada/Lovelace/ada@example.com/member[Soprano|alto]"}},
		{"header 'Voice part' in any case, role labels", "email,VOICE PART,role\nada@example.com,Tenor  1,Choir Administrator\n",
			[]string{"2://ada@example.com/choir_admin[Tenor 1]"}},
		{"header 'Voice parts' in a semicolon file", "Email;Voice parts;Role\nada@example.com;\"Bass;Tenor\";guest\n",
			[]string{"2://ada@example.com/guest[Bass|Tenor]"}},
		{"voice_parts header with a tab", "email\tvoice_parts\nada@example.com\tAlto\n",
			[]string{"2://ada@example.com/member[Alto]"}},
		{"unknown role, cut short", "a,b,c@example.com," + strings.Repeat("x", 70) + "\n",
			[]string{"1:a/b/c@example.com/!Unknown role \"" + strings.Repeat("x", 60) + "…\". Use Choir Administrator, Member or Guest."}},
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
				if len(r.partNames) > 0 {
					s += "[" + strings.Join(r.partNames, "|") + "]"
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

// plan matches a row's voice parts to the choir's without regard to case,
// reports the unknown ones per row, and decides each row once.
func TestPlan(t *testing.T) {
	parts := []choir.VoicePart{{ID: "s", Name: "Soprano", SortOrder: 1}, {ID: "a", Name: "Alto", SortOrder: 2},
		{ID: "t1", Name: "Tenor 1", SortOrder: 3}, {ID: "b", Name: "Bass", SortOrder: 4}}
	text := "First name,Last name,Email,Role,Voice parts\n" +
		"Ada,Byron,ada@example.com,Member,alto; SOPRANO\n" +
		"Bob,Builder,bob@example.com,member,Tenor 3\n" +
		"Cy,Twombly,cy@example.com,conductor,Tenor 3;Baritone;bass;Contralto;Treble\n" +
		"Dee,Dee,ADA@example.com,guest,\n" +
		"Eve,Ell,eve@example.com,Guest,tenor 1\n" +
		"Fay,Wray,fay@example.com,,\n" +
		"Gus,Grissom,gus@example.com,,\n" +
		",Nameless,not-an-email,guest,Bass\n"
	records, err := readRecords(text)
	if err != nil {
		t.Fatal(err)
	}
	p := plan(records, parts, map[string]bool{"gus@example.com": true}, map[string]bool{"fay@example.com": true})
	want := []string{
		"2 invite member [Soprano Alto] ",
		"3 error member [] No voice part named \"Tenor 3\" in this choir.",
		"4 error  [Bass] Unknown role \"conductor\". Use Choir Administrator, Member or Guest. " +
			"No voice parts named \"Tenor 3\", \"Baritone\", \"Contralto\" or 1 more in this choir.",
		"5 skip guest [] " + msgDuplicateInFile,
		"6 invite guest [Tenor 1] ",
		"7 skip member [] " + MsgAlreadyMember,
		"8 skip member [] " + MsgAlreadyInvited,
		"9 error guest [Bass] Please enter a valid email address. First name is required.",
	}
	var got []string
	for _, r := range p.Rows {
		var names []string
		for _, v := range r.VoiceParts {
			names = append(names, v.Name)
		}
		got = append(got, strconv.Itoa(r.Line)+" "+r.Outcome+" "+string(r.Role)+" ["+strings.Join(names, " ")+"] "+r.Message)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p.Ready != 2 || p.Skipped != 3 || p.Failed != 3 {
		t.Errorf("totals %d/%d/%d", p.Ready, p.Skipped, p.Failed)
	}
	// What is sent for a ready row is the checked invitee with its part ids in the choir's order.
	if in := p.Rows[0].invitee; in.Email != "ada@example.com" || strings.Join(in.VoicePartIDs, ",") != "s,a" || in.Role != "member" {
		t.Errorf("row 2 would send %+v", in)
	}
	if in := p.Rows[1].invitee; in.Email != "" {
		t.Errorf("a refused row would send %+v", in)
	}
}

func TestUnknownPartsMessage(t *testing.T) {
	for names, want := range map[string]string{
		"Tenor 3":               `No voice part named "Tenor 3" in this choir.`,
		"A|B":                   `No voice parts named "A" or "B" in this choir.`,
		"A|B|C":                 `No voice parts named "A", "B" or "C" in this choir.`,
		"A|B|C|D|E":             `No voice parts named "A", "B", "C" or 2 more in this choir.`,
		strings.Repeat("é", 61): `No voice part named "` + strings.Repeat("é", 60) + `…" in this choir.`,
	} {
		if got := unknownParts(strings.Split(names, "|")); got != want {
			t.Errorf("unknownParts(%q) = %q, want %q", names, got, want)
		}
	}
}
