module github.com/weburl/weburl/bench

go 1.26.0

require (
	github.com/dunglas/go-urlpattern v1.0.0
	github.com/go-chi/chi/v5 v5.5.0
	github.com/jimsmart/grobotstxt v1.0.3
	github.com/julienschmidt/httprouter v1.3.0
	github.com/temoto/robotstxt v1.1.2
	github.com/vincent-petithory/dataurl v1.0.0
	github.com/weburl/weburl v0.0.0-00010101000000-000000000000
)

require golang.org/x/exp v0.0.0-20260410095643-746e56fc9e2f // indirect

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/nlnwa/whatwg-url v0.6.2
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)

replace github.com/weburl/weburl => ../
