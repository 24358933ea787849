package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/ics"
	"github.com/cantica/cantica/internal/liturgy"
)

const liturgyUsage = `Usage: cantica liturgy --calendar KEY --year YYYY [--format json|csv|ics]

Prints the feasts and observances of one civil year of a liturgical calendar.
No database or configuration is needed.

Flags:
  --calendar KEY   the calendar type, one of:
                   %s
  --year YYYY      the civil year, %d to %d
  --format F       json (the default), csv or ics
`

// liturgyCmd runs `cantica liturgy`; now stamps the ICS output.
func liturgyCmd(args []string, stdout, stderr io.Writer, now func() time.Time) int {
	fs := flag.NewFlagSet("liturgy", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	calendar := fs.String("calendar", "", "")
	year := fs.String("year", "", "")
	format := fs.String("format", "json", "")
	usage := fmt.Sprintf(liturgyUsage, strings.Join(liturgy.Calendars(), "\n                   "), liturgy.MinYear, liturgy.MaxYear)
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "cantica liturgy: "+format+"\n", a...)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return 0
		}
		return fail("%v (cantica liturgy -h for help)", err)
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q (cantica liturgy -h for help)", fs.Arg(0))
	}
	if *calendar == "" || *year == "" {
		return fail("--calendar and --year are required (cantica liturgy -h for help)")
	}
	y, err := strconv.Atoi(*year)
	if err != nil {
		return fail("year %q is not a number", *year)
	}
	if *format != "json" && *format != "csv" && *format != "ics" {
		return fail("unknown format %q: use json, csv or ics", *format)
	}
	days, err := liturgy.Compute(*calendar, y)
	if err != nil {
		return fail("%s", strings.TrimPrefix(err.Error(), "liturgy: "))
	}
	switch *format {
	case "csv":
		err = writeLiturgyCSV(stdout, days)
	case "ics":
		err = writeLiturgyICS(stdout, *calendar, y, days, now().UTC())
	default:
		err = writeLiturgyJSON(stdout, days)
	}
	if err != nil {
		fmt.Fprintf(stderr, "cantica liturgy: %v\n", err)
		return 1
	}
	return 0
}

type liturgyJSONDay struct {
	Date         string `json:"date"`
	FeastKey     string `json:"feast_key"`
	Name         string `json:"name"`
	Rank         string `json:"rank"`
	Type         string `json:"type"`
	Transferred  bool   `json:"transferred"`
	OriginalDate string `json:"original_date,omitempty"`
}

func writeLiturgyJSON(w io.Writer, days []liturgy.Day) error {
	out := make([]liturgyJSONDay, len(days))
	for i, d := range days {
		out[i] = liturgyJSONDay{Date: d.Date.String(), FeastKey: d.FeastKey, Name: d.Name, Rank: d.Rank, Type: d.Type, Transferred: d.Transferred}
		if d.Transferred {
			out[i].OriginalDate = d.OriginalDate.String()
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func writeLiturgyCSV(w io.Writer, days []liturgy.Day) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"date", "feast_key", "name", "rank", "type"})
	for _, d := range days {
		_ = cw.Write([]string{d.Date.String(), d.FeastKey, d.Name, d.Rank, d.Type})
	}
	cw.Flush()
	return cw.Error()
}

// writeLiturgyICS writes an RFC 5545 calendar with one all-day event a day.
// The events are transparent: a feast does not make anyone busy. The
// feast's key, rank and type go in the X-CANTICA-* properties the feast
// import reads (internal/feast), so that importing the file gives the same
// feasts as the CSV or JSON output.
func writeLiturgyICS(w io.Writer, calendar string, year int, days []liturgy.Day, stamp time.Time) error {
	cal := ics.Calendar{
		ProdID: "-//Cantica//Liturgical Calendar//EN",
		Name:   fmt.Sprintf("%s %d", calendar, year),
		Events: make([]ics.Event, 0, len(days)),
	}
	for _, d := range days {
		desc := "Rank: " + d.Rank + ". Type: " + d.Type + "."
		if d.Transferred {
			desc += " Transferred from " + d.OriginalDate.String() + "."
		}
		cal.Events = append(cal.Events, ics.Event{
			UID:         d.FeastKey + "-" + d.Date.Time().Format("20060102") + "-" + calendar + "@cantica",
			Stamp:       stamp,
			Start:       d.Date.Time(),
			End:         d.Date.AddDays(1).Time(),
			AllDay:      true,
			Summary:     d.Name,
			Description: desc,
			Categories:  []string{d.Type},
			Transparent: true,
			Extra: []ics.Property{
				{Name: "X-CANTICA-FEAST-KEY", Value: d.FeastKey},
				{Name: "X-CANTICA-RANK", Value: d.Rank},
				{Name: "X-CANTICA-TYPE", Value: d.Type},
			},
		})
	}
	return ics.Write(w, cal)
}
