package music

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestSniff(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		head string
		want fileKind
		ok   bool
	}{
		{"%PDF-1.7\n", kindPDF, true},
		{"ID3\x03\x00", kindMP3, true},
		{"\xFF\xFB\x90\x64", kindMP3, true},     // MPEG-1 layer III frame
		{"\xFF\xF3\x40\xC0", kindMP3, true},     // MPEG-2 layer III frame
		{"\xFF\xF1\x50\x80", kindAAC, true},     // ADTS, MPEG-4
		{"\xFF\xF9\x50\x80", kindAAC, true},     // ADTS, MPEG-2
		{"\xFF\xE1\x50\x80", fileKind{}, false}, // sync bits, layer 0, not ADTS
		{"\x00\x00\x00\x1cftypM4A \x00\x00\x02\x00", kindM4A, true},
		{"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00", kindM4A, true},
		{"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00", kindM4A, true},
		{"\x00\x00\x00\x18ftypqt  \x00\x00\x02\x00", fileKind{}, false}, // QuickTime video
		{"OggS\x00\x02\x00\x00", kindOgg, true},
		{"RIFF\x24\x08\x00\x00WAVEfmt ", kindWAV, true},
		{"RIFF\x24\x08\x00\x00AVI LIST", fileKind{}, false},
		{"fLaC\x00\x00\x00\x22", kindFLAC, true},
		{"MThd\x00\x00\x00\x06", kindMIDI, true},
		{"<?xml version=\"1.0\"?>\n<score-partwise version=\"4.0\">", kindMusicXML, true},
		{"\xEF\xBB\xBF  <score-timewise>", kindMusicXML, true},
		{"<?xml version=\"1.0\"?>\n<!DOCTYPE score-partwise PUBLIC \"-//Recordare//DTD MusicXML 4.0 Partwise//EN\">", kindMusicXML, true},
		{"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><script/></svg>", fileKind{}, false},
		{"<html><body>score-partwise</body></html>", fileKind{}, false},
		{"PK\x03\x04\x14\x00\x00\x00\x00\x00mimetypeapplication/vnd.recordare.musicxml", kindMXL, true},
		{"PK\x03\x04\x14\x00\x08\x00\x08\x00META-INF/container.xml", kindMXL, true},
		{"PK\x03\x04\x14\x00\x08\x00\x08\x00word/document.xml", fileKind{}, false},
		{"MZ\x90\x00", fileKind{}, false},
		{"GIF89a", fileKind{}, false},
		{"plain text", fileKind{}, false},
	} {
		got, ok := sniff([]byte(c.head))
		if ok != c.ok || got != c.want {
			t.Errorf("sniff %q: %v %v, want %v %v", c.head, got, ok, c.want, c.ok)
		}
	}
}

func TestKindsFitTypes(t *testing.T) {
	t.Parallel()
	fits := map[string][]fileKind{
		TypeScore:     {kindPDF, kindMusicXML, kindMXL},
		TypeAudioFull: {kindMP3, kindAAC, kindM4A, kindOgg, kindWAV, kindFLAC},
		TypeAudioPart: {kindMP3, kindAAC, kindM4A, kindOgg, kindWAV, kindFLAC},
		TypeMusicXML:  {kindMusicXML, kindMXL},
		TypeMIDI:      {kindMIDI},
		TypeOther:     kinds,
	}
	for typ, ok := range fits {
		for _, k := range kinds {
			want := false
			for _, o := range ok {
				want = want || o == k
			}
			if err := k.fits(typ); (err == nil) != want {
				t.Errorf("%s as %s: %v", k.contentType, typ, err)
			}
		}
	}
}

// The sniffed upload gives back every byte, however the body arrives.
func TestSniffUploadKeepsEveryByte(t *testing.T) {
	t.Parallel()
	body := "%PDF-1.7\n" + strings.Repeat("x", 3*sniffLen)
	var s Service
	k, r, err := s.sniffUpload(iotest.OneByteReader(strings.NewReader(body)), "score.pdf")
	if err != nil || k != kindPDF {
		t.Fatal(k, err)
	}
	got, err := io.ReadAll(r)
	if err != nil || string(got) != body {
		t.Fatalf("%d bytes back, %v", len(got), err)
	}
}

func TestLimitReader(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		size, limit int
		tooLarge    bool
	}{{0, 10, false}, {10, 10, false}, {11, 10, true}, {100000, 10, true}, {100000, 100000, false}} {
		n, err := io.Copy(io.Discard, &limitReader{r: strings.NewReader(strings.Repeat("a", c.size)), left: int64(c.limit)})
		if errors.Is(err, errTooLarge) != c.tooLarge || (!c.tooLarge && n != int64(c.size)) {
			t.Errorf("%d bytes, limit %d: %d %v", c.size, c.limit, n, err)
		}
	}
}

// A refused file is told what its content is when its name says otherwise
// (issue 25: an HTML page named .pdf was told "Please upload a PDF").
func TestRefusalSaysWhatTheContentIs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, head, want string }{
		{"Ave verum.pdf", "<!DOCTYPE html>\n<html lang=\"en\">", "This file is not a PDF: its content is a web page (HTML)."},
		{"Ave verum.PDF", "\xEF\xBB\xBF  <HTML><head>", "This file is not a PDF: its content is a web page (HTML)."},
		{"score.pdf", "\x89PNG\r\n\x1a\n", "This file is not a PDF: its content is a PNG image."},
		{"score.pdf", "\xFF\xD8\xFF\xE0", "This file is not a PDF: its content is a JPEG image."},
		{"score.pdf", "PK\x03\x04\x14\x00\x08\x00\x08\x00word/document.xml", "This file is not a PDF: its content is a Word document."},
		{"score.pdf", "just some text", "This file is not a PDF: its content is plain text."},
		{"take.mp3", "GIF89a", "This file is not an MP3 recording: its content is a GIF image."},
		{"part.musicxml", "<?xml version=\"1.0\"?>\n<svg/>", "This file is not a MusicXML file: its content is XML that is not MusicXML."},
		{"score.pdf", "\x00\x01\x02\x03\xfe", "This file is not a PDF, though its name says it is."},
		{"notes.txt", "just some text", MsgUnsupportedFile},
		{"setup.exe", "MZ\x90\x00", MsgUnsupportedFile},
	} {
		if got := refuseContent(c.name, []byte(c.head)).Error(); got != "UNSUPPORTED_FILE: "+c.want {
			t.Errorf("%s %q: %s, want %s", c.name, c.head, got, c.want)
		}
	}
}
