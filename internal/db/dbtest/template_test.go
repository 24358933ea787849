package dbtest

import (
	"crypto/rand"
	"database/sql"
	"os"
	"strings"
	"sync"
	"testing"
)

// Test processes that make the template at the same moment on a new server
// all get it: the renames that lose say "already exists" or trip the
// catalog's unique index, and neither is a failure.
func TestPostgresTemplateMadeByManyAtOnce(t *testing.T) {
	admin := os.Getenv("CANTICA_TEST_DATABASE_URL")
	if admin == "" {
		t.Skip("no PostgreSQL: CANTICA_TEST_DATABASE_URL is not set")
	}
	name := "cantica_template_race_" + strings.ToLower(rand.Text()[:12])
	adminDB, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatal(err)
	}
	defer adminDB.Close()
	t.Cleanup(func() { _, _ = adminDB.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") })
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			if _, err := makePostgresTemplateNamed(name); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("a process making the template at the same moment: %v", err)
	}
}
