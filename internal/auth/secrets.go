package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// newSecret returns 256 random bits as text, for cookies and emailed links.
func newSecret() string {
	return rand.Text() + rand.Text() // 2 × 26 base32 characters: 260 bits
}

// hashSecret is what the database keeps of a secret: never the secret itself.
func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}
