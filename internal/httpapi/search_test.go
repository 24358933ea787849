package httpapi_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/apperr"
)

// Every search text is bounded (issue 25): a q of over 50,000 characters
// passed SQLite's LIKE pattern limit and ~1,000 words its expression depth,
// both answering 500. Each search now refuses more than 200 characters or
// 20 words with 400 in words, and still searches at the bounds.
func TestSearchTextIsBounded(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		root := globalAdmin(t, h, "root@example.com")
		plan := suggestPlan(t, h, c.id, "2027-03-28", "service")
		// SQLite checks a LIKE pattern only against a row: give each search some.
		suggestPiece(t, c.admin, c.id, map[string]any{"title": "Ave verum corpus"})
		if res := c.admin.Do("POST", "/api/v1/choirs/"+c.id+"/composers", map[string]any{"name": "William Byrd"}); res.Status != 201 {
			t.Fatalf("add a composer: %d %s", res.Status, res.Raw)
		}
		if res := root.Do("POST", "/api/v1/calendar-types/roman_1955_pre_reform/generate", map[string]any{"fromYear": 2026, "toYear": 2026}); res.Status != 200 {
			t.Fatalf("generate feasts: %d %s", res.Status, res.Raw)
		}
		searches := []struct {
			who  *apptest.Client
			path string
		}{
			{c.member, "/api/v1/choirs/" + c.id + "/music?q="},
			{c.member, "/api/v1/choirs/" + c.id + "/composers?q="},
			{c.member, "/api/v1/choirs/" + c.id + "/plans/" + plan + "/suggestions?q="},
			{root, "/api/v1/master-feasts?calendarType=roman_1955_pre_reform&q="},
		}
		words := func(n int) string { return strings.TrimSpace(strings.Repeat("a ", n)) }
		for _, s := range searches {
			for _, q := range []string{strings.Repeat("a", 200), words(20)} {
				if res := s.who.Do("GET", s.path+url.QueryEscape(q), nil); res.Status != 200 {
					t.Errorf("%s with %d characters: %d %s", s.path, len(q), res.Status, res.Raw)
				}
			}
			for q, msg := range map[string]string{
				strings.Repeat("a", 50_001): apperr.MsgSearchTooLong,
				strings.Repeat("é", 201):    apperr.MsgSearchTooLong,
				words(21):                   apperr.MsgSearchTooManyWords,
				words(1_000):                apperr.MsgSearchTooLong,
			} {
				res := s.who.Do("GET", s.path+url.QueryEscape(q), nil)
				if res.Status != 400 || res.Str("code") != "VALIDATION_ERROR" || res.Str("message") != msg || res.Str("details.q") != msg {
					t.Errorf("%s with %d characters: %d %s", s.path, len([]rune(q)), res.Status, res.Raw)
				}
			}
		}
		// Words are counted as the search splits them: 200 characters of
		// one-letter words are 100 words, too many.
		if res := c.member.Do("GET", searches[0].path+url.QueryEscape(words(100)), nil); res.Status != 400 {
			t.Errorf("100 words: %d %s", res.Status, res.Raw)
		}
	})
}
