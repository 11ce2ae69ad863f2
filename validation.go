package weburl

import (
	"math"
	"strconv"
)

// An ErrorName is the name of one of the URL Standard's validation errors,
// such as IPv6Unclosed ("IPv6-unclosed"), or weburl's own HrefTooLong. It
// is an error itself: the Err of an *Error whose parse failed, so that
// errors.Is(err, weburl.IPv6Unclosed) is true when err is, or wraps, an
// *Error of that name. Compare (ValidationError).Name() with the
// constants: v.Name() == weburl.IPv6Unclosed.
type ErrorName string

// Error returns the name, as the spec writes it.
func (n ErrorName) Error() string { return string(n) }

// The names of the URL Standard's validation errors, exactly as the spec
// writes them. Each comment is the spec's description.
const (
	// DomainToASCII: Unicode ToASCII records an error when CheckHyphens,
	// UseSTD3ASCIIRules, and VerifyDnsLength are all set to true.
	DomainToASCII ErrorName = "domain-to-ASCII"
	// DomainPercentEncoded: the input's host to be processed as a domain
	// contains a percent-encoded byte.
	DomainPercentEncoded ErrorName = "domain-percent-encoded"
	// HostInvalidCodePoint: an opaque host (in a URL that is not special)
	// contains a forbidden host code point.
	HostInvalidCodePoint ErrorName = "host-invalid-code-point"
	// IPv4EmptyPart: an IPv4 address ends with a U+002E (.).
	IPv4EmptyPart ErrorName = "IPv4-empty-part"
	// IPv4TooFewParts: an IPv4 address has fewer than 4 parts.
	IPv4TooFewParts ErrorName = "IPv4-too-few-parts"
	// IPv4TooManyParts: an IPv4 address has more than 4 parts.
	IPv4TooManyParts ErrorName = "IPv4-too-many-parts"
	// IPv4NonNumericPart: an IPv4 address part is not numeric.
	IPv4NonNumericPart ErrorName = "IPv4-non-numeric-part"
	// IPv4NonDecimalPart: the IPv4 address contains numbers expressed using
	// hexadecimal or octal digits.
	IPv4NonDecimalPart ErrorName = "IPv4-non-decimal-part"
	// IPv4OutOfRangePart: an IPv4 address part exceeds 255.
	IPv4OutOfRangePart ErrorName = "IPv4-out-of-range-part"
	// IPv4NonASCIIInput: a domain that is not ASCII maps to a host that
	// ends in a number, and so parses as an IPv4 address (for example
	// "①.②.③.④"). Not in the spec's table; the reference implementation
	// reports it, and so do we.
	IPv4NonASCIIInput ErrorName = "IPv4-non-ASCII-input"
	// IPv6Unclosed: an IPv6 address is missing the closing U+005D (]).
	IPv6Unclosed ErrorName = "IPv6-unclosed"
	// IPv6InvalidCompression: an IPv6 address begins with improper
	// compression.
	IPv6InvalidCompression ErrorName = "IPv6-invalid-compression"
	// IPv6TooManyPieces: an IPv6 address contains more than 8 pieces.
	IPv6TooManyPieces ErrorName = "IPv6-too-many-pieces"
	// IPv6MultipleCompression: an IPv6 address is compressed in more than
	// one spot.
	IPv6MultipleCompression ErrorName = "IPv6-multiple-compression"
	// IPv6InvalidCodePoint: an IPv6 address contains a code point that is
	// neither an ASCII hex digit nor a U+003A (:), or it unexpectedly ends.
	IPv6InvalidCodePoint ErrorName = "IPv6-invalid-code-point"
	// IPv6TooFewPieces: an uncompressed IPv6 address contains fewer than 8
	// pieces.
	IPv6TooFewPieces ErrorName = "IPv6-too-few-pieces"
	// IPv6PieceLeadingZero: an IPv6 address piece contains a leading
	// U+0030 (0).
	IPv6PieceLeadingZero ErrorName = "IPv6-piece-leading-zero"
	// IPv4InIPv6TooManyPieces: an IPv6 address with IPv4 address syntax: the
	// IPv6 address has more than 6 pieces.
	IPv4InIPv6TooManyPieces ErrorName = "IPv4-in-IPv6-too-many-pieces"
	// IPv4InIPv6InvalidCodePoint: an IPv6 address with IPv4 address syntax:
	// an IPv4 part is empty or contains a non-ASCII digit, an IPv4 part
	// contains a leading 0, or there are too many IPv4 parts.
	IPv4InIPv6InvalidCodePoint ErrorName = "IPv4-in-IPv6-invalid-code-point"
	// IPv4InIPv6OutOfRangePart: an IPv6 address with IPv4 address syntax: an
	// IPv4 part exceeds 255.
	IPv4InIPv6OutOfRangePart ErrorName = "IPv4-in-IPv6-out-of-range-part"
	// IPv4InIPv6TooFewParts: an IPv6 address with IPv4 address syntax: an
	// IPv4 address contains too few parts.
	IPv4InIPv6TooFewParts ErrorName = "IPv4-in-IPv6-too-few-parts"
	// InvalidURLUnit: a code point is found that is not a URL unit.
	InvalidURLUnit ErrorName = "invalid-URL-unit"
	// SpecialSchemeMissingFollowingSolidus: the input's scheme is not
	// followed by "//".
	SpecialSchemeMissingFollowingSolidus ErrorName = "special-scheme-missing-following-solidus"
	// MissingSchemeNonRelativeURL: the input is missing a scheme, because it
	// does not begin with an ASCII alpha, and either no base URL was provided
	// or the base URL cannot be used as a base URL because it has an opaque
	// path.
	MissingSchemeNonRelativeURL ErrorName = "missing-scheme-non-relative-URL"
	// InvalidReverseSolidus: the URL has a special scheme and it uses
	// U+005C (\) instead of U+002F (/).
	InvalidReverseSolidus ErrorName = "invalid-reverse-solidus"
	// InvalidCredentials: the input includes credentials.
	InvalidCredentials ErrorName = "invalid-credentials"
	// HostMissing: the input has a special scheme, but does not contain a
	// host.
	HostMissing ErrorName = "host-missing"
	// PortOutOfRange: the input's port is too big.
	PortOutOfRange ErrorName = "port-out-of-range"
	// PortInvalid: the input's port is invalid.
	PortInvalid ErrorName = "port-invalid"
	// FileInvalidWindowsDriveLetter: the input is a relative-URL string that
	// starts with a Windows drive letter and the base URL's scheme is "file".
	FileInvalidWindowsDriveLetter ErrorName = "file-invalid-Windows-drive-letter"
	// FileInvalidWindowsDriveLetterHost: a file: URL's host is a Windows
	// drive letter.
	FileInvalidWindowsDriveLetterHost ErrorName = "file-invalid-Windows-drive-letter-host"
)

// HrefTooLong is weburl's own reason for a failure, not one of the spec's
// validation errors (OnValidationError never receives it): the href would
// be longer than 2^31-1 bytes, which a URL's 32-bit offsets cannot hold.
// An input takes at least a quarter of a GiB to get there.
const HrefTooLong ErrorName = "href-too-long"

// asError returns n as an error without allocating: a constant converted
// to an interface is static data, a variable a new allocation.
func (n ErrorName) asError() error {
	switch n {
	case DomainToASCII:
		return DomainToASCII
	case DomainPercentEncoded:
		return DomainPercentEncoded
	case HostInvalidCodePoint:
		return HostInvalidCodePoint
	case IPv4EmptyPart:
		return IPv4EmptyPart
	case IPv4TooFewParts:
		return IPv4TooFewParts
	case IPv4TooManyParts:
		return IPv4TooManyParts
	case IPv4NonNumericPart:
		return IPv4NonNumericPart
	case IPv4NonDecimalPart:
		return IPv4NonDecimalPart
	case IPv4OutOfRangePart:
		return IPv4OutOfRangePart
	case IPv4NonASCIIInput:
		return IPv4NonASCIIInput
	case IPv6Unclosed:
		return IPv6Unclosed
	case IPv6InvalidCompression:
		return IPv6InvalidCompression
	case IPv6TooManyPieces:
		return IPv6TooManyPieces
	case IPv6MultipleCompression:
		return IPv6MultipleCompression
	case IPv6InvalidCodePoint:
		return IPv6InvalidCodePoint
	case IPv6TooFewPieces:
		return IPv6TooFewPieces
	case IPv6PieceLeadingZero:
		return IPv6PieceLeadingZero
	case IPv4InIPv6TooManyPieces:
		return IPv4InIPv6TooManyPieces
	case IPv4InIPv6InvalidCodePoint:
		return IPv4InIPv6InvalidCodePoint
	case IPv4InIPv6OutOfRangePart:
		return IPv4InIPv6OutOfRangePart
	case IPv4InIPv6TooFewParts:
		return IPv4InIPv6TooFewParts
	case InvalidURLUnit:
		return InvalidURLUnit
	case SpecialSchemeMissingFollowingSolidus:
		return SpecialSchemeMissingFollowingSolidus
	case MissingSchemeNonRelativeURL:
		return MissingSchemeNonRelativeURL
	case InvalidReverseSolidus:
		return InvalidReverseSolidus
	case InvalidCredentials:
		return InvalidCredentials
	case HostMissing:
		return HostMissing
	case PortOutOfRange:
		return PortOutOfRange
	case PortInvalid:
		return PortInvalid
	case FileInvalidWindowsDriveLetter:
		return FileInvalidWindowsDriveLetter
	case FileInvalidWindowsDriveLetterHost:
		return FileInvalidWindowsDriveLetterHost
	case HrefTooLong:
		return HrefTooLong
	}
	return n
}

// maxHrefLen is the longest href; a variable so that a test can lower it.
var maxHrefLen = math.MaxInt32

// A ValidationError is one of the URL Standard's validation errors, as
// Parser.OnValidationError receives it: a place where the input is not a
// valid URL string. Most do not stop the parser; the one that does is the
// reason a parse fails, the Err (its name) and Offset of the *Error. It is
// a value to read, not an error: errors.Is finds the name in the *Error.
type ValidationError struct {
	name   ErrorName
	offset int
}

// Name returns the spec's name of the error, such as "IPv6-unclosed".
func (e ValidationError) Name() ErrorName { return e.name }

// Offset returns the byte offset in the input, as given, where the error
// is: the code point for errors about a code point, the start of the host
// for errors of the host parser (IPv4, IPv6 and IDNA among them), the start
// of the port's digits for port-out-of-range, and for invalid-URL-unit
// about trimmed or removed bytes the first of them. Offsets count the bytes
// the parser removes (leading spaces, tabs, newlines), so they index the
// string that was passed in; for a setter, the value that was passed in.
func (e ValidationError) Offset() int { return e.offset }

// String returns the name and the offset, as in "IPv6-unclosed at 7".
func (e ValidationError) String() string {
	return string(e.name) + " at " + strconv.Itoa(e.offset)
}

// reporter is where the parser's validation errors go; report is the one
// way to raise one. It keeps the last, which is the reason when a parse
// fails, and passes each to the caller's callback, if any. Offsets are
// kept in the cleaned input that the state machine reads and mapped back
// to the input as given when they leave the parser.
type reporter struct {
	fn     func(ValidationError)
	last   ErrorName
	lastAt int // offset of last, in the cleaned input
	shift  int // bytes removed from the front of the input

	// When tabs or newlines were removed, raw is the input before that,
	// after the shift; a cursor walks it to map offsets back, in linear
	// time overall since errors come mostly in input order.
	raw                 string
	cursorIn, cursorRaw int
}

// report raises the validation error name at offset at of the cleaned
// input.
func (r *reporter) report(name ErrorName, at int) {
	r.last, r.lastAt = name, at
	if r.fn != nil {
		r.fn(ValidationError{name: name, offset: r.inputOffset(at)})
	}
}

// reason returns the last error, the reason for a failure.
func (r *reporter) reason() ValidationError {
	return ValidationError{name: r.last, offset: r.inputOffset(r.lastAt)}
}

// failure is the *Error of a run that failed: Err is the last error's
// name (nil when the run failed without one, for the caller to fill in),
// Offset its place in input.
func (r *reporter) failure(op, input string) *Error {
	v := r.reason()
	e := &Error{Op: op, Input: input, Offset: v.offset}
	if v.name != "" {
		e.Err = v.name.asError()
	}
	return e
}

// inputOffset maps an offset in the cleaned input to the input as given.
func (r *reporter) inputOffset(o int) int {
	if r.raw == "" {
		return o + r.shift
	}
	if o < r.cursorIn {
		r.cursorIn, r.cursorRaw = 0, 0
	}
	// Step over kept bytes and the removed ones before each, up to o.
	for r.cursorRaw < len(r.raw) {
		c := r.raw[r.cursorRaw]
		if c == '\t' || c == '\n' || c == '\r' {
			r.cursorRaw++
			continue
		}
		if r.cursorIn == o {
			break
		}
		r.cursorIn++
		r.cursorRaw++
	}
	return r.cursorRaw + r.shift
}
