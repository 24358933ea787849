package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStartToFirst200 starts the built binary, bin/cantica with the
// web app in it (make build), and measures the time from starting the
// process to the first 200 of the landing page: on a database migrated
// before (a restart) and on a new one (a first start, migrations included).
// scripts/startup-time.sh runs it; CANTICA_STARTUP_BIN names another
// binary to measure.
func BenchmarkStartToFirst200(b *testing.B) {
	bin, err := filepath.Abs(cmp.Or(os.Getenv("CANTICA_STARTUP_BIN"), "../../bin/cantica"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil {
		b.Skip("no bin/cantica: run make build first")
	}
	b.Run("restart", func(b *testing.B) {
		dataDir := b.TempDir()
		migrate := exec.Command(bin, "migrate")
		migrate.Env = append(os.Environ(), "CANTICA_DATA_DIR="+dataDir, "CANTICA_DATABASE_URL=")
		if out, err := migrate.CombinedOutput(); err != nil {
			b.Fatalf("cantica migrate: %v\n%s", err, out)
		}
		measureStarts(b, bin, func() string { return dataDir })
	})
	b.Run("first-start", func(b *testing.B) {
		measureStarts(b, bin, b.TempDir)
	})
}

// measureStarts times b.N starts, each on the data directory dataDir gives,
// and reports their median besides the mean.
func measureStarts(b *testing.B, bin string, dataDir func() string) {
	var starts, cpu []time.Duration
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		dir, addr := dataDir(), freeAddr(b)
		cmd := exec.Command(bin, "serve")
		cmd.Env = append(os.Environ(), "CANTICA_ADDR="+addr, "CANTICA_DATA_DIR="+dir, "CANTICA_DATABASE_URL=",
			"CANTICA_BASE_URL=http://"+addr, "CANTICA_SMTP_URL=", "CANTICA_METRICS_ADDR=", "CANTICA_LOG_LEVEL=info")
		b.StartTimer()
		start := time.Now()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		waitFor200(b, cmd, "http://"+addr+"/")
		elapsed := time.Since(start)
		b.StopTimer()
		starts = append(starts, elapsed)
		cpu = append(cpu, cpuTime(cmd.Process.Pid))
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
		b.StartTimer()
	}
	b.ReportMetric(median(starts), "median-ms")
	b.ReportMetric(median(cpu), "cpu-ms")
}

// median is the median of ds in milliseconds.
func median(ds []time.Duration) float64 {
	slices.Sort(ds)
	return float64(ds[len(ds)/2].Microseconds()) / 1000
}

// cpuTime is the processor time (user and system) a process has used so
// far, which a loaded machine changes less than the time that passed; in
// steps of 10 ms, Linux's clock tick.
func cpuTime(pid int) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name, which is in parentheses.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.Atoi(fields[11])
	stime, _ := strconv.Atoi(fields[12])
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// waitFor200 asks for url every millisecond until it answers 200.
func waitFor200(b *testing.B, cmd *exec.Cmd, url string) {
	client := &http.Client{Timeout: 5 * time.Second}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		res, err := client.Get(url)
		if err != nil {
			continue // not listening yet
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			return
		}
		_ = cmd.Process.Kill()
		if strings.Contains(string(body), "not built") {
			b.Fatal("bin/cantica was built without the web app: run make build")
		}
		b.Fatalf("GET /: %d %s", res.StatusCode, body)
	}
	_ = cmd.Process.Kill()
	b.Fatal("no 200 from / within 30 s")
}

// freeAddr is a loopback address with a port nothing listens on.
func freeAddr(b *testing.B) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
