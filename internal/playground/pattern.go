package playground

// pattern is /api/pattern: it waits for package urlpattern.
func pattern(req request) (any, error) {
	return nil, errBadRequest("URLPattern is not built in yet")
}
