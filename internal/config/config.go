// Package config reads Cantica's settings from the environment (and flags that
// mirror it) into one typed Config, refusing bad values with a message that
// names the variable.
package config

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// Database kinds.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Config is everything the server needs to start.
type Config struct {
	Addr    string   // CANTICA_ADDR
	DataDir string   // CANTICA_DATA_DIR
	BaseURL *url.URL // CANTICA_BASE_URL, without a trailing slash

	Database DatabaseConfig // from CANTICA_DATABASE_URL
	SMTPURL  *url.URL       // CANTICA_SMTP_URL; nil means outbox mode
	MailFrom string         // CANTICA_MAIL_FROM

	// TrustedProxies are the reverse proxies whose X-Forwarded-For names the
	// real client (CANTICA_TRUSTED_PROXIES).
	TrustedProxies []netip.Prefix

	Google    OIDCProvider // CANTICA_GOOGLE_*
	Microsoft OIDCProvider // CANTICA_MICROSOFT_*

	LogLevel slog.Level // CANTICA_LOG_LEVEL

	// MetricsAddr is where Prometheus metrics are served, apart from the
	// public address (CANTICA_METRICS_ADDR); empty serves none.
	MetricsAddr string

	// WebDir is a web build (web/dist) to serve instead of the one built into
	// the binary (CANTICA_WEB_DIR); empty serves the built-in one. For trying a
	// new web build without building the binary, and for the end-to-end test
	// of the app's "new version" flow.
	WebDir string

	Blob BlobConfig // CANTICA_FILES_DIR, CANTICA_S3_*, CANTICA_MAX_UPLOAD_MB

	Billing BillingConfig // CANTICA_BILLING, CANTICA_STRIPE_*
}

// BlobConfig says where uploaded files (scores, recordings) are kept: a local
// directory, or S3-compatible object storage when S3.Endpoint is set.
type BlobConfig struct {
	Dir string     // CANTICA_FILES_DIR; unused when S3 is configured
	S3  S3Settings // CANTICA_S3_*

	// MaxUploadBytes is the largest file one upload may carry
	// (CANTICA_MAX_UPLOAD_MB, in MiB). The default of 200 MiB is sized for
	// a choir's full-length WAV recordings: 20 minutes of 16-bit 44.1 kHz
	// stereo is about 200 MiB, and scores and compressed audio are far smaller.
	MaxUploadBytes int64
}

// UsesS3 says whether files go to S3-compatible storage rather than Dir.
func (b BlobConfig) UsesS3() bool { return b.S3.Endpoint != "" }

// S3Settings is the S3-compatible storage to use; the zero value means none.
type S3Settings struct {
	Endpoint  string // CANTICA_S3_ENDPOINT, host or host:port, no scheme
	Bucket    string // CANTICA_S3_BUCKET
	AccessKey string // CANTICA_S3_ACCESS_KEY
	SecretKey string // CANTICA_S3_SECRET_KEY
	Region    string // CANTICA_S3_REGION
	UseSSL    bool   // CANTICA_S3_USE_SSL
}

// OIDCProvider is one social sign-in provider. It is enabled only when both
// its client id and secret are set.
type OIDCProvider struct {
	ClientID     string
	ClientSecret string
	// Issuer is the OpenID issuer URL (Google) or the authority base URL
	// (Microsoft, without the tenant). Tests point it at a local provider.
	Issuer string
	Tenant string // Microsoft only: common, organizations, consumers or a tenant id
}

// Enabled says whether the provider is configured.
func (p OIDCProvider) Enabled() bool { return p.ClientID != "" && p.ClientSecret != "" }

// DatabaseConfig says which database to open and how.
type DatabaseConfig struct {
	Kind string // SQLite or Postgres
	// For SQLite, the file path; for PostgreSQL, the connection URL.
	DSN string
	// MaxConns is how many connections may be open at once
	// (CANTICA_DB_MAX_CONNS): PostgreSQL's whole pool, or SQLite's readers
	// beside its one writer. Zero means DefaultDBMaxConns().
	MaxConns int
}

// Error is a bad setting: it names the variable and what is wrong.
type Error struct {
	Name    string
	Problem string
}

func (e *Error) Error() string { return e.Name + ": " + e.Problem }

// Defaults, as the README documents them.
const (
	DefaultAddr    = ":8080"
	DefaultDataDir = "./data"
	DefaultBaseURL = "http://localhost:8080"

	// DefaultS3Bucket is the bucket the specification names for attachments.
	DefaultS3Bucket    = "music-attachments"
	DefaultS3Region    = "us-east-1"
	DefaultMaxUploadMB = 200

	// maxDBMaxConns keeps CANTICA_DB_MAX_CONNS under PostgreSQL's own
	// default limit of 100 connections, shared with other clients.
	maxDBMaxConns = 90

	// maxUploadMB caps CANTICA_MAX_UPLOAD_MB at 1 TiB, far past any choir's
	// file, so that the byte count cannot overflow.
	maxUploadMB = 1 << 20
)

// DefaultDBMaxConns is how many database connections a server keeps at
// most unless told (CANTICA_DB_MAX_CONNS): twice the processors it may use,
// at least 4. A request holds one connection at a time, for a statement
// or a transaction; more statements at once than the cores can run only
// queue inside the database, where they cost more than here: on a 2-core
// machine serving the calendar's load test, 20 PostgreSQL connections took
// nearly twice the database's CPU per request that 4 did.
func DefaultDBMaxConns() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// Load reads the configuration. getenv is os.Getenv in production; args are
// the command-line flags after the subcommand, which override the environment.
func Load(getenv func(string) string, args []string) (Config, error) {
	raw := map[string]string{
		"CANTICA_ADDR":            envOr(getenv, "CANTICA_ADDR", DefaultAddr),
		"CANTICA_DATA_DIR":        envOr(getenv, "CANTICA_DATA_DIR", DefaultDataDir),
		"CANTICA_DATABASE_URL":    getenv("CANTICA_DATABASE_URL"),
		"CANTICA_BASE_URL":        envOr(getenv, "CANTICA_BASE_URL", DefaultBaseURL),
		"CANTICA_SMTP_URL":        getenv("CANTICA_SMTP_URL"),
		"CANTICA_MAIL_FROM":       getenv("CANTICA_MAIL_FROM"),
		"CANTICA_TRUSTED_PROXIES": getenv("CANTICA_TRUSTED_PROXIES"),
		"CANTICA_LOG_LEVEL":       getenv("CANTICA_LOG_LEVEL"),
		"CANTICA_METRICS_ADDR":    getenv("CANTICA_METRICS_ADDR"),
		"CANTICA_DB_MAX_CONNS":    getenv("CANTICA_DB_MAX_CONNS"),
		"CANTICA_WEB_DIR":         getenv("CANTICA_WEB_DIR"),
	}
	if err := parseFlags(raw, args); err != nil {
		return Config{}, err
	}

	var cfg Config
	var err error
	if cfg.Addr, err = parseAddr(raw["CANTICA_ADDR"]); err != nil {
		return Config{}, &Error{"CANTICA_ADDR", err.Error()}
	}
	if cfg.DataDir = strings.TrimSpace(raw["CANTICA_DATA_DIR"]); cfg.DataDir == "" {
		return Config{}, &Error{"CANTICA_DATA_DIR", "must not be empty"}
	}
	if cfg.Database, err = parseDatabase(raw["CANTICA_DATABASE_URL"], cfg.DataDir); err != nil {
		return Config{}, &Error{"CANTICA_DATABASE_URL", err.Error()}
	}
	if cfg.Database.MaxConns, err = parseMaxConns(raw["CANTICA_DB_MAX_CONNS"]); err != nil {
		return Config{}, &Error{"CANTICA_DB_MAX_CONNS", err.Error()}
	}
	if cfg.BaseURL, err = parseBaseURL(raw["CANTICA_BASE_URL"]); err != nil {
		return Config{}, &Error{"CANTICA_BASE_URL", err.Error()}
	}
	if cfg.SMTPURL, err = parseSMTP(raw["CANTICA_SMTP_URL"]); err != nil {
		return Config{}, &Error{"CANTICA_SMTP_URL", err.Error()}
	}
	if cfg.MailFrom, err = parseMailFrom(raw["CANTICA_MAIL_FROM"], cfg.BaseURL); err != nil {
		return Config{}, &Error{"CANTICA_MAIL_FROM", err.Error()}
	}
	if cfg.TrustedProxies, err = parseProxies(raw["CANTICA_TRUSTED_PROXIES"]); err != nil {
		return Config{}, &Error{"CANTICA_TRUSTED_PROXIES", err.Error()}
	}
	if cfg.Google, err = parseProvider(getenv, "CANTICA_GOOGLE", "https://accounts.google.com"); err != nil {
		return Config{}, err
	}
	if cfg.Microsoft, err = parseProvider(getenv, "CANTICA_MICROSOFT", "https://login.microsoftonline.com"); err != nil {
		return Config{}, err
	}
	cfg.Microsoft.Tenant = envOr(getenv, "CANTICA_MICROSOFT_TENANT", "common")
	if cfg.LogLevel, err = parseLogLevel(raw["CANTICA_LOG_LEVEL"]); err != nil {
		return Config{}, &Error{"CANTICA_LOG_LEVEL", err.Error()}
	}
	if m := strings.TrimSpace(raw["CANTICA_METRICS_ADDR"]); m != "" {
		if cfg.MetricsAddr, err = parseAddr(m); err != nil {
			return Config{}, &Error{"CANTICA_METRICS_ADDR", err.Error()}
		}
		if cfg.MetricsAddr == cfg.Addr {
			return Config{}, &Error{"CANTICA_METRICS_ADDR", "must differ from CANTICA_ADDR: metrics are kept off the public address"}
		}
	}
	if cfg.WebDir, err = parseWebDir(raw["CANTICA_WEB_DIR"]); err != nil {
		return Config{}, &Error{"CANTICA_WEB_DIR", err.Error()}
	}
	if cfg.Blob, err = parseBlob(getenv, cfg.DataDir); err != nil {
		return Config{}, err
	}
	if cfg.Billing, err = parseBilling(getenv); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// parseWebDir accepts a directory holding a web build: its index.html, which
// every signed-in page is, must be there.
func parseWebDir(v string) (string, error) {
	dir := strings.TrimSpace(v)
	if dir == "" {
		return "", nil
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return "", fmt.Errorf("%q must be a directory holding a web build (web/dist, with its index.html)", dir)
	}
	return dir, nil
}

func envOr(getenv func(string) string, name, fallback string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return fallback
}

// flagNames maps each flag to the variable it mirrors.
var flagNames = map[string]string{
	"addr":         "CANTICA_ADDR",
	"data-dir":     "CANTICA_DATA_DIR",
	"database-url": "CANTICA_DATABASE_URL",
	"base-url":     "CANTICA_BASE_URL",
	"smtp-url":     "CANTICA_SMTP_URL",
	"db-max-conns": "CANTICA_DB_MAX_CONNS",
}

func parseFlags(raw map[string]string, args []string) error {
	fs := flag.NewFlagSet("cantica", flag.ContinueOnError)
	fs.SetOutput(new(strings.Builder)) // the caller prints the one-line error
	values := map[string]*string{}
	for name, env := range flagNames {
		values[name] = fs.String(name, raw[env], "overrides "+env)
	}
	if err := fs.Parse(args); err != nil {
		return &Error{"flags", err.Error()}
	}
	if fs.NArg() > 0 {
		return &Error{"flags", fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	for name, v := range values {
		raw[flagNames[name]] = *v
	}
	return nil
}

// Usage describes the flags for `cantica help`.
func Usage() string {
	var b strings.Builder
	for _, name := range []string{"addr", "data-dir", "database-url", "base-url", "smtp-url", "db-max-conns"} {
		fmt.Fprintf(&b, "  -%-14s overrides %s\n", name, flagNames[name])
	}
	return b.String()
}

func parseAddr(s string) (string, error) {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return "", fmt.Errorf("%q is not host:port (for example :8080 or 127.0.0.1:8080)", s)
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 {
		return "", fmt.Errorf("%q has no valid port number (0 to 65535)", s)
	}
	if strings.ContainsAny(host, " /") {
		return "", fmt.Errorf("%q has an invalid host", s)
	}
	return s, nil
}

func parseDatabase(s, dataDir string) (DatabaseConfig, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return DatabaseConfig{Kind: SQLite, DSN: filepath.Join(dataDir, "cantica.db")}, nil
	case strings.HasPrefix(s, "postgres://"), strings.HasPrefix(s, "postgresql://"):
		u, err := url.Parse(s)
		if err != nil {
			return DatabaseConfig{}, errors.New("is not a valid postgres:// URL")
		}
		if u.Host == "" && u.Query().Get("host") == "" {
			return DatabaseConfig{}, errors.New("postgres:// URL has no host")
		}
		return DatabaseConfig{Kind: Postgres, DSN: s}, nil
	case strings.HasPrefix(s, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(s, "sqlite:"), "//")
		if path == "" {
			return DatabaseConfig{}, errors.New("sqlite: URL has no file path (for example sqlite:/var/lib/cantica/cantica.db)")
		}
		return DatabaseConfig{Kind: SQLite, DSN: path}, nil
	default:
		scheme, _, found := strings.Cut(s, "://")
		if !found {
			scheme = s
		}
		return DatabaseConfig{}, fmt.Errorf("unsupported database %q: use a postgres:// URL, a sqlite:PATH, or leave it empty for SQLite in the data directory", scheme)
	}
}

func parseMaxConns(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultDBMaxConns(), nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxDBMaxConns {
		return 0, fmt.Errorf("%q is not a whole number of connections from 1 to %d", s, maxDBMaxConns)
	}
	return n, nil
}

func parseBaseURL(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%q is not an absolute http:// or https:// URL", s)
	}
	if u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return nil, fmt.Errorf("%q must not carry a query, fragment or user info", s)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	return u, nil
}

func parseSMTP(s string) (*url.URL, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, errors.New("must be smtp://[user:password@]host[:port] or smtps://…; leave it empty to keep mail in the outbox")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("port %q is not a valid port number", p)
		}
	}
	return u, nil
}

func parseMailFrom(s string, base *url.URL) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "Cantica <no-reply@" + base.Hostname() + ">", nil
	}
	if _, err := mail.ParseAddress(s); err != nil {
		return "", fmt.Errorf("%q is not an email address (for example Cantica <choir@example.org>)", s)
	}
	return s, nil
}

// logLevels are the levels the README lists; empty is info.
var logLevels = map[string]slog.Level{
	"": slog.LevelInfo, "debug": slog.LevelDebug, "info": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError,
}

func parseLogLevel(s string) (slog.Level, error) {
	l, ok := logLevels[strings.ToLower(strings.TrimSpace(s))]
	if !ok {
		return 0, fmt.Errorf("%q is not a log level: use debug, info, warn or error", s)
	}
	return l, nil
}

// parseProxies reads a comma-separated list of addresses or CIDR ranges.
func parseProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if p, err := netip.ParsePrefix(part); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return nil, fmt.Errorf("%q is not an IP address or CIDR range (for example 127.0.0.1,10.0.0.0/8)", part)
		}
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// parseProvider reads PREFIX_CLIENT_ID, PREFIX_CLIENT_SECRET and PREFIX_ISSUER.
func parseProvider(getenv func(string) string, prefix, defaultIssuer string) (OIDCProvider, error) {
	p := OIDCProvider{
		ClientID:     strings.TrimSpace(getenv(prefix + "_CLIENT_ID")),
		ClientSecret: strings.TrimSpace(getenv(prefix + "_CLIENT_SECRET")),
		Issuer:       strings.TrimRight(envOr(getenv, prefix+"_ISSUER", defaultIssuer), "/"),
	}
	if (p.ClientID == "") != (p.ClientSecret == "") {
		missing := prefix + "_CLIENT_SECRET"
		if p.ClientID == "" {
			missing = prefix + "_CLIENT_ID"
		}
		return p, &Error{missing, "must be set too, or neither (social sign-in stays off)"}
	}
	if u, err := url.Parse(p.Issuer); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return p, &Error{prefix + "_ISSUER", fmt.Sprintf("%q is not an absolute URL", p.Issuer)}
	}
	return p, nil
}

// PublicURL joins a path onto the base URL, for links in emails.
func (c Config) PublicURL(path string) string {
	return c.BaseURL.String() + "/" + strings.TrimLeft(path, "/")
}

// parseBlob reads the file storage settings. S3 is used only when
// CANTICA_S3_ENDPOINT is set; the other CANTICA_S3_* variables are then
// checked, and otherwise ignored.
func parseBlob(getenv func(string) string, dataDir string) (BlobConfig, error) {
	b := BlobConfig{Dir: strings.TrimSpace(getenv("CANTICA_FILES_DIR"))}
	if b.Dir == "" {
		b.Dir = filepath.Join(dataDir, "files")
	}

	mb := strings.TrimSpace(getenv("CANTICA_MAX_UPLOAD_MB"))
	if mb == "" {
		b.MaxUploadBytes = DefaultMaxUploadMB << 20
	} else {
		n, err := strconv.ParseInt(mb, 10, 64)
		if err != nil || n < 1 {
			return b, &Error{"CANTICA_MAX_UPLOAD_MB", fmt.Sprintf("%q is not a positive whole number of megabytes (MiB), for example 200", mb)}
		}
		if n > maxUploadMB {
			return b, &Error{"CANTICA_MAX_UPLOAD_MB", fmt.Sprintf("%d is too large: at most %d (1 TiB)", n, maxUploadMB)}
		}
		b.MaxUploadBytes = n << 20
	}

	endpoint := strings.TrimSpace(getenv("CANTICA_S3_ENDPOINT"))
	if endpoint == "" {
		return b, nil
	}
	if err := checkS3Endpoint(endpoint); err != nil {
		return b, &Error{"CANTICA_S3_ENDPOINT", err.Error()}
	}
	s3 := S3Settings{
		Endpoint:  endpoint,
		Bucket:    strings.TrimSpace(envOr(getenv, "CANTICA_S3_BUCKET", DefaultS3Bucket)),
		AccessKey: strings.TrimSpace(getenv("CANTICA_S3_ACCESS_KEY")),
		SecretKey: strings.TrimSpace(getenv("CANTICA_S3_SECRET_KEY")),
		Region:    strings.TrimSpace(envOr(getenv, "CANTICA_S3_REGION", DefaultS3Region)),
		UseSSL:    true,
	}
	if !validBucketName(s3.Bucket) {
		return b, &Error{"CANTICA_S3_BUCKET", fmt.Sprintf("%q is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)", s3.Bucket)}
	}
	// Credentials are never echoed back in messages.
	if s3.AccessKey == "" {
		return b, &Error{"CANTICA_S3_ACCESS_KEY", "must be set when CANTICA_S3_ENDPOINT is set"}
	}
	if s3.SecretKey == "" {
		return b, &Error{"CANTICA_S3_SECRET_KEY", "must be set when CANTICA_S3_ENDPOINT is set"}
	}
	if v := strings.TrimSpace(getenv("CANTICA_S3_USE_SSL")); v != "" {
		ssl, err := strconv.ParseBool(v)
		if err != nil {
			return b, &Error{"CANTICA_S3_USE_SSL", fmt.Sprintf("%q is not true or false", v)}
		}
		s3.UseSSL = ssl
	}
	b.S3 = s3
	return b, nil
}

// checkS3Endpoint accepts host or host:port. A URL is refused rather than
// guessed at, because its scheme would contradict CANTICA_S3_USE_SSL.
func checkS3Endpoint(s string) error {
	if strings.Contains(s, "://") {
		return fmt.Errorf("%q must be host or host:port without a scheme (for example minio.internal:9000); CANTICA_S3_USE_SSL chooses https or http", s)
	}
	if strings.ContainsAny(s, "/ ?#@") {
		return fmt.Errorf("%q must be host or host:port, without a path", s)
	}
	if host, port, err := net.SplitHostPort(s); err == nil {
		n, err := strconv.Atoi(port)
		if host == "" || err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("%q has no valid host and port (1 to 65535)", s)
		}
	} else if strings.Contains(s, ":") && !strings.HasPrefix(s, "[") {
		return fmt.Errorf("%q is not host or host:port", s)
	}
	return nil
}

// validBucketName is the S3 naming rule, so that a typo fails at start-up
// rather than at the first upload.
func validBucketName(s string) bool {
	if len(s) < 3 || len(s) > 63 {
		return false
	}
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case (c == '.' || c == '-') && i > 0 && i < len(s)-1:
		default:
			return false
		}
	}
	return true
}
