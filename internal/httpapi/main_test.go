package httpapi_test

import (
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

func TestMain(m *testing.M) { apptest.Main(m) }
