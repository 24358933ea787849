package config_test

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/config"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestDefaults(t *testing.T) {
	cfg, err := config.Load(env(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != ":8080" || cfg.DataDir != "./data" || cfg.BaseURL.String() != "http://localhost:8080" || cfg.SMTPURL != nil ||
		cfg.MetricsAddr != "" {
		t.Fatalf("defaults: %+v", cfg)
	}
	if cfg.Database.Kind != config.SQLite || cfg.Database.DSN != filepath.Join("./data", "cantica.db") ||
		cfg.Database.MaxConns != max(4, 2*runtime.GOMAXPROCS(0)) {
		t.Fatalf("default database: %+v", cfg.Database)
	}
	if got := cfg.PublicURL("/auth/callback"); got != "http://localhost:8080/auth/callback" {
		t.Fatalf("PublicURL: %s", got)
	}
}

func TestGoodValues(t *testing.T) {
	cfg, err := config.Load(env(map[string]string{
		"CANTICA_ADDR":         "127.0.0.1:9090",
		"CANTICA_DATA_DIR":     "/var/lib/cantica",
		"CANTICA_DATABASE_URL": "postgres://cantica:secret@db.internal:5432/cantica?sslmode=require",
		"CANTICA_BASE_URL":     "https://choir.example.org/",
		"CANTICA_SMTP_URL":     "smtp://mailer:pw@mail.example.org:587",
		"CANTICA_METRICS_ADDR": "127.0.0.1:9464",
		"CANTICA_DB_MAX_CONNS": " 4 ",
	}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:9090" || cfg.DataDir != "/var/lib/cantica" || cfg.MetricsAddr != "127.0.0.1:9464" {
		t.Fatalf("%+v", cfg)
	}
	if cfg.Database.Kind != config.Postgres || !strings.HasPrefix(cfg.Database.DSN, "postgres://cantica:secret@db.internal") ||
		cfg.Database.MaxConns != 4 {
		t.Fatalf("database: %+v", cfg.Database)
	}
	if cfg.BaseURL.String() != "https://choir.example.org" {
		t.Fatalf("base URL keeps a trailing slash: %s", cfg.BaseURL)
	}
	if cfg.SMTPURL == nil || cfg.SMTPURL.Host != "mail.example.org:587" {
		t.Fatalf("smtp: %v", cfg.SMTPURL)
	}
	if got := cfg.PublicURL("reset-password"); got != "https://choir.example.org/reset-password" {
		t.Fatalf("PublicURL: %s", got)
	}
}

func TestWebDir(t *testing.T) {
	load := func(dir string) (config.Config, error) {
		return config.Load(env(map[string]string{"CANTICA_WEB_DIR": dir}), nil)
	}
	if cfg, err := load(""); err != nil || cfg.WebDir != "" {
		t.Fatalf("unset: %q, %v", cfg.WebDir, err)
	}
	build := t.TempDir()
	if err := os.WriteFile(filepath.Join(build, "index.html"), []byte("<!doctype html>"), 0o600); err != nil {
		t.Fatal(err)
	}
	if cfg, err := load(build); err != nil || cfg.WebDir != build {
		t.Fatalf("a web build: %q, %v", cfg.WebDir, err)
	}
	// A folder that is no web build (a typo, the source folder) is refused at start, not served as 404s.
	for _, dir := range []string{t.TempDir(), filepath.Join(build, "missing")} {
		_, err := load(dir)
		var cfgErr *config.Error
		if !errors.As(err, &cfgErr) || cfgErr.Name != "CANTICA_WEB_DIR" || !strings.Contains(err.Error(), "index.html") {
			t.Fatalf("%s: %v", dir, err)
		}
	}
}

func TestLogLevel(t *testing.T) {
	for value, want := range map[string]slog.Level{
		"": slog.LevelInfo, "debug": slog.LevelDebug, "info": slog.LevelInfo, "WARN": slog.LevelWarn, " error ": slog.LevelError,
	} {
		cfg, err := config.Load(env(map[string]string{"CANTICA_LOG_LEVEL": value}), nil)
		if err != nil || cfg.LogLevel != want {
			t.Errorf("CANTICA_LOG_LEVEL=%q: %v %v, want %v", value, cfg.LogLevel, err, want)
		}
	}
}

func TestSQLiteURLAndDataDir(t *testing.T) {
	cfg, err := config.Load(env(map[string]string{"CANTICA_DATABASE_URL": "sqlite:/srv/cantica.db"}), nil)
	if err != nil || cfg.Database.Kind != config.SQLite || cfg.Database.DSN != "/srv/cantica.db" {
		t.Fatalf("%+v %v", cfg.Database, err)
	}
	cfg, err = config.Load(env(map[string]string{"CANTICA_DATA_DIR": "/tmp/x"}), nil)
	if err != nil || cfg.Database.DSN != "/tmp/x/cantica.db" {
		t.Fatalf("the SQLite file follows the data dir: %+v %v", cfg.Database, err)
	}
}

func TestFlagsOverrideEnvironment(t *testing.T) {
	cfg, err := config.Load(env(map[string]string{"CANTICA_ADDR": ":9000", "CANTICA_DB_MAX_CONNS": "30"}),
		[]string{"-addr", ":7000", "-base-url", "https://x.example", "-db-max-conns", "2"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != ":7000" || cfg.BaseURL.Host != "x.example" || cfg.Database.MaxConns != 2 {
		t.Fatalf("%+v", cfg)
	}
}

func TestBadValues(t *testing.T) {
	cases := []struct {
		name, value string
		mention     string // a word the one-line message must contain
	}{
		{"CANTICA_ADDR", "8080", "host:port"},
		{"CANTICA_ADDR", ":http-alt", "port"},
		{"CANTICA_ADDR", ":70000", "port"},
		{"CANTICA_DATA_DIR", "   ", "empty"},
		{"CANTICA_DATABASE_URL", "mysql://root@localhost/cantica", "mysql"},
		{"CANTICA_DATABASE_URL", "postgres://", "host"},
		{"CANTICA_DATABASE_URL", "sqlite:", "path"},
		{"CANTICA_BASE_URL", "localhost:8080", "absolute"},
		{"CANTICA_BASE_URL", "ftp://example.org", "absolute"},
		{"CANTICA_BASE_URL", "https://example.org/?x=1", "query"},
		{"CANTICA_SMTP_URL", "mail.example.org", "smtp://"},
		{"CANTICA_SMTP_URL", "smtp://mail.example.org:0", "port"},
		{"CANTICA_SMTP_URL", "http://mail.example.org", "smtp://"},
		{"CANTICA_TRUSTED_PROXIES", "10.0.0.0/8, proxy.local", "proxy.local"},
		{"CANTICA_LOG_LEVEL", "verbose", "debug, info, warn or error"},
		{"CANTICA_LOG_LEVEL", "info+2", "info+2"},
		{"CANTICA_METRICS_ADDR", "9464", "host:port"},
		{"CANTICA_METRICS_ADDR", ":8080", "must differ from CANTICA_ADDR"},
		{"CANTICA_DB_MAX_CONNS", "0", "from 1 to 90"},
		{"CANTICA_DB_MAX_CONNS", "-3", "from 1 to 90"},
		{"CANTICA_DB_MAX_CONNS", "eight", "eight"},
		{"CANTICA_DB_MAX_CONNS", "500", "from 1 to 90"},
		{"CANTICA_MAX_UPLOAD_MB", "0", "positive"},
		{"CANTICA_MAX_UPLOAD_MB", "-5", "positive"},
		{"CANTICA_MAX_UPLOAD_MB", "1.5", "whole number"},
		{"CANTICA_MAX_UPLOAD_MB", "200MB", "200MB"},
		{"CANTICA_MAX_UPLOAD_MB", "99999999999", "too large"},
		{"CANTICA_S3_ENDPOINT", "https://s3.example.org", "without a scheme"},
		{"CANTICA_S3_ENDPOINT", "minio.internal:9000/bucket", "without a path"},
		{"CANTICA_S3_ENDPOINT", "minio.internal:0", "port"},
		{"CANTICA_S3_ENDPOINT", ":9000", "host"},
	}
	for _, c := range cases {
		t.Run(c.name+"="+c.value, func(t *testing.T) {
			_, err := config.Load(env(map[string]string{c.name: c.value}), nil)
			var cfgErr *config.Error
			if !errors.As(err, &cfgErr) {
				t.Fatalf("want a config.Error, got %v", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, c.name+": ") {
				t.Errorf("message %q does not start with the variable's name", msg)
			}
			if !strings.Contains(msg, c.mention) {
				t.Errorf("message %q does not say %q", msg, c.mention)
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("message %q is more than one line", msg)
			}
		})
	}
}

func TestSMTPPasswordNeverEchoed(t *testing.T) {
	_, err := config.Load(env(map[string]string{"CANTICA_SMTP_URL": "http://user:hunter2@mail.example.org"}), nil)
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Fatalf("error %v must not contain the password", err)
	}
}

func TestUnknownFlag(t *testing.T) {
	_, err := config.Load(env(nil), []string{"-colour", "blue"})
	if err == nil || !strings.Contains(err.Error(), "colour") {
		t.Fatalf("unknown flag: %v", err)
	}
}

func TestMailFromAndProviders(t *testing.T) {
	cfg, err := config.Load(env(map[string]string{"CANTICA_BASE_URL": "https://choir.example.org"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MailFrom != "Cantica <no-reply@choir.example.org>" {
		t.Fatalf("default sender %q", cfg.MailFrom)
	}
	if cfg.Google.Enabled() || cfg.Microsoft.Enabled() {
		t.Fatal("providers must be off without client ids")
	}
	if cfg.Google.Issuer != "https://accounts.google.com" || cfg.Microsoft.Tenant != "common" {
		t.Fatalf("provider defaults: %+v %+v", cfg.Google, cfg.Microsoft)
	}
	cfg, err = config.Load(env(map[string]string{
		"CANTICA_GOOGLE_CLIENT_ID": "id", "CANTICA_GOOGLE_CLIENT_SECRET": "secret",
		"CANTICA_MAIL_FROM": "St Cecilia Choir <choir@example.org>",
	}), nil)
	if err != nil || !cfg.Google.Enabled() || cfg.MailFrom != "St Cecilia Choir <choir@example.org>" {
		t.Fatalf("%+v %v", cfg, err)
	}
	for vars, name := range map[*map[string]string]string{
		{"CANTICA_GOOGLE_CLIENT_ID": "id"}:               "CANTICA_GOOGLE_CLIENT_SECRET",
		{"CANTICA_MICROSOFT_CLIENT_SECRET": "s"}:         "CANTICA_MICROSOFT_CLIENT_ID",
		{"CANTICA_GOOGLE_ISSUER": "accounts.google.com"}: "CANTICA_GOOGLE_ISSUER",
		{"CANTICA_MAIL_FROM": "not an address"}:          "CANTICA_MAIL_FROM",
	} {
		_, err := config.Load(env(*vars), nil)
		if err == nil || !strings.HasPrefix(err.Error(), name+": ") {
			t.Errorf("%v: want an error naming %s, got %v", *vars, name, err)
		}
	}
}

func TestTrustedProxies(t *testing.T) {
	cfg, err := config.Load(env(map[string]string{"CANTICA_TRUSTED_PROXIES": "127.0.0.1, 10.1.2.3/8,::1"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range cfg.TrustedProxies {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "127.0.0.1/32 10.0.0.0/8 ::1/128" {
		t.Fatalf("proxies %v", got)
	}
}

func TestBlobDefaults(t *testing.T) {
	cfg, err := config.Load(env(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Blob.Dir != filepath.Join("./data", "files") || cfg.Blob.UsesS3() || cfg.Blob.S3 != (config.S3Settings{}) {
		t.Fatalf("blob defaults: %+v", cfg.Blob)
	}
	if cfg.Blob.MaxUploadBytes != 200<<20 {
		t.Fatalf("max upload %d, want 200 MiB", cfg.Blob.MaxUploadBytes)
	}
	cfg, err = config.Load(env(map[string]string{"CANTICA_DATA_DIR": "/srv/cantica"}), nil)
	if err != nil || cfg.Blob.Dir != "/srv/cantica/files" {
		t.Fatalf("the files dir follows the data dir: %q %v", cfg.Blob.Dir, err)
	}
	cfg, err = config.Load(env(map[string]string{"CANTICA_FILES_DIR": "/mnt/scores", "CANTICA_MAX_UPLOAD_MB": " 50 "}), nil)
	if err != nil || cfg.Blob.Dir != "/mnt/scores" || cfg.Blob.MaxUploadBytes != 50<<20 {
		t.Fatalf("%+v %v", cfg.Blob, err)
	}
	// The other S3 variables mean nothing without an endpoint.
	cfg, err = config.Load(env(map[string]string{"CANTICA_S3_BUCKET": "x", "CANTICA_S3_USE_SSL": "maybe"}), nil)
	if err != nil || cfg.Blob.UsesS3() {
		t.Fatalf("S3 without an endpoint: %+v %v", cfg.Blob, err)
	}
}

func TestBlobS3(t *testing.T) {
	base := map[string]string{
		"CANTICA_S3_ENDPOINT":   "minio.internal:9000",
		"CANTICA_S3_ACCESS_KEY": "cantica",
		"CANTICA_S3_SECRET_KEY": "hunter22",
	}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			if v == "" {
				delete(m, k)
			} else {
				m[k] = v
			}
		}
		return m
	}
	cfg, err := config.Load(env(base), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := config.S3Settings{
		Endpoint: "minio.internal:9000", Bucket: "music-attachments", AccessKey: "cantica", SecretKey: "hunter22",
		Region: "us-east-1", UseSSL: true,
	}
	if !cfg.Blob.UsesS3() || cfg.Blob.S3 != want {
		t.Fatalf("S3 settings %+v, want %+v", cfg.Blob.S3, want)
	}

	cfg, err = config.Load(env(with(map[string]string{
		"CANTICA_S3_ENDPOINT": "s3.eu-central-1.amazonaws.com", "CANTICA_S3_BUCKET": "st-cecilia.files",
		"CANTICA_S3_REGION": "eu-central-1", "CANTICA_S3_USE_SSL": "false",
	})), nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := cfg.Blob.S3; s.Endpoint != "s3.eu-central-1.amazonaws.com" || s.Bucket != "st-cecilia.files" || s.Region != "eu-central-1" || s.UseSSL {
		t.Fatalf("%+v", s)
	}

	for _, c := range []struct {
		vars map[string]string
		name string
	}{
		{with(map[string]string{"CANTICA_S3_ACCESS_KEY": ""}), "CANTICA_S3_ACCESS_KEY"},
		{with(map[string]string{"CANTICA_S3_SECRET_KEY": ""}), "CANTICA_S3_SECRET_KEY"},
		{with(map[string]string{"CANTICA_S3_USE_SSL": "nope"}), "CANTICA_S3_USE_SSL"},
		{with(map[string]string{"CANTICA_S3_BUCKET": "Music_Attachments"}), "CANTICA_S3_BUCKET"},
		{with(map[string]string{"CANTICA_S3_BUCKET": "ab"}), "CANTICA_S3_BUCKET"},
	} {
		_, err := config.Load(env(c.vars), nil)
		var cfgErr *config.Error
		if !errors.As(err, &cfgErr) || cfgErr.Name != c.name {
			t.Errorf("%v: want a config.Error naming %s, got %v", c.vars, c.name, err)
			continue
		}
		if strings.Contains(err.Error(), "hunter22") {
			t.Errorf("error %q echoes the secret key", err)
		}
	}
}
