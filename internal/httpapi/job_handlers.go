package httpapi

import (
	"context"
	"errors"

	"github.com/cantica/cantica/internal/apperr"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/jobs"
)

// MsgJobNotFailed answers a retry of a job that is not waiting for one.
const MsgJobNotFailed = "That job has not failed: it is done, or already waiting to run."

// GetJobQueue shows a global admin how the job queue stands.
func (s *Server) GetJobQueue(ctx context.Context, _ api.GetJobQueueRequestObject) (api.GetJobQueueResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	q, err := s.jobQueueOut(ctx)
	if err != nil {
		return nil, err
	}
	return api.GetJobQueue200JSONResponse(q), nil
}

// RetryJob gives a failed job a fresh set of attempts.
func (s *Server) RetryJob(ctx context.Context, in api.RetryJobRequestObject) (api.RetryJobResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	if err := s.jobs.Retry(ctx, in.JobId); errors.Is(err, jobs.ErrNotFailed) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgJobNotFailed)
	} else if err != nil {
		return nil, err
	}
	q, err := s.jobQueueOut(ctx)
	if err != nil {
		return nil, err
	}
	return api.RetryJob200JSONResponse(q), nil
}

func (s *Server) jobQueueOut(ctx context.Context) (api.JobQueue, error) {
	st, err := s.jobs.Stats(ctx)
	if err != nil {
		return api.JobQueue{}, err
	}
	out := api.JobQueue{Pending: st.Pending, Retrying: st.Retrying, Failed: st.Failed, Failures: make([]api.JobFailure, 0, len(st.Failures))}
	for _, f := range st.Failures {
		out.Failures = append(out.Failures, api.JobFailure{Id: f.ID, Kind: f.Kind, Attempts: f.Attempts, LastError: f.LastError, FailedAt: f.FailedAt, RunAt: f.RunAt})
	}
	return out, nil
}
