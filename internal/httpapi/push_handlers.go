package httpapi

import (
	"context"

	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/push"
)

// Web Push (issue 31): every operation acts on the signed-in person's own
// browsers only, so none needs a choir permission; which notices a person
// gets follows their choirs' email switches, checked where the mail is made.

// GetPushPublicKey answers the VAPID public key browsers subscribe with.
func (s *Server) GetPushPublicKey(ctx context.Context, _ api.GetPushPublicKeyRequestObject) (api.GetPushPublicKeyResponseObject, error) {
	key, err := s.push.PublicKey(ctx)
	if err != nil {
		return nil, err
	}
	return api.GetPushPublicKey200JSONResponse{PublicKey: key}, nil
}

// SubscribePush keeps this browser's subscription for the caller.
func (s *Server) SubscribePush(ctx context.Context, in api.SubscribePushRequestObject) (api.SubscribePushResponseObject, error) {
	err := s.push.Subscribe(ctx, requestFrom(ctx).user.ID,
		push.Subscription{Endpoint: in.Body.Endpoint, P256dh: in.Body.Keys.P256dh, Auth: in.Body.Keys.Auth})
	if err != nil {
		return nil, err
	}
	return api.SubscribePush204Response{}, nil
}

// UnsubscribePush forgets the caller's subscription with this push address.
func (s *Server) UnsubscribePush(ctx context.Context, in api.UnsubscribePushRequestObject) (api.UnsubscribePushResponseObject, error) {
	if err := s.push.Unsubscribe(ctx, requestFrom(ctx).user.ID, in.Body.Endpoint); err != nil {
		return nil, err
	}
	return api.UnsubscribePush204Response{}, nil
}
