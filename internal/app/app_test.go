package app_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app"
	"github.com/cantica/cantica/internal/config"
)

// A request in flight when the shutdown signal arrives still gets its whole
// answer, and the server stops only afterwards.
func TestShutdownFinishesRequestsInFlight(t *testing.T) {
	started := make(chan struct{})
	release := make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		_, _ = io.WriteString(w, "finished")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() { stopped <- app.Serve(ctx, ln, slow, slog.New(slog.NewTextHandler(io.Discard, nil))) }()

	type result struct {
		status int
		body   string
		err    error
	}
	answered := make(chan result, 1)
	go func() {
		res, err := http.Get("http://" + ln.Addr().String() + "/slow")
		if err != nil {
			answered <- result{err: err}
			return
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		answered <- result{res.StatusCode, string(b), err}
	}()

	<-started
	cancel() // the signal arrives while the request is being served

	// New connections are refused once shutdown has begun…
	waitUntil(t, func() bool {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	// …but the server has not stopped: it waits for the slow request.
	select {
	case err := <-stopped:
		t.Fatalf("server stopped before the request in flight finished: %v", err)
	default:
	}

	close(release)
	r := <-answered
	if r.err != nil || r.status != http.StatusOK || r.body != "finished" {
		t.Fatalf("request in flight got %d %q %v", r.status, r.body, r.err)
	}
	if err := <-stopped; err != nil {
		t.Fatalf("Serve returned %v", err)
	}
}

func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	for range 1000 {
		if cond() {
			return
		}
		time.Sleep(5 * time.Millisecond) // polling, not a timing assertion
	}
	t.Fatal("condition never became true")
}

// freeAddr is a loopback address with a port nobody listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// Metrics are served only on CANTICA_METRICS_ADDR, never on the public
// address.
func TestMetricsOnTheirOwnAddress(t *testing.T) {
	addr, metricsAddr := freeAddr(t), freeAddr(t)
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"CANTICA_ADDR": addr, "CANTICA_METRICS_ADDR": metricsAddr, "CANTICA_DATA_DIR": t.TempDir()}[k]
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() { stopped <- app.Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), nil) }()
	defer func() {
		cancel()
		if err := <-stopped; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	get := func(url string) (int, string) {
		res, err := http.Get(url)
		if err != nil {
			return 0, err.Error()
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	waitUntil(t, func() bool { status, _ := get("http://" + addr + "/healthz"); return status == 200 })
	if status, body := get("http://" + addr + "/metrics"); status != 404 || strings.Contains(body, "cantica_http") {
		t.Fatalf("public /metrics: %d %.100s", status, body)
	}
	if status, body := get("http://" + metricsAddr + "/metrics"); status != 200 || !strings.Contains(body, `cantica_http_requests_total{method="GET",route="GET /healthz",status="200"}`) {
		t.Fatalf("metrics address: %d %.300s", status, body)
	}
}
