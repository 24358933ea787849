package httpapi

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/cantica/cantica/internal/apperr"
)

type errorBody struct {
	Code              string            `json:"code"`
	Message           string            `json:"message"`
	Details           map[string]string `json:"details,omitempty"`
	RetryAfterSeconds int               `json:"retryAfterSeconds,omitempty"`
}

// writeError answers with the JSON error body.
func writeError(w http.ResponseWriter, status int, code, message string, details map[string]string) {
	writeJSON(w, status, errorBody{Code: code, Message: message, Details: details})
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

var statusOf = map[apperr.Kind]int{
	apperr.Invalid:         http.StatusBadRequest,
	apperr.Unauthenticated: http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.RateLimited:     http.StatusTooManyRequests,
	apperr.Internal:        http.StatusInternalServerError,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.Unsupported:     http.StatusUnsupportedMediaType,
}

// writeHandlerError answers for an error a handler returned: a refusal as
// it says, anything else as a 500 whose cause goes to the log, not the client.
func writeHandlerError(logger *slog.Logger, secrets *redactor, w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case r.Context().Err() != nil:
		// The client went away (its request's context ended): nobody is
		// there to answer, and nothing failed on this side.
		logger.Debug("client went away", "method", r.Method, "path", secrets.path(r.URL.Path), "err", err)
		return
	case headerSent(w):
		// Failed while sending the answer (the connection broke): the status
		// is out, and a second one would be refused.
		logger.Debug("answer cut off", "method", r.Method, "path", secrets.path(r.URL.Path), "err", err)
		return
	}
	if e, ok := apperr.As(err); ok {
		body := errorBody{Code: e.Code, Message: e.Message, Details: e.Details}
		if e.Kind == apperr.Internal {
			logger.Error("request failed", "method", r.Method, "path", secrets.path(r.URL.Path), "code", e.Code, "err", e.Cause)
		}
		if e.Kind == apperr.RateLimited {
			body.RetryAfterSeconds = apperr.Seconds(e.RetryAfter)
			w.Header().Set("Retry-After", strconv.Itoa(body.RetryAfterSeconds))
		}
		writeJSON(w, statusOf[e.Kind], body)
		return
	}
	logger.Error("request failed", "method", r.Method, "path", secrets.path(r.URL.Path), "err", err)
	writeError(w, http.StatusInternalServerError, apperr.CodeInternal, "An unexpected error occurred. Please try again later.", nil)
}
