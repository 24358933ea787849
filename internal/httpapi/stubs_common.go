package httpapi

import "errors"

// errNotYet is what the placeholders of issue 17 answer until their handlers land.
var errNotYet = errors.New("not implemented yet")
