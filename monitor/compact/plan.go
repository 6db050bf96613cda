package compact

import (
	"regexp"
	"strings"
)

// CompressPlan shortens a plan document to what an agent needs to carry
// on: its YAML frontmatter, objective, must-haves and dependencies, and for
// each thread (task, step, phase, workstream) its name and how it is
// verified. Rationale, examples, background and the steps' prose go.
//
// Both common plan shapes are understood: markdown sections ("## Objective",
// "### Thread 2: ...", "Verification: ...") and XML-like tags (<objective>,
// <task><name>...</name><verify>...</verify></task>).
func CompressPlan(plan string) string {
	front, body := splitFrontmatter(plan)
	var out strings.Builder
	out.WriteString(front)
	if strings.Contains(body, "</task>") || strings.Contains(body, "<objective>") || strings.Contains(body, "</thread>") {
		out.WriteString(compressTagged(body))
	} else {
		out.WriteString(compressMarkdown(body))
	}
	return strings.TrimRight(out.String(), "\n") + "\n"
}

func splitFrontmatter(s string) (front, body string) {
	if !strings.HasPrefix(s, "---\n") {
		return "", s
	}
	end := strings.Index(s[4:], "\n---")
	if end < 0 {
		return "", s
	}
	cut := 4 + end + len("\n---")
	if nl := strings.IndexByte(s[cut:], '\n'); nl >= 0 {
		cut += nl + 1
	} else {
		cut = len(s)
	}
	return s[:cut], s[cut:]
}

var (
	keepSection  = regexp.MustCompile(`(?i)objective|goal|must[- ]?haves?|requirements|dependenc|depends|prerequisite|success criteria|acceptance`)
	dropSection  = regexp.MustCompile(`(?i)rationale|why\b|examples?|background|context|notes?|discussion|alternatives|appendix|references`)
	threadHead   = regexp.MustCompile(`(?i)thread|task|step|phase|workstream|milestone|stage|^\s*\d+[.)]`)
	verifyLine   = regexp.MustCompile(`(?i)verif|verify|test|check|done when|acceptance|success|assert|expect`)
	headingLine  = regexp.MustCompile(`^(#{1,6})\s+(.*)$`)
	tagBlock     = regexp.MustCompile(`(?s)<(objective|must_haves|must-haves|musthaves|dependencies|depends_on|success_criteria)>.*?</(objective|must_haves|must-haves|musthaves|dependencies|depends_on|success_criteria)>`)
	taskBlock    = regexp.MustCompile(`(?s)<(task|thread)([^>]*)>(.*?)</(task|thread)>`)
	taskNameTag  = regexp.MustCompile(`(?s)<name>(.*?)</name>`)
	taskVerifTag = regexp.MustCompile(`(?s)<(verify|verification|done)>(.*?)</(verify|verification|done)>`)
)

func compressTagged(body string) string {
	var out strings.Builder
	// Keep a top-level title line if present.
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(line, "# ") {
			out.WriteString(line + "\n\n")
			break
		}
	}
	for _, blk := range tagBlock.FindAllString(body, -1) {
		out.WriteString(blk)
		out.WriteString("\n\n")
	}
	for _, m := range taskBlock.FindAllStringSubmatch(body, -1) {
		out.WriteString("<" + m[1] + m[2] + ">\n")
		if n := taskNameTag.FindString(m[3]); n != "" {
			out.WriteString("  " + n + "\n")
		}
		for _, v := range taskVerifTag.FindAllString(m[3], -1) {
			out.WriteString("  " + v + "\n")
		}
		out.WriteString("</" + m[1] + ">\n")
	}
	return out.String()
}

// compressMarkdown walks the headings: keep-sections are copied whole,
// drop-sections are skipped, thread sections keep their heading and their
// verification lines (and the list under a "Verification:" label).
func compressMarkdown(body string) string {
	var out strings.Builder
	mode := "keep" // keep | drop | thread
	level := 0
	inVerify := false
	for _, line := range strings.Split(body, "\n") {
		if h := headingLine.FindStringSubmatch(line); h != nil {
			lvl, title := len(h[1]), h[2]
			if mode == "drop" && lvl > level {
				continue // subsection of a dropped section
			}
			inVerify = false
			switch {
			case lvl == 1:
				mode, level = "keep", lvl
			case dropSection.MatchString(title) && !keepSection.MatchString(title):
				mode, level = "drop", lvl
				continue
			case keepSection.MatchString(title):
				mode, level = "keep", lvl
			case threadHead.MatchString(title):
				mode, level = "thread", lvl
			default:
				mode, level = "headings", lvl
			}
			out.WriteString(line + "\n")
			continue
		}
		switch mode {
		case "keep":
			out.WriteString(line + "\n")
		case "thread":
			t := strings.TrimSpace(line)
			isItem := strings.HasPrefix(t, "-") || strings.HasPrefix(t, "*") || (len(t) > 1 && t[0] >= '0' && t[0] <= '9')
			switch {
			case verifyLine.MatchString(t) && (strings.HasSuffix(t, ":") || strings.Contains(strings.ToLower(t), "verif")):
				out.WriteString(line + "\n")
				inVerify = strings.HasSuffix(t, ":")
			case inVerify && isItem:
				out.WriteString(line + "\n")
			case verifyLine.MatchString(t) && isItem:
				out.WriteString(line + "\n")
			case t == "":
				inVerify = false
			}
		}
	}
	return collapseBlank(out.String())
}

func collapseBlank(s string) string {
	for strings.Contains(s, "\n\n\n") {
		s = strings.ReplaceAll(s, "\n\n\n", "\n\n")
	}
	return s
}
