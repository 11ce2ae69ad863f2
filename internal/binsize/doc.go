// Package binsize holds the tests of what a program using weburl links:
// no package of the library pulls in net/http or crypto/tls; a program
// that only parses URLs (./parseonly) stays close in size to the same
// program using net/url (./neturl) and links neither encoding/json,
// log/slog nor the Encoding Standard's encoders, which a program whose
// Parser has an Encoding (./legacyparse) does link. It has no code of its
// own.
package binsize
