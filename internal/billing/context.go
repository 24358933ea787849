package billing

import "context"

// The HTTP layer puts the billing service into each request's context, so
// that code far from it (the analytics gate, the checkout's plan change)
// asks with the plain signatures below; a context without it is billing
// off: nothing limited.
type ctxKey struct{}

// WithService returns ctx carrying s (nil: billing off).
func WithService(ctx context.Context, s *Service) context.Context {
	return context.WithValue(ctx, ctxKey{}, s)
}

// FromContext is the service ctx carries, or nil (billing off).
func FromContext(ctx context.Context) *Service {
	s, _ := ctx.Value(ctxKey{}).(*Service)
	return s
}

// CanSwitch refuses switching a choir to plan while its members (counting
// pending invitations) or files do not fit the plan. Nil when they fit or
// billing is off.
func CanSwitch(ctx context.Context, choirID, plan string) error {
	return FromContext(ctx).CanSwitch(ctx, choirID, plan)
}

// AdvancedAllowed says whether a choir's plan includes advanced analytics
// (the large plan; a comped choir; always with billing off). A failure to
// read the plan closes the gate.
func AdvancedAllowed(ctx context.Context, choirID string) bool {
	ok, err := FromContext(ctx).AdvancedAllowed(ctx, choirID)
	return ok && err == nil
}
