package httpapi_test

import (
	"bytes"
	"mime/multipart"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
)

// uploadForm is a multipart upload of a small PDF, so that a refusal is
// about who asks and what they name, not about the file.
func uploadForm(fields map[string]string, name string, content []byte) apptest.Body {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, k := range []string{"type", "description", "customPartName"} {
		if v, ok := fields[k]; ok {
			_ = w.WriteField(k, v)
		}
	}
	f, _ := w.CreateFormFile("file", name)
	_, _ = f.Write(content)
	_ = w.Close()
	return apptest.Body{ContentType: w.FormDataContentType(), Data: b.Bytes()}
}

var tinyPDF = []byte("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")

func init() {
	for k, v := range map[string]route{
		"UploadAttachment":      {"POST", "/api/v1/choirs/{A}/music/nope/attachments", uploadForm(nil, "score.pdf", tinyPDF), inChoir(access.EditMusic, 404)},
		"UpdateAttachment":      {"PATCH", "/api/v1/choirs/{A}/music/nope/attachments/nope", map[string]any{"description": "x"}, inChoir(access.EditMusic, 404)},
		"ReplaceAttachmentFile": {"PUT", "/api/v1/choirs/{A}/music/nope/attachments/nope/file", uploadForm(nil, "score.pdf", tinyPDF), inChoir(access.EditMusic, 404)},
		"DeleteAttachment":      {"DELETE", "/api/v1/choirs/{A}/music/nope/attachments/nope", nil, inChoir(access.EditMusic, 404)},
		"DownloadAttachment":    {"GET", "/api/v1/choirs/{A}/music/nope/attachments/nope/file", nil, inChoir(access.ViewMusic, 404)},
		"GetMusicStorage":       {"GET", "/api/v1/choirs/{A}/music/storage", nil, inChoir(access.ViewMusic, 200)},
		"DeleteMusic":           {"DELETE", "/api/v1/choirs/{A}/music/nope", nil, inChoir(access.EditMusic, 404)},
		"BulkDeleteMusic":       {"POST", "/api/v1/choirs/{A}/music/bulk-delete", map[string]any{"ids": []string{"nope"}}, inChoir(access.EditMusic, 200)},
	} {
		matrix[k] = v
	}
}
