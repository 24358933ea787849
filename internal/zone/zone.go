// Package zone loads IANA time zones once per process. time.LoadLocation
// reads and parses the zone file on every call, which cost a calendar
// request more than half its time when every event and occurrence asked
// for its zone.
package zone

import (
	"sync"
	"time"
)

var loaded sync.Map // zone name → *time.Location

// Load is time.LoadLocation, remembered. Only zones that load are kept, so
// bad names (which users may type) cannot grow the set.
func Load(name string) (*time.Location, error) {
	if loc, ok := loaded.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	loaded.Store(name, loc)
	return loc, nil
}
