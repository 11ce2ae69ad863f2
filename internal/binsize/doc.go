// Package binsize holds the tests of what a program using weburl links:
// no package of the library pulls in net/http or crypto/tls, and a
// program that only parses URLs (./parseonly) stays close in size to the
// same program using net/url (./neturl). It has no code of its own.
package binsize
