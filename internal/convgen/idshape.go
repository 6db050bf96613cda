package convgen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// An idGen draws the identifiers of a fact set (its "ids" entries): an
// entry picked uniformly, then the entry's shape, or for an "either" entry
// one of its shapes, picked uniformly.
//
// A shape is the identifier as text with slots in braces, each filled from
// the random source in turn, left to right:
//
//	{1000..9999}        an integer from the range, printed with %d
//	{%05d 0..99999}     the same with a fmt verb (d, x or X, optionally zero-padded)
//	{0..45 by 15}       0, 15, 30 or 45
//	{%07x u32 &0xfffffff |0x1000000}
//	                    32 (u32) or 64 (u64) random bits, then &mask, |bits,
//	                    >>shift in the order written
//	{[A-Z]}             a character of the class (ranges and single characters,
//	                    in the order written)
//	{[A-HJ-NP-Z0-9] 6}  six of them
//	{RTM|SSZ|PUS}       one of the words
//	{ean13}             the EAN-13 check digit of the digits before it (draws nothing)
//
// "{{" and "}}" are literal braces. A slot may say when it is drawn,
// "{@2 ...}": then every drawing slot of the shape says so (1, 2, ...), and
// they are drawn in that order but printed where they stand. The order of
// draws is part of the data: the same seed gives the same identifiers only
// while it is kept.
type idGen [][]*shape

type shape struct {
	src   string
	parts []shapePart // in print order
	draws []int       // indices of the drawing parts, in draw order
}

type slotKind int

const (
	literal slotKind = iota
	intRange
	randBits
	charClass
	wordPick
	ean13
)

type bitOp struct {
	op  byte // '&', '|' or '>'
	arg uint64
}

type shapePart struct {
	kind  slotKind
	text  string // literal
	verb  string // intRange, randBits
	lo    int64  // intRange: lo + step*k, k in [0, n)
	step  int64
	n     int64
	bits  int // randBits: 32 or 64
	ops   []bitOp
	class []rune // charClass
	count int
	words []string // wordPick
}

// generate draws one identifier.
func (g idGen) generate(r *rand.Rand) string {
	e := g[r.IntN(len(g))]
	if len(e) > 1 {
		return e[r.IntN(len(e))].generate(r)
	}
	return e[0].generate(r)
}

func (s *shape) generate(r *rand.Rand) string {
	vals := make([]string, len(s.parts))
	for _, i := range s.draws {
		vals[i] = s.parts[i].draw(r)
	}
	var b strings.Builder
	for i, p := range s.parts {
		switch p.kind {
		case literal:
			b.WriteString(p.text)
		case ean13:
			b.WriteByte(checkDigit(b.String()))
		default:
			b.WriteString(vals[i])
		}
	}
	return b.String()
}

func (p *shapePart) draw(r *rand.Rand) string {
	switch p.kind {
	case intRange:
		return fmt.Sprintf(p.verb, p.lo+p.step*r.Int64N(p.n))
	case randBits:
		var v uint64
		if p.bits == 32 {
			v = uint64(r.Uint32())
		} else {
			v = r.Uint64()
		}
		for _, o := range p.ops {
			switch o.op {
			case '&':
				v &= o.arg
			case '|':
				v |= o.arg
			default:
				v >>= o.arg
			}
		}
		return fmt.Sprintf(p.verb, v)
	case charClass:
		var b strings.Builder
		for range p.count {
			b.WriteRune(p.class[r.IntN(len(p.class))])
		}
		return b.String()
	case wordPick:
		return p.words[r.IntN(len(p.words))]
	}
	return ""
}

// checkDigit is the EAN-13 check digit of the digits in s: weights 1 and 3
// alternately from the left.
func checkDigit(s string) byte {
	sum, i := 0, 0
	for _, c := range s {
		if c >= '0' && c <= '9' {
			sum += int(c-'0') * (1 + 2*(i%2))
			i++
		}
	}
	return byte('0' + (10-sum%10)%10)
}

var (
	verbRE  = regexp.MustCompile(`^%(0[1-9][0-9]?)?[dxX]$`)
	rangeRE = regexp.MustCompile(`^(-?[0-9a-fA-Fx_]+)\.\.(-?[0-9a-fA-Fx_]+)(?: by ([0-9]+))?$`)
	classRE = regexp.MustCompile(`^\[([^\]]+)\](?: ([0-9]+))?$`)
	orderRE = regexp.MustCompile(`^@([0-9]+) `)
)

// parseShape compiles a shape string.
func parseShape(src string) (*shape, error) {
	s := &shape{src: src}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			s.parts = append(s.parts, shapePart{kind: literal, text: lit.String()})
			lit.Reset()
		}
	}
	order := map[int]int{} // part index -> @n
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '{' && strings.HasPrefix(src[i:], "{{"), c == '}' && strings.HasPrefix(src[i:], "}}"):
			lit.WriteByte(c)
			i++
		case c == '}':
			return nil, errors.New("a '}' that closes no slot (write }} for a literal brace)")
		case c == '{':
			end := strings.IndexByte(src[i:], '}')
			if end < 0 {
				return nil, errors.New("a '{' that is never closed (write {{ for a literal brace)")
			}
			body := src[i+1 : i+end]
			i += end
			flush()
			n := 0
			if m := orderRE.FindStringSubmatch(body); m != nil {
				n, _ = strconv.Atoi(m[1])
				body = body[len(m[0]):]
			}
			p, err := parseSlot(body)
			if err != nil {
				return nil, fmt.Errorf("slot {%s}: %w", body, err)
			}
			if n > 0 {
				if p.kind == ean13 {
					return nil, errors.New("{ean13} draws nothing and takes no @n")
				}
				order[len(s.parts)] = n
			}
			s.parts = append(s.parts, p)
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	for i, p := range s.parts {
		if p.kind != literal && p.kind != ean13 {
			s.draws = append(s.draws, i)
		}
	}
	if len(order) > 0 {
		if len(order) != len(s.draws) {
			return nil, errors.New("some slots say when they are drawn (@n) and some do not")
		}
		slices.SortFunc(s.draws, func(a, b int) int { return order[a] - order[b] })
		for k, i := range s.draws {
			if order[i] != k+1 {
				return nil, fmt.Errorf("the @n of the slots must be 1 to %d, each once", len(s.draws))
			}
		}
	}
	return s, nil
}

func parseSlot(body string) (shapePart, error) {
	verb := ""
	if strings.HasPrefix(body, "%") {
		v, rest, ok := strings.Cut(body, " ")
		if !ok || !verbRE.MatchString(v) {
			return shapePart{}, fmt.Errorf("bad verb %q (want %%d, %%x or %%X, optionally zero-padded, then a space)", v)
		}
		verb, body = v, rest
	}
	hasVerb := verb != ""
	noVerb := func(p shapePart) (shapePart, error) {
		if hasVerb {
			return shapePart{}, errors.New("a verb goes only with a range or random bits")
		}
		return p, nil
	}
	if verb == "" {
		verb = "%d"
	}
	switch {
	case body == "ean13":
		return noVerb(shapePart{kind: ean13})
	case body == "u32" || body == "u64" || strings.HasPrefix(body, "u32 ") || strings.HasPrefix(body, "u64 "):
		p := shapePart{kind: randBits, verb: verb, bits: 32}
		if body[1:3] == "64" {
			p.bits = 64
		}
		for _, f := range strings.Fields(body[3:]) {
			var op byte
			var arg string
			switch {
			case strings.HasPrefix(f, ">>"):
				op, arg = '>', f[2:]
			case f[0] == '&', f[0] == '|':
				op, arg = f[0], f[1:]
			default:
				return shapePart{}, fmt.Errorf("bad operation %q (want &mask, |bits or >>shift)", f)
			}
			v, err := strconv.ParseUint(arg, 0, 64)
			if err != nil || (p.bits == 32 && op != '>' && v > 0xffffffff) || (op == '>' && v >= 64) {
				return shapePart{}, fmt.Errorf("bad operand in %q", f)
			}
			p.ops = append(p.ops, bitOp{op, v})
		}
		return p, nil
	case classRE.MatchString(body):
		m := classRE.FindStringSubmatch(body)
		p := shapePart{kind: charClass, count: 1}
		if m[2] != "" {
			p.count, _ = strconv.Atoi(m[2])
			if p.count < 1 || p.count > 1000 {
				return shapePart{}, errors.New("count out of 1..1000")
			}
		}
		cls := []rune(m[1])
		for i := 0; i < len(cls); i++ {
			if i+2 < len(cls) && cls[i+1] == '-' {
				if cls[i+2] < cls[i] {
					return shapePart{}, fmt.Errorf("range %c-%c runs backwards", cls[i], cls[i+2])
				}
				for c := cls[i]; c <= cls[i+2]; c++ {
					p.class = append(p.class, c)
				}
				i += 2
				continue
			}
			p.class = append(p.class, cls[i])
		}
		for i, c := range p.class {
			if slices.Contains(p.class[:i], c) {
				return shapePart{}, fmt.Errorf("class has %q twice", c)
			}
		}
		return noVerb(p)
	case rangeRE.MatchString(body):
		m := rangeRE.FindStringSubmatch(body)
		lo, err1 := strconv.ParseInt(m[1], 0, 64)
		hi, err2 := strconv.ParseInt(m[2], 0, 64)
		step := int64(1)
		var err3 error
		if m[3] != "" {
			step, err3 = strconv.ParseInt(m[3], 10, 64)
		}
		if err := errors.Join(err1, err2, err3); err != nil {
			return shapePart{}, err
		}
		if hi < lo || step < 1 || (hi-lo)%step != 0 {
			return shapePart{}, errors.New("a range runs from low to high, by a step that divides it")
		}
		return shapePart{kind: intRange, verb: verb, lo: lo, step: step, n: (hi-lo)/step + 1}, nil
	case strings.Contains(body, "|"):
		words := strings.Split(body, "|")
		if slices.Contains(words, "") {
			return shapePart{}, errors.New("an empty word")
		}
		return noVerb(shapePart{kind: wordPick, words: words})
	}
	return shapePart{}, errors.New("not a range, random bits, class, word list or ean13")
}
