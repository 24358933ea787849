package music

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/cantica/cantica/internal/apperr"
)

// sniffLen is how much of an upload is read to tell what it is: enough for
// the first entries of a compressed MusicXML file and an XML file's root.
const sniffLen = 4096

// MsgUnsupportedFile refuses content that is none of the kinds accepted.
const MsgUnsupportedFile = "This type of file is not supported. Please upload a PDF, MP3, M4A, AAC, OGG, Opus, WAV, FLAC, MusicXML or MIDI file."

// fileKind is what an upload's content was found to be.
type fileKind struct {
	contentType string
	class       string // pdf, audio, musicxml, midi
	defaultType string // the attachment type an upload of it gets when none is chosen
}

var (
	kindPDF      = fileKind{"application/pdf", "pdf", TypeScore}
	kindMP3      = fileKind{"audio/mpeg", "audio", TypeAudioFull}
	kindAAC      = fileKind{"audio/aac", "audio", TypeAudioFull}
	kindM4A      = fileKind{"audio/mp4", "audio", TypeAudioFull}
	kindOgg      = fileKind{"audio/ogg", "audio", TypeAudioFull}
	kindWAV      = fileKind{"audio/wav", "audio", TypeAudioFull}
	kindFLAC     = fileKind{"audio/flac", "audio", TypeAudioFull}
	kindMIDI     = fileKind{"audio/midi", "midi", TypeMIDI}
	kindMusicXML = fileKind{"application/vnd.recordare.musicxml+xml", "musicxml", TypeMusicXML}
	kindMXL      = fileKind{"application/vnd.recordare.musicxml", "musicxml", TypeMusicXML}
)

var kinds = []fileKind{kindPDF, kindMP3, kindAAC, kindM4A, kindOgg, kindWAV, kindFLAC, kindMIDI, kindMusicXML, kindMXL}

// kindOfContentType is the kind a stored content type was sniffed as.
func kindOfContentType(ct string) fileKind {
	for _, k := range kinds {
		if k.contentType == ct {
			return k
		}
	}
	return fileKind{contentType: ct}
}

// fits refuses a file that is not what its attachment type says.
func (k fileKind) fits(typ string) error {
	var ok bool
	msg := ""
	switch typ {
	case TypeScore:
		ok, msg = k.class == "pdf" || k.class == "musicxml", "A score must be a PDF or MusicXML file."
	case TypeAudioFull, TypeAudioPart:
		ok, msg = k.class == "audio", "A recording must be an MP3, M4A, AAC, OGG, Opus, WAV or FLAC file."
	case TypeMusicXML:
		ok, msg = k.class == "musicxml", "Please upload a MusicXML file (.musicxml, .xml or .mxl)."
	case TypeMIDI:
		ok, msg = k.class == "midi", "Please upload a MIDI file."
	default:
		ok = k.class != ""
	}
	if ok {
		return nil
	}
	if msg == "" {
		msg = MsgUnsupportedFile
	}
	return apperr.New(apperr.Unsupported, apperr.CodeUnsupportedFile, msg)
}

// sniffUpload reads the start of an upload and says what it is; the reader
// it returns gives the whole upload again, from its first byte. name is the
// name it was uploaded under, to say what it is not.
func (s *Service) sniffUpload(r io.Reader, name string) (fileKind, io.Reader, error) {
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return fileKind{}, nil, err
	}
	head = head[:n]
	if n == 0 {
		return fileKind{}, nil, apperr.Validation(map[string]string{"file": MsgFileRequired}, "file")
	}
	k, ok := sniff(head)
	if !ok {
		return fileKind{}, nil, refuseContent(name, head)
	}
	return k, io.MultiReader(bytes.NewReader(head), r), nil
}

// sniff tells what a file is from its first bytes: the client's word for it
// (the part's Content-Type, the name's extension) is never trusted, since
// what is stored is later served to other members.
func sniff(b []byte) (fileKind, bool) {
	has := func(at int, sig string) bool { return len(b) >= at+len(sig) && string(b[at:at+len(sig)]) == sig }
	switch {
	case has(0, "%PDF-"):
		return kindPDF, true
	case has(0, "ID3"):
		return kindMP3, true
	case has(0, "OggS"):
		return kindOgg, true
	case has(0, "RIFF") && has(8, "WAVE"):
		return kindWAV, true
	case has(0, "fLaC"):
		return kindFLAC, true
	case has(0, "MThd"):
		return kindMIDI, true
	case has(4, "ftyp"):
		// ISO media: audio brands, and the general ones audio encoders write.
		for _, brand := range []string{"M4A ", "M4B ", "mp42", "mp41", "isom", "iso2", "dash"} {
			if has(8, brand) {
				return kindM4A, true
			}
		}
		return fileKind{}, false
	case has(0, "PK\x03\x04"):
		return sniffMXL(b)
	case len(b) >= 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0:
		// An MPEG audio frame's sync bits; the layer bits tell ADTS
		// (AAC, layer 0) from MP3 (layers 1 to 3).
		if b[1]&0x06 == 0 {
			if b[1]&0xF6 == 0xF0 {
				return kindAAC, true
			}
			return fileKind{}, false
		}
		return kindMP3, true
	}
	return sniffMusicXML(b)
}

// sniffMusicXML accepts uncompressed MusicXML: XML (after an optional byte
// order mark and blank space) whose root, within the first bytes, is a
// score-partwise or score-timewise element.
func sniffMusicXML(b []byte) (fileKind, bool) {
	t := bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	t = bytes.TrimLeft(t, " \t\r\n")
	if !bytes.HasPrefix(t, []byte("<")) {
		return fileKind{}, false
	}
	if bytes.Contains(t, []byte("<score-partwise")) || bytes.Contains(t, []byte("<score-timewise")) ||
		bytes.Contains(t, []byte("DOCTYPE score-partwise")) || bytes.Contains(t, []byte("DOCTYPE score-timewise")) {
		return kindMusicXML, true
	}
	return fileKind{}, false
}

// sniffMXL accepts compressed MusicXML: a ZIP whose first entries (read as
// they come, since a ZIP's directory is at its end and an upload is a
// stream) are the format's mimetype entry or its META-INF/container.xml.
// Checking deeper would mean keeping the whole upload; any other ZIP is
// refused, and a file that passes is only ever served with its sniffed type
// and nosniff, so nothing can be smuggled through as something a browser runs.
func sniffMXL(b []byte) (fileKind, bool) {
	if bytes.Contains(b, []byte("application/vnd.recordare.musicxml")) || bytes.Contains(b, []byte("META-INF/container.xml")) {
		return kindMXL, true
	}
	return fileKind{}, false
}

// claims is what a file's name says it is, by its extension.
var claims = map[string]string{
	".pdf": "a PDF", ".mp3": "an MP3 recording", ".m4a": "an M4A recording", ".aac": "an AAC recording",
	".ogg": "an OGG recording", ".oga": "an OGG recording", ".opus": "an Opus recording", ".wav": "a WAV recording",
	".flac": "a FLAC recording", ".mid": "a MIDI file", ".midi": "a MIDI file", ".musicxml": "a MusicXML file",
	".xml": "a MusicXML file", ".mxl": "a MusicXML file",
}

// refuseContent refuses content that is none of the kinds accepted. When
// the file's name says it is one of them, the message says it is not, and
// what the content is when its first bytes tell: a page saved from the web
// under a .pdf name should not be told to upload a PDF.
func refuseContent(name string, head []byte) error {
	msg := MsgUnsupportedFile
	if claim := claims[strings.ToLower(path.Ext(name))]; claim != "" {
		if found := contentName(head); found != "" {
			msg = fmt.Sprintf("This file is not %s: its content is %s.", claim, found)
		} else {
			msg = fmt.Sprintf("This file is not %s, though its name says it is.", claim)
		}
	}
	return apperr.New(apperr.Unsupported, apperr.CodeUnsupportedFile, msg)
}

// contentName names, in plain words, the common kinds of file that are
// uploaded by mistake, from their first bytes; "" for any other.
func contentName(b []byte) string {
	t := bytes.TrimLeft(bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF")), " \t\r\n")
	lower := bytes.ToLower(t[:min(len(t), 64)])
	has := func(sig string) bool { return bytes.HasPrefix(b, []byte(sig)) }
	switch {
	case bytes.HasPrefix(lower, []byte("<!doctype html")) || bytes.HasPrefix(lower, []byte("<html")) ||
		bytes.HasPrefix(lower, []byte("<head")) || bytes.HasPrefix(lower, []byte("<body")):
		return "a web page (HTML)"
	case bytes.HasPrefix(lower, []byte("<?xml")):
		return "XML that is not MusicXML"
	case has("\x89PNG"):
		return "a PNG image"
	case has("\xFF\xD8\xFF"):
		return "a JPEG image"
	case has("GIF8"):
		return "a GIF image"
	case has("PK\x03\x04") && bytes.Contains(b, []byte("word/")):
		return "a Word document"
	case has("PK\x03\x04"):
		return "a ZIP archive"
	case has("{\\rtf"):
		return "an RTF document"
	case utf8.Valid(b) && !bytes.ContainsRune(b, 0):
		return "plain text"
	}
	return ""
}
