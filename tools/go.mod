module github.com/weburl/weburl/tools

go 1.26.0

require github.com/weburl/weburl v0.0.0

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)

replace github.com/weburl/weburl => ../
