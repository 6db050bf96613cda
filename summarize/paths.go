package summarize

import "strings"

// looksLikePath accepts /abs/paths, ./rel, ~/home, dir/file.ext and file.ext
// with a known source or config extension. Globs count as paths (their
// stars as name characters: **/*.go, *.log), and so does dir/name.ext for
// an extension not listed (photos/IMG_01.HEIC) when it has a letter.
func looksLikePath(w string) bool {
	slash := strings.IndexByte(w, '/')
	dot := strings.LastIndexByte(w, '.')
	ext := ""
	if dot > 0 && dot < len(w)-1 && dot > strings.LastIndexByte(w, '/') {
		ext = w[dot+1:]
	}
	switch {
	case strings.HasPrefix(w, "~/") || strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../"):
		return len(w) > 3
	case w[0] == '/':
		// "/" alone, "/s" and dates like 10/12 are not paths.
		return len(w) > 3 && strings.Count(w, "/") >= 2 || (ext != "" && len(w) > 4)
	case slash > 0:
		base := w[strings.LastIndexByte(w, '/')+1:]
		return ext != "" && (isFileExt(ext) || isExtLike(ext) && isGlobIdent(base[:len(base)-len(ext)-1])) ||
			strings.Count(w, "/") >= 2 && !hasDigitsOnlySegments(w) ||
			isBareFileName(base) && isIdentLike(w[:slash])
	}
	return ext != "" && isFileExt(ext) && dot > 0 && isGlobIdent(w[:dot])
}

// isExtLike reports a file extension not in isFileExt's list: one to five
// letters and digits, at least one a letter.
func isExtLike(ext string) bool {
	if len(ext) > 5 {
		return false
	}
	letter := false
	for i := 0; i < len(ext); i++ {
		c := ext[i] | 0x20
		switch {
		case c >= 'a' && c <= 'z':
			letter = true
		case ext[i] >= '0' && ext[i] <= '9':
		default:
			return false
		}
	}
	return letter
}

// isGlobIdent is isIdentLike with glob stars allowed ("*", "report_*").
func isGlobIdent(s string) bool {
	return s != "" && (strings.Trim(s, "*") == "" || isIdentLike(strings.ReplaceAll(s, "*", "x")))
}

// stripLineRef removes a line (and column) reference from a path:
// "pkg/a.go:10:5" is pkg/a.go.
func stripLineRef(w string) string {
	for range 2 {
		i := strings.LastIndexByte(w, ':')
		if i <= 0 || !allDigits(w[i+1:]) {
			break
		}
		w = w[:i]
	}
	return w
}

// envRooted accepts a path that starts at an environment variable:
// %APPDATA%\App\config.ini, $HOME/.config/x.toml, ${XDG_DATA_HOME}/app,
// $env:LOCALAPPDATA\App (PowerShell).
func envRooted(w string) bool {
	var name, rest string
	switch {
	case w[0] == '%':
		i := strings.IndexByte(w[1:], '%')
		if i < 1 {
			return false
		}
		name, rest = w[1:1+i], w[2+i:]
	case strings.HasPrefix(w, "${"):
		i := strings.IndexByte(w, '}')
		if i < 3 {
			return false
		}
		name, rest = w[2:i], w[i+1:]
	case w[0] == '$':
		v := w[1:]
		if len(v) > 4 && strings.EqualFold(v[:4], "env:") {
			v = v[4:]
		}
		i := strings.IndexAny(v, `/\`)
		if i < 1 {
			return false
		}
		name, rest = v[:i], v[i:]
	default:
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c == '_' || i > 0 && c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z') {
			return false // a name, not "$5/month"
		}
	}
	return len(rest) > 1 && (rest[0] == '/' || rest[0] == '\\') && !strings.ContainsAny(rest, "{}\"<>|%$")
}

// backslashPath accepts a relative Windows path to a file: names
// separated by backslashes, the last with a known extension
// (src\App\Main.cs, TimeClock\config.ini). Text with escapes ("a\nb") is
// not one: it ends in no file.
func backslashPath(w string) bool {
	segs := strings.Split(w, `\`)
	if len(segs) < 2 || len(segs[0]) < 2 {
		return false
	}
	for _, s := range segs {
		if !isIdentLike(s) {
			return false
		}
	}
	last := segs[len(segs)-1]
	dot := strings.LastIndexByte(last, '.')
	return dot > 0 && isFileExt(last[dot+1:])
}

// quotedPath reads a quoted or backticked path with spaces in it at the
// start of s, whose first word is s[:j]: "C:\Program Files\App\app.ini",
// '/Users/me/My Drive/notes.md'. It returns the bytes read and the path.
func quotedPath(s string, j int) (int, string, bool) {
	q := s[0]
	if q != '"' && q != '\'' && q != '`' || strings.IndexByte(s[1:j], q) >= 0 {
		return 0, "", false
	}
	end := strings.IndexByte(s[1:min(len(s), 200)], q)
	if end < 0 {
		return 0, "", false
	}
	inner := s[1 : 1+end]
	if !strings.Contains(inner, " ") || strings.ContainsAny(inner, "\n\t,") || strings.HasSuffix(inner, " ") {
		return 0, "", false
	}
	ok := looksLikeWindowsPath(inner) || envRooted(inner)
	if !ok && (inner[0] == '/' || strings.HasPrefix(inner, "~/")) {
		ok = looksLikePath(strings.ReplaceAll(inner, " ", "_"))
	}
	return end + 2, inner, ok
}

// isBareFileName accepts file names that carry no extension by convention:
// build and tool files named Xfile (Makefile, Dockerfile, Fastfile,
// Jenkinsfile), the usual all-caps repository files and dotfiles (.env,
// .gitignore). It is used for dir/name, where a slash already hints at a
// path.
func isBareFileName(b string) bool {
	switch {
	case len(b) > 6 && b[0] >= 'A' && b[0] <= 'Z' && strings.HasSuffix(b, "file") && isIdentLike(b) &&
		b != "Profile": // the one English word of that shape
		return true
	case len(b) > 2 && b[0] == '.' && isIdentLike(b[1:]) && b[1] != '.':
		return true
	}
	switch b {
	case "LICENSE", "README", "CODEOWNERS", "OWNERS", "BUILD", "WORKSPACE", "VERSION", "CHANGELOG", "NOTICE",
		"AUTHORS":
		return true
	}
	return false
}

// looksLikeWindowsPath accepts drive paths (C:\Users\me\x.txt, D:/data/in)
// and UNC paths (\\server\share\dir).
func looksLikeWindowsPath(w string) bool {
	var rest string
	switch {
	case len(w) > 3 && w[0]|0x20 >= 'a' && w[0]|0x20 <= 'z' && w[1] == ':' && (w[2] == '\\' || w[2] == '/'):
		rest = w[3:]
	case len(w) > 4 && strings.HasPrefix(w, `\\`):
		rest = w[2:]
		if !strings.Contains(rest, `\`) {
			return false
		}
	default:
		return false
	}
	if rest == "" || strings.ContainsAny(rest, "{}\"<>|:*?") {
		return false
	}
	// At least one name of a letter or more, not just separators.
	return strings.Trim(rest, `\/.`) != ""
}

func hasDigitsOnlySegments(w string) bool {
	for _, seg := range strings.Split(w, "/") {
		digits := seg != ""
		for i := 0; i < len(seg); i++ {
			if seg[i] < '0' || seg[i] > '9' {
				digits = false
				break
			}
		}
		if digits {
			return true
		}
	}
	return false
}

func isFileExt(ext string) bool {
	switch strings.ToLower(ext) {
	case "go", "py", "js", "ts", "tsx", "jsx", "rs", "java", "kt", "c", "h", "cc", "cpp", "hpp", "rb", "php",
		"cs", "swift", "scala", "sh", "bash", "zsh", "sql", "md", "txt", "json", "jsonl", "yaml", "yml", "toml",
		"ini", "cfg", "conf", "env", "xml", "html", "css", "scss", "vue", "svelte", "proto", "lock", "mod",
		"sum", "csv", "tf", "hcl", "gradle", "dockerfile", "log", "pem", "key", "crt", "ipynb", "lua", "ex",
		"exs", "erl", "zig", "dart", "r", "jl", "mjs", "cjs", "pdf", "png", "svg", "db", "sqlite", "parquet",
		"docx", "xlsx", "pptx", "doc", "xls", "ppt", "odt", "ods", "odp", "rtf", "dwg", "dxf", "kml", "kmz", "shp",
		"tif", "tiff", "jpg", "jpeg", "gif", "heic", "mp4", "mov", "wav", "mp3", "zip", "gz", "tgz", "tar", "7z", "bak":
		return true
	}
	return false
}

// spacedPath joins a path whose directory has a space in its name, as
// macOS and Windows folders do ("~/Library/Application Support/App/x.db"):
// a path whose last part has no extension, followed by a word that opens
// with a capital and goes on with a separator. rest is the text after the
// path; it returns the bytes of rest used and the whole path.
func spacedPath(path, rest string) (int, string, bool) {
	last := path[strings.LastIndexAny(path, "/\\")+1:]
	if last == "" || strings.Contains(last, ".") || !strings.HasPrefix(rest, " ") || len(rest) < 3 {
		return 0, "", false
	}
	j := 1
	for j < len(rest) && !isSpaceByte(rest[j]) {
		j++
	}
	raw := rest[1:j]
	next := trimWord(raw)
	if next == "" || strings.ContainsAny(next[:1], "/\\") {
		return 0, "", false
	}
	if strings.ContainsAny(next, "/\\") {
		// "Application Support/App", "rig plans/big": a folder with a
		// space, unless the word is "and/or" and the like.
		head := next[:strings.IndexAny(next, "/\\")]
		if (next[0] < 'A' || next[0] > 'Z') && !isDigitByte(next[0]) && (len(head) < 3 || stopWords[strings.ToLower(head)]) {
			return 0, "", false
		}
		return 1 + strings.Index(raw, next) + len(next), path + " " + next, true
	}
	// "Pass Notes/eclipse season.md", "Inventory 2026.xlsx": a file name
	// with spaces, up to two plain words and then a name with an extension.
	n, name := 0, ""
	words := strings.Fields(rest)
	for k, w := range words {
		if k > 2 {
			break
		}
		t := trimWord(w)
		if t != w && k < len(words)-1 && !strings.HasSuffix(w, t+".") && !strings.HasSuffix(w, t+",") && !strings.HasSuffix(w, t+";") && !strings.HasSuffix(w, t+":") {
			break
		}
		if ext := t[strings.LastIndexByte(t, '.')+1:]; strings.Contains(t, ".") && isFileExt(ext) && !strings.ContainsAny(t, "/\\") {
			name += " " + t
			n = strings.Index(rest, t) + len(t)
			return n, path + name, true
		}
		if t == "" || t != w || stopWords[strings.ToLower(t)] || len(t) > 20 || strings.ContainsAny(t, "/\\:=") {
			break
		}
		name += " " + t
	}
	return 0, "", false
}
