package push

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// The Web Push protocol with the standard library alone: message encryption
// (RFC 8291, the aes128gcm content coding of RFC 8188) and the VAPID
// signature (RFC 8292). Both are a few dozen lines; a module for them would
// bring a JWT library as well.

const (
	// recordSize is the one record a push message is sent in. Push services
	// take at least 4096 bytes of body, header included.
	recordSize = 4096
	// headerSize is salt (16) + record size (4) + key id length (1) + the
	// sender's public key (65).
	headerSize = 16 + 4 + 1 + 65
	// MaxPlaintext is the longest message one record carries: the record
	// less the header, the padding delimiter and the AES-GCM tag.
	MaxPlaintext = recordSize - headerSize - 1 - 16
	// jwtLifetime is how long a VAPID signature is good for; RFC 8292 allows
	// at most 24 hours.
	jwtLifetime = 12 * time.Hour
)

var b64 = base64.RawURLEncoding

// decodeKey reads a base64url value with or without padding, as browsers
// and servers write them both ways.
func decodeKey(s string) ([]byte, error) {
	return b64.DecodeString(strings.TrimRight(s, "="))
}

// encrypt seals plaintext for the browser whose public key is uaPublic (65
// bytes) and authentication secret auth (16 bytes), RFC 8291 §3.4: a fresh
// key pair and salt for every message.
func encrypt(plaintext, uaPublic, auth []byte) ([]byte, error) {
	as, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("push: make a message key: %w", err)
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, fmt.Errorf("push: make a salt: %w", err)
	}
	return encryptWith(plaintext, uaPublic, auth, as, salt)
}

// encryptWith is encrypt with the sender's key pair and salt given, so that
// RFC 8291's worked example can check it byte for byte.
func encryptWith(plaintext, uaPublic, auth []byte, as *ecdh.PrivateKey, salt []byte) ([]byte, error) {
	if len(plaintext) > MaxPlaintext {
		return nil, fmt.Errorf("push: a message of %d bytes is longer than %d", len(plaintext), MaxPlaintext)
	}
	ua, err := ecdh.P256().NewPublicKey(uaPublic)
	if err != nil {
		return nil, fmt.Errorf("push: read the browser's key: %w", err)
	}
	shared, err := as.ECDH(ua)
	if err != nil {
		return nil, fmt.Errorf("push: agree on a key: %w", err)
	}
	asPublic := as.PublicKey().Bytes()
	keyInfo := "WebPush: info\x00" + string(uaPublic) + string(asPublic)
	ikm, err := hkdf.Key(sha256.New, shared, auth, keyInfo, 32)
	if err != nil {
		return nil, fmt.Errorf("push: derive the input key: %w", err)
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, fmt.Errorf("push: derive the content key: %w", err)
	}
	cek, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, fmt.Errorf("push: derive the content key: %w", err)
	}
	nonce, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, fmt.Errorf("push: derive the nonce: %w", err)
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, fmt.Errorf("push: start AES: %w", err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("push: start AES-GCM: %w", err)
	}
	out := make([]byte, 0, headerSize+len(plaintext)+1+gcm.Overhead())
	out = append(out, salt...)
	out = binary.BigEndian.AppendUint32(out, recordSize)
	out = append(out, byte(len(asPublic)))
	out = append(out, asPublic...)
	// 0x02 ends the last (and only) record, with no padding after it.
	record := append(append([]byte{}, plaintext...), 0x02)
	return gcm.Seal(out, nonce, record, nil), nil
}

// vapidAuthorization is the Authorization header value that proves to the
// push service of endpoint that this server sent the message (RFC 8292 §3):
// a JWT signed with ES256 for the endpoint's origin, and the public key.
func vapidAuthorization(key *ecdsa.PrivateKey, publicKey, endpoint, subject string, now time.Time) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return "", fmt.Errorf("push: read the push address: %w", err)
	}
	claims, err := json.Marshal(map[string]any{
		"aud": u.Scheme + "://" + u.Host,
		"exp": now.Add(jwtLifetime).Unix(),
		"sub": subject,
	})
	if err != nil {
		return "", fmt.Errorf("push: write the VAPID claims: %w", err)
	}
	signed := b64.EncodeToString([]byte(`{"typ":"JWT","alg":"ES256"}`)) + "." + b64.EncodeToString(claims)
	digest := sha256.Sum256([]byte(signed))
	r, s, err := ecdsa.Sign(rand.Reader, key, digest[:])
	if err != nil {
		return "", fmt.Errorf("push: sign the VAPID claims: %w", err)
	}
	// JWS wants r and s as two 32-byte big-endian numbers, not ASN.1.
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return "vapid t=" + signed + "." + b64.EncodeToString(sig) + ", k=" + publicKey, nil
}

// errBadKey is a subscription key that is not what RFC 8291 asks.
var errBadKey = errors.New("push: a subscription key is malformed")
