// Package browsertest tests the playground of `weburl serve` in a real
// browser, headless Chromium driven by chromedp, and holds webhttp's
// redirects against the browser's. It is a module of its own so that
// weburl's users never download chromedp.
package browsertest
