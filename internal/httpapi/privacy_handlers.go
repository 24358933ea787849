package httpapi

import (
	"context"
	"fmt"

	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/privacy"
)

// Your data (issue 30): every operation acts on the signed-in person's own
// data only, so none needs a choir permission; an export of someone else is
// "not found".

func dataExportOut(e privacy.Export) api.DataExport {
	return api.DataExport{Id: e.ID, Status: api.DataExportStatus(e.Status), SizeBytes: e.SizeBytes,
		CreatedAt: e.CreatedAt, ReadyAt: e.ReadyAt, ExpiresAt: e.ExpiresAt}
}

// GetYourData lists the person's exports and what stands in the way of deleting the account.
func (s *Server) GetYourData(ctx context.Context, _ api.GetYourDataRequestObject) (api.GetYourDataResponseObject, error) {
	u := requestFrom(ctx).user
	exports, err := s.privacy.Exports(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	alone, err := s.privacy.SoleAdminOf(ctx, s.db, u.ID)
	if err != nil {
		return nil, err
	}
	providers, err := s.auth.ReauthProviders(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	confirm := make([]api.YourDataConfirmProviders, len(providers))
	for i, p := range providers {
		confirm[i] = api.YourDataConfirmProviders(p)
	}
	out := api.GetYourData200JSONResponse{
		Exports:          make([]api.DataExport, len(exports)),
		SoleAdminOf:      alone,
		HasPassword:      u.HasPassword(),
		ConfirmProviders: confirm,
		ExportDays:       int(privacy.ExportLifetime.Hours() / 24),
		RestoreDays:      int(privacy.PurgeAfter.Hours() / 24),
	}
	for i, e := range exports {
		out.Exports[i] = dataExportOut(e)
	}
	if out.SoleAdminOf == nil {
		out.SoleAdminOf = []string{}
	}
	return out, nil
}

// RequestDataExport queues an export of the person's data.
func (s *Server) RequestDataExport(ctx context.Context, _ api.RequestDataExportRequestObject) (api.RequestDataExportResponseObject, error) {
	e, err := s.privacy.RequestExport(ctx, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	return api.RequestDataExport202JSONResponse(dataExportOut(*e)), nil
}

// DownloadDataExport streams one of the person's ready exports.
func (s *Server) DownloadDataExport(ctx context.Context, in api.DownloadDataExportRequestObject) (api.DownloadDataExportResponseObject, error) {
	req := requestFrom(ctx)
	e, obj, err := s.privacy.OpenExport(ctx, req.user.ID, in.ExportId)
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf("cantica-data-%s.zip", e.CreatedAt.UTC().Format("2006-01-02"))
	req.w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	req.w.Header().Set("Cache-Control", "private, no-store")
	return api.DownloadDataExport200ApplicationzipResponse{Body: obj, ContentLength: obj.Size()}, nil
}

// RequestAccountDeletion checks the password — or, for an account without
// one, spends the proof of a fresh provider sign-in this browser holds —
// deactivates the account and signs this browser out (the others were
// signed out with it).
func (s *Server) RequestAccountDeletion(ctx context.Context, in api.RequestAccountDeletionRequestObject) (api.RequestAccountDeletionResponseObject, error) {
	req := requestFrom(ctx)
	password := ""
	if in.Body != nil {
		password = deref(in.Body.Password)
	}
	confirmed := false
	if c, err := req.r.Cookie(s.cookies.reauth); err == nil && password == "" {
		ok, err := s.auth.ConsumeReauthProof(ctx, req.user, c.Value)
		if err != nil {
			return nil, err
		}
		s.cookies.clear(req.w, s.cookies.reauth)
		confirmed = ok
	}
	if !confirmed {
		if err := s.auth.ConfirmPassword(ctx, req.user, password); err != nil {
			return nil, err
		}
	}
	purgeAt, err := s.privacy.RequestDeletion(ctx, req.user)
	if err != nil {
		return nil, err
	}
	s.cookies.clear(req.w, s.cookies.session)
	s.cookies.clear(req.w, s.cookies.mfa)
	return api.RequestAccountDeletion200JSONResponse{PurgeAt: purgeAt}, nil
}
