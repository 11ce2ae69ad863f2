package ecmaregexp

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/quote"
)

var propertyCache sync.Map // table string → runeSet

func tableSet(enc string) runeSet {
	if s, ok := propertyCache.Load(enc); ok {
		return s.(runeSet)
	}
	s := decodeRanges(enc)
	propertyCache.Store(enc, s)
	return s
}

var stringPropertyCache sync.Map // name → classSet

// stringProperty returns the strings of a property of strings, the single
// code points among them as a set.
func stringProperty(name, list string) classSet {
	if c, ok := stringPropertyCache.Load(name); ok {
		return c.(classSet)
	}
	var cls classSet
	var singles []runeRange
	for _, s := range strings.Split(list, "\n") {
		if r, n := utf8.DecodeRuneInString(s); n == len(s) {
			singles = append(singles, runeRange{r, r})
		} else {
			cls.strs = append(cls.strs, s)
		}
	}
	slices.Sort(cls.strs)
	cls.strs = slices.Compact(cls.strs)
	cls.set = normalize(singles)
	stringPropertyCache.Store(name, cls)
	return cls
}

// parseProperty reads {…} after \p or \P (negate) and returns the set,
// folded under ignoreCase (UnicodeMatchProperty, UnicodeMatchPropertyValue
// and MaybeSimpleCaseFolding).
func (p *parser) parseProperty(start int, negate bool) classSet {
	if !p.lookingAt("{") {
		p.fail(start, "invalid property name: \\%c must be followed by {", p.src[start+1])
	}
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		p.fail(start, "invalid property name: missing }")
	}
	body := p.src[p.pos+1 : p.pos+end]
	p.pos += end + 1
	name, value, hasValue := strings.Cut(body, "=")
	var cls classSet
	ok := true
	if hasValue {
		switch name {
		case "General_Category", "gc":
			v, found := generalCategoryNames[value]
			cls.set, ok = tableSet(generalCategories[v]), found
		case "Script", "sc":
			v, found := scriptNames[value]
			cls.set, ok = tableSet(scripts[v]), found
		case "Script_Extensions", "scx":
			v, found := scriptNames[value]
			cls.set, ok = tableSet(scriptExtensions[v]), found
		default:
			ok = false
		}
	} else if v, found := generalCategoryNames[name]; found {
		cls.set = tableSet(generalCategories[v])
	} else if v, found := binaryPropertyNames[name]; found {
		cls.set = tableSet(binaryProperties[v])
	} else if list, found := stringProperties[name]; found {
		if negate {
			p.fail(start, "invalid property name: \\P{%s} names a property of strings, which cannot be negated", name)
		}
		cls = stringProperty(name, list)
		if p.flags.i {
			folded := classSet{set: p.fold(cls.set, start)}
			p.charge(len(cls.strs)*(costRange+16), start)
			for _, s := range cls.strs {
				folded.strs = append(folded.strs, p.foldString(s))
			}
			slices.Sort(folded.strs)
			cls.set, cls.strs = folded.set, slices.Compact(folded.strs)
		}
		cls.may = true
		return cls
	} else {
		ok = false
	}
	if !ok {
		p.fail(start, "invalid property name %s", quote.String(p.src[start:p.pos]))
	}
	p.charge(costRange*len(cls.set), start)
	if p.flags.i {
		cls.set = p.fold(cls.set, start)
	}
	if negate {
		cls.set = p.complement(cls.set, start)
	}
	return cls
}
