package httpapi

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/blob"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/music"
)

// The music library's files: attachments, their upload and download, the
// choir's storage, and deleting pieces (which deletes their files first).

// attachmentOut is an attachment as the API shows it.
func attachmentOut(a music.Attachment) api.Attachment {
	out := api.Attachment{Id: a.ID, MusicId: a.MusicID, FileName: a.FileName, Type: api.AttachmentType(a.Type),
		ContentType: a.ContentType, SizeBytes: a.SizeBytes, Description: a.Description, CustomPartName: a.CustomPartName,
		CreatedAt: a.CreatedAt}
	if a.CreatedBy != "" {
		out.CreatedBy = &a.CreatedBy
	}
	if !a.UpdatedAt.IsZero() {
		out.UpdatedAt = &a.UpdatedAt
	}
	return out
}

// isUpload says whether a request uploads a file: limitBody leaves those
// to the upload limit, which music.Service enforces as the file streams in.
// Only a multipart body is exempt: any other body on these routes (JSON,
// which refuseControlCharacters reads whole) keeps the API's limit.
func isUpload(r *http.Request) bool {
	p := r.URL.Path
	return (r.Method == http.MethodPost && strings.HasSuffix(p, "/attachments") ||
		r.Method == http.MethodPut && strings.HasSuffix(p, "/file")) &&
		strings.HasPrefix(p, "/api/v1/choirs/") && strings.Contains(p, "/music/") &&
		strings.HasPrefix(strings.ToLower(r.Header.Get("Content-Type")), "multipart/form-data")
}

// maxFormField bounds each text field before the file, and maxFormFields
// how many there may be: only the file is allowed to be large.
const (
	maxFormField  = 4 << 10
	maxFormFields = 10
)

// readUpload reads the form's fields up to the file part (which comes last)
// and returns them with that part, unread. A file sent before its fields
// is taken with the fields read so far.
func readUpload(mr *multipart.Reader) (music.Upload, io.Reader, error) {
	var in music.Upload
	for range maxFormFields + 1 {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return in, nil, apperr.Validation(map[string]string{"file": music.MsgFileRequired}, "file")
		}
		if err != nil {
			return in, nil, apperr.New(apperr.Invalid, apperr.CodeValidation, "The upload could not be read: "+err.Error())
		}
		name := part.FormName()
		if name == "file" {
			in.FileName = part.FileName()
			return in, part, nil
		}
		b, err := io.ReadAll(io.LimitReader(part, maxFormField+1))
		if err != nil {
			return in, nil, apperr.New(apperr.Invalid, apperr.CodeValidation, "The upload could not be read: "+err.Error())
		}
		if len(b) > maxFormField {
			return in, nil, apperr.Validation(map[string]string{name: "This field is too long."}, name)
		}
		v := string(b)
		if hasControl(v) {
			return in, nil, apperr.Validation(map[string]string{name: MsgControlCharacters}, name)
		}
		switch name {
		case "type":
			in.Type = strings.TrimSpace(v)
		case "description":
			in.Description = v
		case "customPartName":
			in.CustomPartName = v
		}
	}
	return in, nil, apperr.New(apperr.Invalid, apperr.CodeValidation, "The upload has too many fields.")
}

// checkUploadSize refuses, before reading it, a body announced as larger
// than any file allowed (plus room for the form around the file).
func (s *Server) checkUploadSize(ctx context.Context) error {
	if n := requestFrom(ctx).r.ContentLength; n > s.music.MaxUploadBytes()+maxFormFields*maxFormField+64<<10 {
		return s.music.TooLarge()
	}
	return nil
}

// minDrain is the least refuseUpload reads of a refused upload's body.
const minDrain = 64 << 20

// refuseUpload answers a refused upload. A browser sends the whole body
// before it reads the answer; a server that answers early and closes with
// the body unread resets the connection, and the browser shows the reset
// instead of the answer's words. So the rest of the body is read and thrown
// away first, up to the upload limit again (64 MiB at least): a body
// announced as larger is not read, and a longer one is cut, as before.
func (s *Server) refuseUpload(ctx context.Context, err error) error {
	r := requestFrom(ctx).r
	drain := max(s.music.MaxUploadBytes(), minDrain)
	if r.ContentLength <= drain && ctx.Err() == nil {
		_, _ = io.CopyN(io.Discard, r.Body, drain)
	}
	return err
}

// UploadAttachment streams a file onto a piece.
func (s *Server) UploadAttachment(ctx context.Context, in api.UploadAttachmentRequestObject) (api.UploadAttachmentResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	if err := s.checkUploadSize(ctx); err != nil {
		return nil, s.refuseUpload(ctx, err)
	}
	up, file, err := readUpload(in.Body)
	if err != nil {
		return nil, s.refuseUpload(ctx, err)
	}
	a, err := s.music.AddAttachment(ctx, in.ChoirId, in.MusicId, requestFrom(ctx).user.ID, up, file)
	if err != nil {
		return nil, s.refuseUpload(ctx, err)
	}
	return api.UploadAttachment201JSONResponse(attachmentOut(a)), nil
}

// ReplaceAttachmentFile stores a new file for an attachment.
func (s *Server) ReplaceAttachmentFile(ctx context.Context, in api.ReplaceAttachmentFileRequestObject) (api.ReplaceAttachmentFileResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	if err := s.checkUploadSize(ctx); err != nil {
		return nil, s.refuseUpload(ctx, err)
	}
	up, file, err := readUpload(in.Body)
	if err != nil {
		return nil, s.refuseUpload(ctx, err)
	}
	a, err := s.music.ReplaceFile(ctx, in.ChoirId, in.MusicId, in.AttachmentId, up, file)
	if err != nil {
		return nil, s.refuseUpload(ctx, err)
	}
	return api.ReplaceAttachmentFile200JSONResponse(attachmentOut(a)), nil
}

// UpdateAttachment changes an attachment's type, description or part name.
func (s *Server) UpdateAttachment(ctx context.Context, in api.UpdateAttachmentRequestObject) (api.UpdateAttachmentResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	ch := music.AttachmentChange{Description: in.Body.Description, CustomPartName: in.Body.CustomPartName}
	if in.Body.Type != nil {
		t := string(*in.Body.Type)
		ch.Type = &t
	}
	a, err := s.music.UpdateAttachment(ctx, in.ChoirId, in.MusicId, in.AttachmentId, ch)
	if err != nil {
		return nil, err
	}
	return api.UpdateAttachment200JSONResponse(attachmentOut(a)), nil
}

// DeleteAttachment removes an attachment and its file.
func (s *Server) DeleteAttachment(ctx context.Context, in api.DeleteAttachmentRequestObject) (api.DeleteAttachmentResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	if err := s.music.DeleteAttachment(ctx, in.ChoirId, in.MusicId, in.AttachmentId); err != nil {
		return nil, err
	}
	return api.DeleteAttachment204Response{}, nil
}

// DownloadAttachment serves an attachment's file, with ranges, to those
// who may see the piece. Files are only ever served through here, never
// from a public address of the store.
func (s *Server) DownloadAttachment(ctx context.Context, in api.DownloadAttachmentRequestObject) (api.DownloadAttachmentResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	a, obj, err := s.music.OpenFile(ctx, in.ChoirId, in.MusicId, in.AttachmentId)
	if err != nil {
		return nil, err
	}
	inline := !deref(in.Params.Download) && showsInline(a.ContentType)
	return fileResponse{r: requestFrom(ctx).r, obj: obj, a: a, inline: inline}, nil
}

// showsInline says whether a browser may open a file in the page: PDFs and
// recordings, which it shows with its own viewer and player. MusicXML is
// always saved instead: as an XML type a browser would render it as a
// document of this origin, and an uploaded document must never run here.
func showsInline(contentType string) bool {
	return contentType == "application/pdf" || strings.HasPrefix(contentType, "audio/")
}

// fileResponse writes a stored file with blob.Serve, which answers the
// request's Range and conditional headers (200, 206, 304 or 416).
type fileResponse struct {
	r      *http.Request
	obj    blob.Object
	a      music.Attachment
	inline bool
}

func (f fileResponse) VisitDownloadAttachmentResponse(w http.ResponseWriter) error {
	defer f.obj.Close()
	blob.Serve(w, f.r, f.obj, f.a.FileName, f.a.ContentType, f.inline)
	return nil
}

// GetMusicStorage answers the bytes the choir stores and the upload limit.
// No plan limits a choir's storage yet (billing is off, plans come later),
// so limitBytes stays absent.
func (s *Server) GetMusicStorage(ctx context.Context, in api.GetMusicStorageRequestObject) (api.GetMusicStorageResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	used, err := s.music.StorageUsed(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.GetMusicStorage200JSONResponse{UsedBytes: used, MaxUploadBytes: s.music.MaxUploadBytes()}, nil
}

// DeleteMusic deletes a piece with its files.
func (s *Server) DeleteMusic(ctx context.Context, in api.DeleteMusicRequestObject) (api.DeleteMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	if err := s.music.Delete(ctx, in.ChoirId, in.MusicId); err != nil {
		return nil, err
	}
	return api.DeleteMusic204Response{}, nil
}

// BulkDeleteMusic deletes pieces one by one and says which failed.
func (s *Server) BulkDeleteMusic(ctx context.Context, in api.BulkDeleteMusicRequestObject) (api.BulkDeleteMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	res, err := s.music.BulkDelete(ctx, in.ChoirId, in.Body.Ids)
	if err != nil {
		return nil, err
	}
	out := api.BulkDeleteMusic200JSONResponse{Done: res.Done, Failed: make([]struct {
		Id      string `json:"id"`
		Message string `json:"message"`
	}, len(res.Failed))}
	for i, f := range res.Failed {
		out.Failed[i].Id, out.Failed[i].Message = f.ID, f.Message
	}
	return out, nil
}
