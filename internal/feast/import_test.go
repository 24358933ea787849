package feast

import (
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/apperr"
)

func rowsText(rows []ImportRow) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join([]string{r.Date, r.Key, r.Name, r.Rank, r.Typ, r.Status}, "|"))
		b.WriteString("\n")
	}
	return b.String()
}

func TestParseImport(t *testing.T) {
	for _, tc := range []struct {
		name, format, content, want string
	}{
		{"csv as cantica liturgy writes it", "csv",
			"date,feast_key,name,rank,type\n2026-03-19,st_joseph,\"St Joseph, Spouse of Mary\",solemnity,saint\n\n2026-12-25,christmas,Christmas,solemnity,feast_of_the_lord\n",
			"2026-03-19|st_joseph|St Joseph, Spouse of Mary|solemnity|saint|\n2026-12-25|christmas|Christmas|solemnity|feast_of_the_lord|\n"},
		{"csv columns in another order, no type", "csv",
			"\ufeffName,Rank,Feast_Key,Date\nPatronal Festival,feast,patronal_festival,2026-06-29\n",
			"2026-06-29|patronal_festival|Patronal Festival|feast||\n"},
		{"json", "json",
			`[{"date":"2026-04-05","feast_key":"easter_sunday","name":"Easter","rank":"solemnity"}]`,
			"2026-04-05|easter_sunday|Easter|solemnity||\n"},
		{"ics, folded, escaped, with and without Cantica's fields", "ics",
			"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART;VALUE=DATE:20260319\r\nSUMMARY:St Joseph\\, Spouse of the Blessed\r\n  Virgin Mary\r\nX-CANTICA-FEAST-KEY:st_joseph\r\nX-CANTICA-RANK:solemnity\r\nEND:VEVENT\r\n" +
				"BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260815\r\nSUMMARY:The Assumption of Mary\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
			"2026-03-19|st_joseph|St Joseph, Spouse of the Blessed Virgin Mary|solemnity||\n2026-08-15|the_assumption_of_mary|The Assumption of Mary|||\n"},
		{"ics event with a time", "ics",
			"BEGIN:VEVENT\nDTSTART:20260319T100000Z\nSUMMARY:Mass\nEND:VEVENT\n",
			"2026-03-19|mass|Mass|||invalid\n"},
		{"ics event with a time named as one", "ics",
			"BEGIN:VEVENT\nDTSTART;VALUE=DATE-TIME:20260319T100000\nSUMMARY:Mass\nEND:VEVENT\n",
			"2026-03-19|mass|Mass|||invalid\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := parseImport(tc.format, tc.content)
			if err != nil {
				t.Fatal(err)
			}
			if got := rowsText(rows); got != tc.want {
				t.Errorf("got\n%swant\n%s", rowsText(rows), tc.want)
			}
		})
	}
	for _, tc := range []struct{ format, content, message string }{
		{"xml", "<x/>", msgBadFormat},
		{"csv", "", MsgImportEmpty},
		{"csv", "date,name\n2026-01-01,New Year\n", "date, feast_key, name and rank"},
		{"json", "{", "could not be read as JSON"},
		{"json", "[]", MsgImportEmpty},
		{"ics", "BEGIN:VEVENT\nSUMMARY:x\n", "no END:VEVENT"},
		{"csv", "date,feast_key,name,rank\n" + strings.Repeat("2026-01-01,a,b,c\n", MaxImportRows+1), MsgImportTooLong},
	} {
		_, err := parseImport(tc.format, tc.content)
		e, ok := apperr.As(err)
		if !ok || !strings.Contains(e.Message, tc.message) {
			t.Errorf("%s %.30q: %v, want %q", tc.format, tc.content, err, tc.message)
		}
	}
}

func TestKeyFromName(t *testing.T) {
	for name, want := range map[string]string{
		"The Assumption of Mary":    "the_assumption_of_mary",
		"  St. Cecilia's Day!  ":    "st_cecilia_s_day",
		"1st Sunday of Advent":      "feast_1st_sunday_of_advent",
		"Sainte-Thérèse de Lisieux": "sainte_th_r_se_de_lisieux",
	} {
		if got := keyFromName(name); got != want || !feastKeyPattern.MatchString(got) {
			t.Errorf("keyFromName(%q) = %q, want %q", name, got, want)
		}
	}
}
