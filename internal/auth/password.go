package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"
)

// argon2id parameters of new hashes: OWASP's recommendation (19 MiB, 2 passes, 1 lane).
const (
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// hashCost is the memory (KiB) and passes of new hashes. Only a test binary
// can lower it (UseCheapPasswordHashes).
var hashCost = struct{ memory, passes uint32 }{memory: 19 * 1024, passes: 2}

// UseCheapPasswordHashes makes new hashes cheap (8 KiB, one pass) for the rest
// of a test binary's run. The API tests register and sign in thousands of
// accounts, and at the recommended cost hashing took two thirds of their CPU
// time. Hashes carry their parameters, so verification follows. It panics
// outside a test binary: no server can be built that hashes weakly.
func UseCheapPasswordHashes() {
	if !testing.Testing() {
		panic("auth: cheap password hashes outside a test binary")
	}
	hashCost.memory, hashCost.passes = 8, 1
}

// HashPassword returns an argon2id hash in the PHC string format.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("auth: make a password salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, hashCost.passes, hashCost.memory, argonThreads, argonKeyLen)
	return encodeHash(salt, key), nil
}

func encodeHash(salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, hashCost.memory, hashCost.passes, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

var errMalformedHash = errors.New("malformed password hash")

// VerifyPassword checks a password against a stored hash, in constant time.
// Parameters come from the hash, so they can be raised later without
// invalidating old hashes.
func VerifyPassword(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errMalformedHash
	}
	var version int
	var memory, passes uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errMalformedHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads); err != nil {
		return false, errMalformedHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, errMalformedHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, errMalformedHash
	}
	got := argon2.IDKey([]byte(password), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is verified against when an account does not exist, so that a
// wrong address takes as long as a wrong password: it has every new account's
// parameters and salt and key lengths, so checking it costs what checking a
// real hash costs. No password gives its key (all zeros), and writing it
// costs nothing: a hash made at start-up delayed every start by 40 ms.
func dummyHash() string {
	return encodeHash(make([]byte, argonSaltLen), make([]byte, argonKeyLen))
}
