package weburl

import (
	"strconv"

	"github.com/weburl/weburl/internal/ascii"
)

// parseIPv6 is the spec's "IPv6 parser", step by step. The input is what
// stood between the brackets.
func (h hostParser) parseIPv6(input string) (address [8]uint16, ok bool) {
	pieceIndex := 0
	compress := -1
	pointer := 0
	c := func() int { // the code point at pointer, or -1 for EOF
		if pointer < len(input) {
			return int(input[pointer])
		}
		return -1
	}
	if c() == ':' {
		if pointer+1 >= len(input) || input[pointer+1] != ':' {
			h.report(IPv6InvalidCompression)
			return address, false
		}
		pointer += 2
		pieceIndex++
		compress = pieceIndex
	}
	for c() != -1 {
		if pieceIndex == 8 {
			h.report(IPv6TooManyPieces)
			return address, false
		}
		if c() == ':' {
			if compress != -1 {
				h.report(IPv6MultipleCompression)
				return address, false
			}
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && c() != -1 && ascii.IsHex(byte(c())) {
			value = value*0x10 + int(ascii.Unhex(byte(c())))
			pointer++
			length++
		}
		if c() == '.' {
			if length == 0 {
				h.report(IPv4InIPv6InvalidCodePoint)
				return address, false
			}
			pointer -= length
			if pieceIndex > 6 {
				h.report(IPv4InIPv6TooManyPieces)
				return address, false
			}
			numbersSeen := 0
			for c() != -1 {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if c() == '.' && numbersSeen < 4 {
						pointer++
					} else {
						h.report(IPv4InIPv6InvalidCodePoint)
						return address, false
					}
				}
				if c() == -1 || c() < '0' || c() > '9' {
					h.report(IPv4InIPv6InvalidCodePoint)
					return address, false
				}
				for c() >= '0' && c() <= '9' {
					number := c() - '0'
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0:
						h.report(IPv4InIPv6InvalidCodePoint)
						return address, false
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						h.report(IPv4InIPv6OutOfRangePart)
						return address, false
					}
					pointer++
				}
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				h.report(IPv4InIPv6TooFewParts)
				return address, false
			}
			break
		} else if c() == ':' {
			pointer++
			if c() == -1 {
				h.report(IPv6InvalidCodePoint)
				return address, false
			}
		} else if c() != -1 {
			h.report(IPv6InvalidCodePoint)
			return address, false
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			h.report(IPv6PieceLeadingZero)
		}
		address[pieceIndex] = uint16(value)
		pieceIndex++
	}
	if compress != -1 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			address[pieceIndex], address[compress+swaps-1] = address[compress+swaps-1], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		h.report(IPv6TooFewPieces)
		return address, false
	}
	return address, true
}

// ipv6CompressIndex is the spec's "find the IPv6 address compressed piece
// index": the first longest run of two or more zero pieces, or -1.
func ipv6CompressIndex(a *[8]uint16) int {
	longestIndex, longestSize := -1, 1
	foundIndex, foundSize := -1, 0
	for i, piece := range a {
		if piece != 0 {
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			foundIndex, foundSize = -1, 0
			continue
		}
		if foundIndex == -1 {
			foundIndex = i
		}
		foundSize++
	}
	if foundSize > longestSize {
		return foundIndex
	}
	return longestIndex
}

// appendIPv6 is the spec's "IPv6 serializer" (without the brackets).
func appendIPv6(dst []byte, a *[8]uint16) []byte {
	compress := ipv6CompressIndex(a)
	ignore0 := false
	for i, piece := range a {
		if ignore0 && piece == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				dst = append(dst, "::"...)
			} else {
				dst = append(dst, ':')
			}
			ignore0 = true
			continue
		}
		dst = strconv.AppendUint(dst, uint64(piece), 16)
		if i != 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}
