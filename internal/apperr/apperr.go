// Package apperr is the error every capability returns for a user's
// mistake or a refusal: a kind (which the HTTP layer turns into a status), a
// code from the specification's list and a message in its words.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind says what sort of refusal an error is.
type Kind int

const (
	Invalid         Kind = iota + 1 // 400: the input breaks a rule
	Unauthenticated                 // 401: nobody (or the wrong person) is signed in
	Forbidden                       // 403: signed in but not allowed
	NotFound                        // 404
	Conflict                        // 409: clashes with what exists
	RateLimited                     // 429: too many attempts; RetryAfter says how long to wait
	Internal                        // 500: the server failed; Cause (logged, never shown) says why
	TooLarge                        // 413: an upload is larger than the server accepts
	Unsupported                     // 415: an upload is not a kind of file the server accepts
)

// Error is a refusal with the words to show.
type Error struct {
	Kind       Kind
	Code       string
	Message    string
	Details    map[string]string // per-field messages
	RetryAfter time.Duration
	Cause      error // what went wrong underneath, for the log
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return e.Code + ": " + e.Message + ": " + e.Cause.Error()
	}
	return e.Code + ": " + e.Message
}

// Unwrap gives the cause.
func (e *Error) Unwrap() error { return e.Cause }

// As finds an *Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Validation is a VALIDATION_ERROR with one message per field. The message
// is the first field's, so a client that shows one line shows something useful.
func Validation(fields map[string]string, order ...string) *Error {
	msg := "Please check your input and try again."
	for _, f := range order {
		if m, ok := fields[f]; ok {
			msg = m
			break
		}
	}
	return &Error{Kind: Invalid, Code: CodeValidation, Message: msg, Details: fields}
}

// New makes an error of a kind with a code and message.
func New(kind Kind, code, message string) *Error {
	return &Error{Kind: kind, Code: code, Message: message}
}

// Failed is a server failure (500) with a code and a message for the user;
// cause is kept for the log.
func Failed(code, message string, cause error) *Error {
	return &Error{Kind: Internal, Code: code, Message: message, Cause: cause}
}

// Limited is a RATE_LIMITED error.
func Limited(message string, wait time.Duration) *Error {
	return &Error{Kind: RateLimited, Code: CodeRateLimited, Message: message, RetryAfter: wait}
}

// Seconds rounds a wait up to whole seconds, at least one.
func Seconds(d time.Duration) int {
	s := int((d + time.Second - 1) / time.Second)
	return max(s, 1)
}

// Securityf is the wording the forgot-password page recognises (§4.8): it
// contains "security" and "after N seconds".
func Securityf(wait time.Duration) string {
	return fmt.Sprintf("For security purposes, you can only request this after %d seconds.", Seconds(wait))
}

// Fields collects per-field messages in the order a form shows them; the
// first message for a field wins and an empty message adds nothing.
type Fields struct {
	msgs  map[string]string
	order []string
}

// Add records msg for field unless msg is empty or field has one already.
func (f *Fields) Add(field, msg string) {
	if msg == "" {
		return
	}
	if f.msgs == nil {
		f.msgs = map[string]string{}
	}
	if _, seen := f.msgs[field]; !seen {
		f.msgs[field] = msg
		f.order = append(f.order, field)
	}
}

// Err is the VALIDATION_ERROR of the collected messages, or nil for none.
func (f *Fields) Err() error {
	if len(f.msgs) == 0 {
		return nil
	}
	return Validation(f.msgs, f.order...)
}
