package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/feast"
)

func runLiturgy(args ...string) (int, string, string) {
	var stdout, stderr strings.Builder
	code := run(append([]string{"liturgy"}, args...), func(string) string { return "" }, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestLiturgyJSON(t *testing.T) {
	code, out, errOut := runLiturgy("--calendar", "general_roman_ordinary", "--year", "2035")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// The field names are the contract.
	for _, f := range []string{`"date":`, `"feast_key":`, `"name":`, `"rank":`, `"type":`, `"transferred":`} {
		if !strings.Contains(out, f) {
			t.Fatalf("output lacks %s", f)
		}
	}
	var days []struct {
		Date         string `json:"date"`
		FeastKey     string `json:"feast_key"`
		Name         string `json:"name"`
		Rank         string `json:"rank"`
		Type         string `json:"type"`
		Transferred  bool   `json:"transferred"`
		OriginalDate string `json:"original_date"`
	}
	if err := json.Unmarshal([]byte(out), &days); err != nil {
		t.Fatal(err)
	}
	if len(days) < 200 {
		t.Fatalf("only %d days", len(days))
	}
	for i := 1; i < len(days); i++ {
		if days[i].Date < days[i-1].Date {
			t.Fatalf("not ordered by date at %s", days[i].Date)
		}
	}
	want := map[string]string{"easter_sunday": "2035-03-25", "st_joseph": "2035-03-17", "annunciation": "2035-04-02", "christmas": "2035-12-25"}
	for _, d := range days {
		if w, ok := want[d.FeastKey]; ok {
			if d.Date != w {
				t.Errorf("%s on %s, want %s", d.FeastKey, d.Date, w)
			}
			delete(want, d.FeastKey)
			if d.FeastKey == "st_joseph" && (!d.Transferred || d.OriginalDate != "2035-03-19" || d.Rank != "solemnity") {
				t.Errorf("St Joseph: %+v", d)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("missing %v", want)
	}
}

func TestLiturgyCSV(t *testing.T) {
	code, out, _ := runLiturgy("--calendar", "secular_general", "--year", "2024", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "date,feast_key,name,rank,type" {
		t.Fatalf("header %q", lines[0])
	}
	if !strings.Contains(out, "2024-11-28,thanksgiving,Thanksgiving (United States),holiday,holiday") {
		t.Fatalf("no Thanksgiving row in\n%s", out)
	}
}

func TestLiturgyICS(t *testing.T) {
	var stdout, stderr strings.Builder
	stamp := func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }
	if code := liturgyCmd([]string{"--calendar", "novus_ordo_england_wales", "--year", "2025", "--format", "ics"}, &stdout, &stderr, stamp); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.HasPrefix(out, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:") || !strings.HasSuffix(out, "END:VCALENDAR\r\n") {
		t.Fatalf("not a VCALENDAR:\n%.200s", out)
	}
	if strings.Contains(strings.ReplaceAll(out, "\r\n", ""), "\n") {
		t.Fatal("bare LF line ending")
	}
	for _, l := range strings.Split(out, "\r\n") {
		if len(l) > 75 {
			t.Fatalf("line of %d octets: %q", len(l), l)
		}
	}
	unfolded := strings.ReplaceAll(out, "\r\n ", "")
	for _, want := range []string{
		"UID:st_george-20250428-novus_ordo_england_wales@cantica\r\n",
		"DTSTART;VALUE=DATE:20250428\r\nDTEND;VALUE=DATE:20250429\r\n",
		"DTSTAMP:20250102T030405Z\r\n",
		"SUMMARY:Saint George\\, Martyr\\, Patron of England\r\n",
		"Transferred from 2025-04-23.",
	} {
		if !strings.Contains(unfolded, want) {
			t.Errorf("ICS lacks %q", want)
		}
	}
	if n, m := strings.Count(out, "BEGIN:VEVENT"), strings.Count(out, "END:VEVENT"); n != m || n < 200 {
		t.Fatalf("%d BEGIN, %d END", n, m)
	}
}

func TestLiturgyErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--calendar", "roman_1570", "--year", "2024"}, `unknown calendar type "roman_1570"`},
		{[]string{"--calendar", "general_roman_ordinary", "--year", "1899"}, "1899 is not between 1900 and 2200"},
		{[]string{"--calendar", "general_roman_ordinary", "--year", "2201"}, "2201 is not between 1900 and 2200"},
		{[]string{"--calendar", "general_roman_ordinary", "--year", "twenty"}, `year "twenty" is not a number`},
		{[]string{"--calendar", "general_roman_ordinary", "--year", "2024", "--format", "xml"}, `unknown format "xml"`},
		{[]string{"--year", "2024"}, "--calendar and --year are required"},
		{[]string{"--calendar", "general_roman_ordinary", "--year", "2024", "--colour"}, "flag provided but not defined"},
	}
	for _, c := range cases {
		code, out, errOut := runLiturgy(c.args...)
		if code != 2 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", c.args, code, out)
		}
		line := strings.TrimSuffix(errOut, "\n")
		if strings.Contains(line, "\n") || !strings.HasPrefix(line, "cantica liturgy: ") || !strings.Contains(line, c.want) {
			t.Errorf("%v: want one line with %q, got %q", c.args, c.want, errOut)
		}
	}
	if code, out, _ := runLiturgy("-h"); code != 0 || !strings.Contains(out, "--calendar KEY") || !strings.Contains(out, "orthodox_russian") {
		t.Errorf("help: %d %q", code, out)
	}
}

// TestLiturgyOutputsImportAlike feeds each output format of the command to
// the feast import's reader: the ICS must give the same feasts (keys, names,
// dates, ranks and types) as the CSV and JSON, so that a global admin who
// imports the command's own ICS file gets no duplicate master feasts with
// keys made from names, nor ranks defaulted to "feast".
func TestLiturgyOutputsImportAlike(t *testing.T) {
	for _, tc := range []struct {
		calendar, year string
	}{
		{"general_roman_ordinary", "2035"},   // St Joseph and the Annunciation transferred
		{"novus_ordo_england_wales", "2025"}, // "Saint George, Martyr, Patron of England": escaped commas
		{"anglican_common_worship", "2024"},
		{"roman_1962_extraordinary", "2038"},
		{"orthodox_russian", "2024"},
		{"secular_general", "2024"},
	} {
		t.Run(tc.calendar+"/"+tc.year, func(t *testing.T) {
			rows := map[string][]string{}
			for _, format := range []string{"json", "csv", "ics"} {
				code, out, errOut := runLiturgy("--calendar", tc.calendar, "--year", tc.year, "--format", format)
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", format, code, errOut)
				}
				parsed, err := feast.ParseFile(format, out)
				if err != nil {
					t.Fatalf("%s: the import cannot read it: %v", format, err)
				}
				for _, r := range parsed {
					rows[format] = append(rows[format], fmt.Sprintf("%s|%s|%s|%s|%s", r.Date, r.Key, r.Name, r.Rank, r.Typ))
				}
			}
			if len(rows["json"]) < 20 {
				t.Fatalf("only %d feasts", len(rows["json"]))
			}
			if !slices.Equal(rows["csv"], rows["json"]) {
				t.Fatalf("CSV and JSON differ")
			}
			if !slices.Equal(rows["ics"], rows["json"]) {
				for i := range rows["json"] {
					if i >= len(rows["ics"]) || rows["ics"][i] != rows["json"][i] {
						got := "nothing"
						if i < len(rows["ics"]) {
							got = rows["ics"][i]
						}
						t.Fatalf("ICS row %d reads %q, JSON %q (%d against %d rows)", i, got, rows["json"][i], len(rows["ics"]), len(rows["json"]))
					}
				}
				t.Fatalf("ICS has %d rows, JSON %d", len(rows["ics"]), len(rows["json"]))
			}
		})
	}
}
