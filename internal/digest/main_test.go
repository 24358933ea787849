package digest_test

import (
	"os"
	"testing"

	"github.com/cantica/cantica/internal/auth"
)

// TestMain hashes passwords cheaply: these tests register and sign in
// accounts by the thousand, and what they check is not argon2's cost.
func TestMain(m *testing.M) {
	auth.UseCheapPasswordHashes()
	os.Exit(m.Run())
}
