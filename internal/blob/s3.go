package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// MinPartSize is the smallest multipart part S3 accepts (except the last),
// and the default part size: the memory one streamed Put holds at a time.
const MinPartSize = 5 << 20

// S3Config says which S3-compatible bucket to use.
type S3Config struct {
	Endpoint  string // host or host:port, no scheme
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	UseSSL    bool
	// PartSize is the multipart part size in bytes; 0 means MinPartSize.
	// A Put holds one part in memory, and an upload has at most 10,000
	// parts, so PartSize × 10,000 is the largest file a Put can store.
	PartSize uint64
}

// S3 keeps files as objects in one bucket of S3-compatible storage, each key
// an object name.
type S3 struct {
	client   *minio.Client
	bucket   string
	partSize uint64
}

var _ Store = (*S3)(nil)

// NewS3 connects to the bucket and checks that it exists. It does not create
// a missing bucket: buckets are provisioned with their region, policies and
// lifecycle by whoever runs the storage, application credentials usually may
// not create them, and creating one on a mistyped name would scatter files
// where nobody looks. A missing bucket stops start-up with a message instead.
func NewS3(ctx context.Context, cfg S3Config) (*S3, error) {
	if cfg.PartSize == 0 {
		cfg.PartSize = MinPartSize
	}
	if cfg.PartSize < MinPartSize {
		return nil, fmt.Errorf("blob: S3 part size %d is below the minimum of %d bytes", cfg.PartSize, MinPartSize)
	}
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.UseSSL,
		// A fixed region spares a GetBucketLocation call before each request.
		Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("blob: S3 client for %s: %w", cfg.Endpoint, err)
	}
	ok, err := client.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("blob: check bucket %s at %s: %w", cfg.Bucket, cfg.Endpoint, err)
	}
	if !ok {
		return nil, fmt.Errorf("blob: bucket %s does not exist at %s: create it first (for example: mc mb ALIAS/%s)", cfg.Bucket, cfg.Endpoint, cfg.Bucket)
	}
	return &S3{client: client, bucket: cfg.Bucket, partSize: cfg.PartSize}, nil
}

// Put uploads r. A known size up to the part size goes in one PUT, streamed
// from r; anything larger or of unknown size goes as a multipart upload that
// reads one part at a time into a single PartSize buffer (NumThreads 1; more
// threads would mean more buffers), so a 200 MB stream holds about PartSize
// bytes, not the file. Without an explicit PartSize, minio-go would size
// parts for a 5 TiB object when the size is unknown: a buffer of over 500 MiB.
// A failed or cancelled multipart upload is aborted by minio-go, so its parts
// are discarded and no object appears; a failed single PUT stores nothing.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (int64, error) {
	if err := ValidKey(key); err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	// The sourceReader also hides any io.ReaderAt or io.Seeker of r, which
	// would lead minio-go to its parallel uploader with several buffers.
	info, err := s.client.PutObject(ctx, s.bucket, key, &sourceReader{ctx: ctx, r: r, want: size}, size, minio.PutObjectOptions{
		ContentType: contentType,
		PartSize:    s.partSize,
		NumThreads:  1,
		// Without this, minio-go signs the body chunk by chunk over plain
		// HTTP (never over HTTPS, where TLS protects it): that sends an empty
		// file without a Content-Length, which S3 refuses, and costs a
		// SHA-256 pass over every byte. With it, plain HTTP (a local MinIO)
		// behaves as production over HTTPS does.
		DisableContentSha256: true,
	})
	if err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	return info.Size, nil
}

// Open checks that the object exists (one HEAD request) and returns it for
// streaming: each Read continues one ranged GET, and a Seek to elsewhere
// starts another at the new offset, as minio-go's *Object does.
func (s *S3) Open(ctx context.Context, key string) (Object, error) {
	if err := ValidKey(key); err != nil {
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("blob: open %s: %w", key, s3Err(err))
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, fmt.Errorf("blob: open %s: %w", key, s3Err(err))
	}
	return &s3Object{obj: obj, size: st.Size, mod: st.LastModified, etag: st.ETag}, nil
}

// Delete removes the object; S3 answers a missing key with success too.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		if errors.Is(s3Err(err), ErrNotFound) {
			return nil
		}
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	return nil
}

// Walk lists the objects under prefix. Uploads under way are multipart
// uploads, which S3 does not list as objects until they complete.
func (s *S3) Walk(ctx context.Context, prefix string, fn func(Info) error) error {
	if err := validPrefix(prefix); err != nil {
		return err
	}
	// Cancelling stops minio-go's listing goroutine when fn stops the walk.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if obj.Err != nil {
			return fmt.Errorf("blob: walk %q: %w", prefix, obj.Err)
		}
		if err := fn(Info{Key: obj.Key, Size: obj.Size, ModTime: obj.LastModified}); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// s3Err turns S3's "no such key" into ErrNotFound.
func s3Err(err error) error {
	resp := minio.ToErrorResponse(err)
	// A HEAD answer has no body, so a 404 may come without a code; a missing
	// bucket is a misconfiguration, not a missing file.
	if resp.Code == minio.NoSuchKey || (resp.StatusCode == http.StatusNotFound && resp.Code != minio.NoSuchBucket) {
		return ErrNotFound
	}
	return err
}

// s3Object keeps its own position, so that seeking is free until the next
// Read (http.ServeContent seeks to the end to learn the size and back), and
// so that seeking past the end behaves as on a local file: minio-go's
// *Object refuses it.
type s3Object struct {
	obj  *minio.Object
	size int64
	mod  time.Time
	etag string
	pos  int64 // where the next Read starts
	at   int64 // where obj's stream is
}

func (o *s3Object) Read(p []byte) (int, error) {
	if o.pos >= o.size {
		return 0, io.EOF
	}
	if o.pos != o.at {
		if _, err := o.obj.Seek(o.pos, io.SeekStart); err != nil {
			return 0, fmt.Errorf("blob: seek: %w", err)
		}
		o.at = o.pos
	}
	n, err := o.obj.Read(p)
	o.pos += int64(n)
	o.at = o.pos
	return n, err
}

func (o *s3Object) Seek(off int64, whence int) (int64, error) {
	var abs int64
	switch whence {
	case io.SeekStart:
		abs = off
	case io.SeekCurrent:
		abs = o.pos + off
	case io.SeekEnd:
		abs = o.size + off
	default:
		return o.pos, errors.New("blob: seek: invalid whence")
	}
	if abs < 0 {
		return o.pos, errors.New("blob: seek: negative position")
	}
	o.pos = abs
	return abs, nil
}

func (o *s3Object) Close() error       { return o.obj.Close() }
func (o *s3Object) Size() int64        { return o.size }
func (o *s3Object) ModTime() time.Time { return o.mod }

// ETag is the storage's own entity tag, quoted for HTTP.
func (o *s3Object) ETag() string {
	if o.etag == "" {
		return ""
	}
	return `"` + o.etag + `"`
}
