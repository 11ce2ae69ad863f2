module github.com/weburl/weburl

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
