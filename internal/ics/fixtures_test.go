package ics

import (
	"testing"
	"time"
)

var stamp = time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)

// allDayCalendar is a feast as the liturgical calendar publishes it.
func allDayCalendar() Calendar {
	return Calendar{
		ProdID: "-//Cantica//Liturgical Calendar//EN",
		Name:   "general_roman_ordinary 2026",
		Events: []Event{{
			UID:         "st_joseph-20260319-general_roman_ordinary@cantica",
			Stamp:       stamp,
			Start:       time.Date(2026, 3, 19, 0, 0, 0, 0, time.UTC),
			End:         time.Date(2026, 3, 20, 0, 0, 0, 0, time.UTC),
			AllDay:      true,
			Summary:     "Saint Joseph, Spouse of the Blessed Virgin Mary",
			Description: "Rank: solemnity. Type: saint.",
			Categories:  []string{"saint"},
			Transparent: true,
		}},
	}
}

// londonCalendar is a weekly rehearsal in London with two cancelled
// evenings and one moved, across the change to summer time.
func londonCalendar(t *testing.T) Calendar {
	london := load(t, "Europe/London")
	moved := time.Date(2026, 3, 31, 19, 30, 0, 0, london)
	return Calendar{
		ProdID:          "-//Cantica//Choir Calendar//EN",
		Name:            "St Cecilia Singers",
		Description:     "Rehearsals, services; concerts",
		RefreshInterval: time.Hour,
		Events: []Event{
			{
				UID:          "rehearsal-1@cantica",
				Stamp:        stamp,
				LastModified: time.Date(2026, 1, 5, 8, 30, 0, 0, time.UTC),
				Start:        time.Date(2026, 3, 3, 19, 30, 0, 0, london),
				End:          time.Date(2026, 3, 3, 21, 30, 0, 0, london),
				Location:     london,
				Summary:      "Tuesday rehearsal",
				Description:  "Bring pencils.\nWe sing Byrd; then Tallis, Sheppard and the Magnificat of the Eighth Tone.",
				Place:        "St Mary's Church Hall, 1 High Street, London",
				URL:          "https://cantica.example/choirs/1/events/1",
				Categories:   []string{"Rehearsal", "Tutti, all voices"},
				Status:       "CONFIRMED",
				RRule:        "FREQ=WEEKLY;BYDAY=TU;WKST=MO",
				ExDates: []time.Time{
					time.Date(2026, 4, 7, 19, 30, 0, 0, london),
					time.Date(2026, 3, 17, 19, 30, 0, 0, london),
					time.Date(2026, 4, 7, 19, 30, 0, 0, london),
				},
			},
			{
				UID:          "rehearsal-1@cantica",
				Stamp:        stamp,
				Sequence:     1,
				RecurrenceID: &moved,
				Start:        time.Date(2026, 3, 31, 18, 0, 0, 0, london),
				End:          time.Date(2026, 3, 31, 20, 0, 0, 0, london),
				Location:     london,
				Summary:      "Tuesday rehearsal (early)",
				Status:       "TENTATIVE",
			},
		},
	}
}
