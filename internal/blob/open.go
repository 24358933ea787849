package blob

import (
	"context"

	"github.com/cantica/cantica/internal/config"
)

// maxParts is S3's limit on the parts of one multipart upload.
const maxParts = 10000

// Open returns the store the configuration names: S3 when an endpoint is
// set, else the local directory.
func Open(ctx context.Context, cfg config.BlobConfig) (Store, error) {
	if !cfg.UsesS3() {
		return NewLocal(cfg.Dir)
	}
	return NewS3(ctx, S3Config{
		Endpoint:  cfg.S3.Endpoint,
		Bucket:    cfg.S3.Bucket,
		AccessKey: cfg.S3.AccessKey,
		SecretKey: cfg.S3.SecretKey,
		Region:    cfg.S3.Region,
		UseSSL:    cfg.S3.UseSSL,
		PartSize:  partSizeFor(cfg.MaxUploadBytes),
	})
}

// partSizeFor is the smallest part size (so the least memory per upload)
// with which the largest allowed upload still fits in S3's 10,000 parts:
// 5 MiB up to a limit of about 48 GiB.
func partSizeFor(maxUpload int64) uint64 {
	size := uint64(MinPartSize)
	if maxUpload > 0 {
		if need := (uint64(maxUpload) + maxParts - 1) / maxParts; need > size {
			size = (need + 1<<20 - 1) &^ (1<<20 - 1) // whole MiB
		}
	}
	return size
}
