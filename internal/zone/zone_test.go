package zone

import (
	"testing"
	"time"
)

func TestLoadKeepsTheZoneAndRefusesBadNames(t *testing.T) {
	a, err := Load("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Load("Europe/London")
	if a != b {
		t.Fatal("the zone was loaded twice")
	}
	if got := time.Date(2027, 7, 1, 12, 0, 0, 0, a).Format("-07:00"); got != "+01:00" {
		t.Fatalf("London in July: %s", got)
	}
	if _, err := Load("Europe/Nowhere"); err == nil {
		t.Fatal("a bad name loaded")
	}
	if _, kept := loaded.Load("Europe/Nowhere"); kept {
		t.Fatal("a bad name was kept")
	}
}

func BenchmarkLoad(b *testing.B) {
	for range b.N {
		if _, err := Load("America/New_York"); err != nil {
			b.Fatal(err)
		}
	}
}
