package auth

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// The rules and messages of accounts §5. The web app mirrors them in
// web/src/features/auth/passwordRules.ts; the server is the one that decides.

const (
	MsgEmailRequired   = "Email is required"
	MsgEmailInvalid    = "Please enter a valid email address"
	MsgPasswordLength  = "Password must be at least 8 characters long"
	MsgPasswordUpper   = "Password must contain at least one uppercase letter"
	MsgPasswordLower   = "Password must contain at least one lowercase letter"
	MsgPasswordNumber  = "Password must contain at least one number"
	MsgPasswordSpecial = "Password must contain at least one special character"
	MsgFirstRequired   = "First name is required"
	MsgFirstTooLong    = "First name is too long"
	MsgLastRequired    = "Last name is required"
	MsgLastTooLong     = "Last name is too long"
	MsgPhoneInvalid    = "Please enter a valid phone number"

	// SpecialCharacters are the characters the special-character rule accepts.
	SpecialCharacters = `!@#$%^&*(),.?":{}|<>`

	MinPasswordLength   = 8
	MaxPasswordLength   = 256 // bounds the hashing work one request can ask for
	RegistrationNameMax = 100
	ProfileNameMax      = 50
)

// msgPasswordSpecialListed is the new-password screen's wording of the
// special-character rule.
var msgPasswordSpecialListed = MsgPasswordSpecial + " (" + SpecialCharacters + ")"

// NormaliseEmail puts an address into the one form in which Cantica stores
// and compares addresses, and says whether it is a plain, valid address.
// The local part must be ASCII, and is lower-cased; the domain is put into
// its ASCII form (IDNA, with the UTS #46 mapping mail and web clients use:
// "ｅxample.org" and "exampʟe.org"'s look-alikes that map to ASCII become
// "example.org"), lower-case. Comparing addresses is then comparing
// strings: no Unicode case folding anywhere, under which "ſsec" (U+017F)
// or "Ksec" (the Kelvin sign) would be taken for "ssec" and join as
// someone else's invitation.
func NormaliseEmail(s string) (string, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", MsgEmailRequired
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || !isASCII(s[:at]) || !utf8.ValidString(s) {
		return s, MsgEmailInvalid
	}
	domain, err := idna.Lookup.ToASCII(s[at+1:])
	if err != nil || !isASCII(domain) {
		return s, MsgEmailInvalid
	}
	s = strings.ToLower(s[:at] + "@" + domain)
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Address != s || addr.Name != "" || len(s) > 254 {
		return s, MsgEmailInvalid
	}
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") {
		return s, MsgEmailInvalid
	}
	return s, ""
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// requireEmail normalises an address or refuses it as a field error.
func requireEmail(raw string) (string, error) {
	email, msg := NormaliseEmail(raw)
	if msg != "" {
		return "", validationError(map[string]string{"email": msg}, []string{"email"})
	}
	return email, nil
}

// PasswordProblems lists every rule a password breaks, in the order of §5.
// listed selects the new-password screen's wording, where all failures are
// shown together.
func PasswordProblems(password string, listed bool) []string {
	var upper, lower, number, special bool
	for _, r := range password {
		switch {
		case unicode.IsUpper(r) && r < unicode.MaxASCII:
			upper = true
		case unicode.IsLower(r) && r < unicode.MaxASCII:
			lower = true
		case r >= '0' && r <= '9':
			number = true
		case strings.ContainsRune(SpecialCharacters, r):
			special = true
		}
	}
	var problems []string
	if utf8.RuneCountInString(password) < MinPasswordLength {
		problems = append(problems, MsgPasswordLength)
	}
	if !upper {
		problems = append(problems, MsgPasswordUpper)
	}
	if !lower {
		problems = append(problems, MsgPasswordLower)
	}
	if !number {
		problems = append(problems, MsgPasswordNumber)
	}
	if !special {
		if listed {
			problems = append(problems, msgPasswordSpecialListed)
		} else {
			problems = append(problems, MsgPasswordSpecial)
		}
	}
	if len(password) > MaxPasswordLength {
		problems = append(problems, "Password must be at most 256 characters long")
	}
	return problems
}

// CheckName trims a name and applies a required, length-limited rule,
// returning the message of the rule it breaks or "".
func CheckName(value string, max int, required, tooLong string) (string, string) {
	value = strings.TrimSpace(value)
	if value == "" {
		return value, required
	}
	if utf8.RuneCountInString(value) > max {
		return value, tooLong
	}
	return value, ""
}

// normalisePhone keeps an optional phone number: empty means none.
func normalisePhone(p *string) (*string, string) {
	if p == nil {
		return nil, ""
	}
	v := strings.TrimSpace(*p)
	if v == "" {
		return nil, ""
	}
	digits := 0
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune(" +-().", r):
		default:
			return nil, MsgPhoneInvalid
		}
	}
	if digits < 5 || len(v) > 30 {
		return nil, MsgPhoneInvalid
	}
	return &v, ""
}
