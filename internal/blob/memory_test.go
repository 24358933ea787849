package blob_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/blob"
)

// bigUpload is the default CANTICA_MAX_UPLOAD_MB: the largest file a choir
// uploads, a full-length WAV recording.
const bigUpload = 200 << 20

// heapGrowth runs fn while a goroutine samples HeapInuse every 2 ms, and
// returns the peak growth over the heap before fn, and what fn allocated in
// all (TotalAlloc), which shows the buffers are reused rather than renewed.
func heapGrowth(fn func()) (peak, allocated uint64) {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base, alloc0 := m.HeapInuse, m.TotalAlloc

	var top atomic.Uint64
	top.Store(base)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		var s runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				runtime.ReadMemStats(&s)
				if s.HeapInuse > top.Load() {
					top.Store(s.HeapInuse)
				}
			}
		}
	})
	fn()
	close(stop)
	wg.Wait()
	runtime.ReadMemStats(&m)
	if m.HeapInuse > top.Load() {
		top.Store(m.HeapInuse)
	}
	return top.Load() - base, m.TotalAlloc - alloc0
}

func mib(n uint64) string { return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20)) }

// TestHeapGrowthSeesBuffering checks the measurement itself: a file held in
// memory must show.
func TestHeapGrowthSeesBuffering(t *testing.T) {
	var held []byte
	peak, _ := heapGrowth(func() {
		held, _ = io.ReadAll(io.LimitReader(&patternReader{n: 1 << 40}, 30<<20))
	})
	if peak < 30<<20 {
		t.Fatalf("holding 30 MiB showed as %s", mib(peak))
	}
	runtime.KeepAlive(held)
}

// TestMemoryLocal200MB streams a 200 MiB file, generated on the fly and
// never held, into the local store: the heap must stay flat.
func TestMemoryLocal200MB(t *testing.T) {
	l, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	peak, allocated := heapGrowth(func() {
		n, err = l.Put(t.Context(), "c1/m1/concert.wav", &patternReader{n: bigUpload}, -1, "audio/wav")
	})
	if err != nil || n != bigUpload {
		t.Fatalf("put: %d %v", n, err)
	}
	t.Logf("local, 200 MiB of unknown size: peak heap growth %s, allocated %s", mib(peak), mib(allocated))
	if peak >= 20<<20 {
		t.Errorf("peak heap growth %s, want under 20 MiB", mib(peak))
	}
}

// discardS3 is just enough of S3 for minio-go to upload to: it reads every
// body and keeps nothing, so that the heap measured is the client's alone
// (gofakes3 keeps every part in memory, in this same process).
type discardS3 struct {
	received atomic.Int64
	maxPart  atomic.Int64
	parts    atomic.Int64
}

func (d *discardS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	key := strings.TrimPrefix(r.URL.Path, "/"+testBucket+"/")
	switch {
	case r.Method == http.MethodHead: // BucketExists
	case r.Method == http.MethodPost && q.Has("uploads"):
		fmt.Fprintf(w, `<InitiateMultipartUploadResult><Bucket>%s</Bucket><Key>%s</Key><UploadId>u1</UploadId></InitiateMultipartUploadResult>`, testBucket, key)
	case r.Method == http.MethodPut:
		n, _ := io.Copy(io.Discard, r.Body)
		d.received.Add(n)
		if q.Has("partNumber") {
			d.parts.Add(1)
			if n > d.maxPart.Load() {
				d.maxPart.Store(n)
			}
		}
		w.Header().Set("ETag", `"`+fmt.Sprint(n)+`"`)
	case r.Method == http.MethodPost && q.Has("uploadId"):
		io.Copy(io.Discard, r.Body)
		fmt.Fprintf(w, `<CompleteMultipartUploadResult><Bucket>%s</Bucket><Key>%s</Key><ETag>"done-1"</ETag></CompleteMultipartUploadResult>`, testBucket, key)
	case r.Method == http.MethodDelete:
		w.WriteHeader(http.StatusNoContent)
	default:
		http.Error(w, "not in this fake", http.StatusNotImplemented)
	}
}

// TestMemoryS3200MB streams 200 MiB to S3 with 5 MiB parts, of unknown and
// of known size: minio-go fills one part buffer at a time.
func TestMemoryS3200MB(t *testing.T) {
	for _, size := range []int64{-1, bigUpload} {
		t.Run(fmt.Sprint("size ", size), func(t *testing.T) {
			fake := &discardS3{}
			srv := httptest.NewServer(fake)
			defer srv.Close()
			s, err := blob.NewS3(t.Context(), s3Config(strings.TrimPrefix(srv.URL, "http://")))
			if err != nil {
				t.Fatal(err)
			}
			var n int64
			peak, allocated := heapGrowth(func() {
				n, err = s.Put(t.Context(), "c1/m1/concert.wav", &patternReader{n: bigUpload}, size, "audio/wav")
			})
			if err != nil || n != bigUpload || fake.received.Load() != bigUpload {
				t.Fatalf("put: %d %v; the server received %d", n, err, fake.received.Load())
			}
			t.Logf("S3, 200 MiB, size %d, in %d parts of up to %s: peak heap growth %s, allocated %s",
				size, fake.parts.Load(), mib(uint64(fake.maxPart.Load())), mib(peak), mib(allocated))
			if fake.maxPart.Load() != blob.MinPartSize {
				t.Errorf("parts of %d bytes, want %d", fake.maxPart.Load(), blob.MinPartSize)
			}
			if peak >= 40<<20 {
				t.Errorf("peak heap growth %s, want under 40 MiB", mib(peak))
			}
		})
	}
}
