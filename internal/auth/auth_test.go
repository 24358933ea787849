package auth

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

func TestPasswordHashing(t *testing.T) {
	h, err := HashPassword("Choir#Practice1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q", h)
	}
	if ok, err := VerifyPassword("Choir#Practice1", h); !ok || err != nil {
		t.Fatal("the right password was refused")
	}
	if ok, _ := VerifyPassword("Choir#Practice2", h); ok {
		t.Fatal("a wrong password was accepted")
	}
	h2, _ := HashPassword("Choir#Practice1")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	if _, err := VerifyPassword("x", "$argon2id$broken"); err == nil {
		t.Fatal("a malformed hash verified without error")
	}
}

func TestPasswordProblems(t *testing.T) {
	for pw, want := range map[string][]string{
		"Choir#Practice1": nil,
		"":                {MsgPasswordLength, MsgPasswordUpper, MsgPasswordLower, MsgPasswordNumber, MsgPasswordSpecial},
		"Ab1!ab1!":        nil,
		"Ab1!ab1":         {MsgPasswordLength},
		"ÄÖÜäöü1!":        {MsgPasswordUpper, MsgPasswordLower}, // only ASCII letters count, as in the browser
		"Choir Practice1": {MsgPasswordSpecial},                 // a space is not one of the special characters
		"Choir_Practice1": {MsgPasswordSpecial},
	} {
		got := PasswordProblems(pw, false)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%q: %v, want %v", pw, got, want)
		}
	}
	for _, special := range SpecialCharacters {
		if p := PasswordProblems("Choir"+string(special)+"Practice1", false); len(p) != 0 {
			t.Errorf("%q not accepted as special: %v", special, p)
		}
	}
	if got := PasswordProblems("choirpractice1", true); got[len(got)-1] != `Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)` {
		t.Errorf("listed wording: %v", got)
	}
}

func TestNormaliseEmail(t *testing.T) {
	for in, want := range map[string][2]string{
		" Ada@Example.COM ":      {"ada@example.com", ""},
		"":                       {"", MsgEmailRequired},
		"ada":                    {"ada", MsgEmailInvalid},
		"ada@localhost":          {"ada@localhost", MsgEmailInvalid},
		"Ada <ada@example.com>":  {"Ada <ada@example.com>", MsgEmailInvalid},
		"ada@example.com.":       {"ada@example.com.", MsgEmailInvalid},
		"o'brien+choir@ex.co.uk": {"o'brien+choir@ex.co.uk", ""},
		// Look-alikes of ssec@example.org: a local part must be ASCII…
		"\u017fsec@example.org":   {"\u017fsec@example.org", MsgEmailInvalid}, // long s
		"\u212asec@example.org":   {"\u212asec@example.org", MsgEmailInvalid}, // Kelvin sign
		"\uff53sec@example.org":   {"\uff53sec@example.org", MsgEmailInvalid}, // fullwidth s
		"j\u00fcrgen@example.org": {"j\u00fcrgen@example.org", MsgEmailInvalid},
		// …and a domain takes its one ASCII form, as DNS resolves it.
		"ssec@\uff45xample.org": {"ssec@example.org", ""},
		"ssec@\u212aelvin.org":  {"ssec@kelvin.org", ""},
		"Jo@M\u00fcller.DE":     {"jo@xn--mller-kva.de", ""},
		"jo@xn--mller-kva.de":   {"jo@xn--mller-kva.de", ""},
		"jo@exa_mple.org":       {"jo@exa_mple.org", MsgEmailInvalid},
	} {
		got, msg := NormaliseEmail(in)
		if got != want[0] || msg != want[1] {
			t.Errorf("NormaliseEmail(%q) = %q, %q; want %q, %q", in, got, msg, want[0], want[1])
		}
	}
}

// Whatever is typed, an accepted address is ASCII and already in its one
// form, so two addresses are the same exactly when their strings are.
func FuzzNormaliseEmail(f *testing.F) {
	for _, s := range []string{"ada@example.com", "\u017fsec@example.org", "ssec@\uff45xample.org", "Jo@M\u00fcller.DE", "a@b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, msg := NormaliseEmail(in)
		if msg != "" {
			return
		}
		for i := range len(out) {
			if out[i] >= 0x80 || ('A' <= out[i] && out[i] <= 'Z') {
				t.Fatalf("NormaliseEmail(%q) = %q: not lower-case ASCII", in, out)
			}
		}
		if again, msg := NormaliseEmail(out); again != out || msg != "" {
			t.Fatalf("NormaliseEmail(%q) = %q, but that gives %q %q", in, out, again, msg)
		}
	})
}

func FuzzPasswordProblems(f *testing.F) {
	f.Add("Choir#Practice1")
	f.Add("")
	f.Fuzz(func(t *testing.T, pw string) {
		problems := PasswordProblems(pw, false)
		if len(problems) == 0 {
			if len([]rune(pw)) < MinPasswordLength || !strings.ContainsAny(pw, SpecialCharacters) {
				t.Fatalf("%q accepted", pw)
			}
		}
	})
}

func TestRecoveryCodeFormat(t *testing.T) {
	c := newRecoveryCode()
	if len(c) != 11 || c[5] != '-' {
		t.Fatalf("recovery code %q", c)
	}
	bare := c[:5] + c[6:]
	for _, typed := range []string{c, bare, " " + strings.ToUpper(c) + " ", c[:5] + " " + c[6:], strings.ToUpper(bare), "\t" + c[:3] + "-" + c[3:]} {
		if got := normaliseRecoveryCode(typed); got != bare {
			t.Errorf("normaliseRecoveryCode(%q) = %q, want %q", typed, got, bare)
		}
		// Codes stored before normalisation were hashed with their dash.
		if h := recoveryCodeHashes(typed); h[0] != hashRecoveryCode(c) || h[1] != hashSecret(c) {
			t.Errorf("hashes of %q do not reach the stored forms", typed)
		}
	}
}

func TestTOTPMatchingAllowsOneStepOfDrift(t *testing.T) {
	secret := "JBSWY3DPEHPK3PXP"
	now := time.Date(2026, 11, 23, 10, 0, 15, 0, time.UTC)
	for drift, want := range map[int]bool{-2: false, -1: true, 0: true, 1: true, 2: false} {
		at := now.Add(time.Duration(drift*totpPeriod) * time.Second)
		code, err := totp.GenerateCodeCustom(secret, at, totpOpts)
		if err != nil {
			t.Fatal(err)
		}
		step, ok := matchTOTP(secret, code[:3]+" "+code[3:], now)
		if ok != want {
			t.Errorf("drift %d: matched %v, want %v", drift, ok, want)
		}
		if ok && step != at.Unix()/totpPeriod {
			t.Errorf("drift %d: step %d, want %d", drift, step, at.Unix()/totpPeriod)
		}
	}
	if _, ok := matchTOTP(secret, "12345", now); ok {
		t.Error("a five-digit code matched")
	}
}

// A sign-in with an address that has no account checks the password
// against a hash shaped as every account's (the same algorithm and
// parameters, salt and key lengths), so that it costs as long as one with a
// wrong password and its time does not tell whether the address has an
// account. No password matches it.
func TestDummyHashCostsWhatAnAccountsHashCosts(t *testing.T) {
	account, err := HashPassword("Choir#Practice1")
	if err != nil {
		t.Fatal(err)
	}
	shape := func(hash string) string {
		parts := strings.Split(hash, "$")
		if len(parts) != 6 {
			t.Fatalf("hash %q", hash)
		}
		salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
		key, err2 := base64.RawStdEncoding.DecodeString(parts[5])
		if err1 != nil || err2 != nil {
			t.Fatalf("hash %q", hash)
		}
		return fmt.Sprintf("%s, %d-byte salt, %d-byte key", strings.Join(parts[:4], "$"), len(salt), len(key))
	}
	if got, want := shape(dummyHash()), shape(account); got != want {
		t.Errorf("dummy hash: %s; an account's: %s", got, want)
	}
	for _, password := range []string{"", "Choir#Practice1", "no account has this password"} {
		if ok, err := VerifyPassword(password, dummyHash()); ok || err != nil {
			t.Errorf("%q against the dummy hash: %v, %v", password, ok, err)
		}
	}
}
