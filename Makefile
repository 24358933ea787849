# Cantica — see README.md. `make run` builds everything and serves on SQLite at
# http://localhost:8080; `make test` runs the whole test suite.

GO_PACKAGES := ./cmd/... ./internal/... ./web
WEB_DEPS    := web/node_modules/.installed
GENERATED   := internal/httpapi/apigen web/src/api/generated

.PHONY: all build web run test test-go test-web test-api test-budgets test-e2e lighthouse generate check-generated clean

all: build

# Web dependencies, installed exactly as locked, again whenever the lock changes.
$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

web: $(WEB_DEPS)
	cd web && npm run build
	@touch web/dist/.keep

build: web
	go build -trimpath -o bin/cantica ./cmd/cantica

run: build
	./bin/cantica serve

test: test-go test-web test-api test-budgets test-e2e

# Go tests on SQLite and on PostgreSQL (a throwaway cluster unless
# CANTICA_TEST_DATABASE_URL names one), the billing ones against stripe-mock
# (started unless CANTICA_TEST_STRIPE_MOCK_URL names one).
test-go:
	go vet -tags noui $(GO_PACKAGES)
	scripts/with-postgres.sh scripts/with-stripe-mock.sh go test -tags noui -count=1 -timeout 10m $(GO_PACKAGES)

test-web: $(WEB_DEPS)
	cd web && npm run typecheck && npm run lint && npm test

# Redocly's linter on the API description (api/redocly.yaml): any problem fails.
test-api: $(WEB_DEPS)
	cd web && npm run lint:api

# The JavaScript budgets of DESIGN.md, checked on the web build.
test-budgets: web
	cd web && npm run budgets

# End-to-end tests in Debian's Chromium against the real binary on a fresh SQLite.
test-e2e: build
	cd web && npm run e2e

# Lighthouse scores of /, /login, /dashboard and /dashboard/calendar (mobile and desktop)
# in Debian's Chromium; not part of make test, since scores depend on the machine.
lighthouse: build
	cd web && npm run lighthouse

generate: $(WEB_DEPS)
	go tool oapi-codegen -config api/oapi-codegen.yaml api/openapi.yaml
	cd web && npm run generate

# Fails when the generated code does not match api/openapi.yaml.
check-generated: generate
	@git add -N $(GENERATED) 2>/dev/null || true
	@git diff --exit-code --stat -- $(GENERATED) || \
		{ echo "Generated files are stale: run 'make generate' and commit the result." >&2; exit 1; }

clean:
	rm -rf bin web/node_modules web/test-results web/playwright-report web/lighthouse-reports
	find web/dist -mindepth 1 ! -name .keep -delete
