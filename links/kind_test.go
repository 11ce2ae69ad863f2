package links

import "testing"

// The kinds of HTML's link types for <link>, from the HTML Standard's
// table "Link types" (its "Effect on link" column: External Resource or
// Hyperlink), with the three external resources from whose URL nothing is
// fetched as none.
func TestRelKind(t *testing.T) {
	tests := []struct {
		rel  string
		want Kind
	}{
		{"stylesheet", Resource},
		{"icon", Resource},
		{"manifest", Resource},
		{"modulepreload", Resource},
		{"preload", Resource},
		{"prefetch", Resource},
		{"apple-touch-icon", Resource},
		{"mask-icon", Resource},
		{"shortcut icon", Resource},
		{"alternate stylesheet", Resource},
		{"stylesheet alternate", Resource},
		{" STYLESHEET ", Resource},
		{"alternate", Navigation},
		{"author", Navigation},
		{"canonical", Navigation},
		{"help", Navigation},
		{"license", Navigation},
		{"me", Navigation},
		{"next", Navigation},
		{"prev", Navigation},
		{"privacy-policy", Navigation},
		{"search", Navigation},
		{"terms-of-service", Navigation},
		{"Next\tprev", Navigation},
		{"nofollow next", Navigation},
		{"dns-prefetch", 0},
		{"preconnect", 0},
		{"pingback", 0},
		{"expect", 0},
		{"nofollow", 0},
		{"", 0},
		{"  ", 0},
		{"amphtml", 0},
		{"stylesheets", 0},
		{"next-page", 0},
	}
	for _, tc := range tests {
		if got := relKind(tc.rel); got != tc.want {
			t.Errorf("relKind(%q) = %v, want %v", tc.rel, got, tc.want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{0: "", Navigation: "navigation", Resource: "resource", 9: ""} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

// TestKinds holds every element and attribute to the Kind of the package
// doc's table.
func TestKinds(t *testing.T) {
	page := `<a href=a ping="p1 p2"></a><area href=area ping=p3>
<link rel=stylesheet href=s.css><link rel=canonical href=c><link rel=preconnect href=//pc.example><link href=none>
<link rel=preload as=image href=pre.png imagesrcset="pre-1x.png 1x, pre-2x.png 2x">
<img src=i.png srcset="i2.png 2x"><picture><source srcset=src.webp></picture>
<script src=j.js></script><embed src=e.swf><video src=v.mp4 poster=p.jpg><source src=v.webm><track src=t.vtt></video>
<audio src=a.ogg></audio><input type=image src=in.png formaction=fa><object data=o.pdf></object>
<iframe src=f.html></iframe><frameset><frame src=fr.html></frameset>
<form action=act><button formaction=bfa></button></form>
<blockquote cite=bq></blockquote><q cite=q></q><del cite=d></del><ins cite=ins></ins>
<meta http-equiv=refresh content="0; url=r"><style>x{y:url(st.png)}</style><p style="z:url(sa.png)">
<svg><a href=sva></a><a xlink:href=svx></a><image href=svi.png /></svg><image src=html-image.png>`
	got := extract(t, page, pageURL, "")
	type tk struct {
		tag, attr, raw string
		kind           Kind
	}
	want := []tk{
		{"a", "href", "a", Navigation}, {"a", "ping", "p1", 0}, {"a", "ping", "p2", 0},
		{"area", "href", "area", Navigation}, {"area", "ping", "p3", 0},
		{"link", "href", "s.css", Resource}, {"link", "href", "c", Navigation},
		{"link", "href", "//pc.example", 0}, {"link", "href", "none", 0},
		{"link", "href", "pre.png", Resource}, {"link", "imagesrcset", "pre-1x.png", Resource},
		{"link", "imagesrcset", "pre-2x.png", Resource},
		{"img", "src", "i.png", Resource}, {"img", "srcset", "i2.png", Resource},
		{"source", "srcset", "src.webp", Resource},
		{"script", "src", "j.js", Resource}, {"embed", "src", "e.swf", Resource},
		{"video", "src", "v.mp4", Resource}, {"video", "poster", "p.jpg", Resource},
		{"source", "src", "v.webm", Resource}, {"track", "src", "t.vtt", Resource},
		{"audio", "src", "a.ogg", Resource}, {"input", "src", "in.png", Resource},
		{"input", "formaction", "fa", Navigation}, {"object", "data", "o.pdf", Resource},
		{"iframe", "src", "f.html", Navigation}, {"frame", "src", "fr.html", Navigation},
		{"form", "action", "act", Navigation}, {"button", "formaction", "bfa", Navigation},
		{"blockquote", "cite", "bq", Navigation}, {"q", "cite", "q", Navigation},
		{"del", "cite", "d", Navigation}, {"ins", "cite", "ins", Navigation},
		{"meta", "content", "r", Navigation}, {"style", "url", "st.png", Resource},
		{"p", "style", "sa.png", Resource},
		{"a", "href", "sva", Navigation}, {"a", "xlink:href", "svx", Navigation},
		{"image", "href", "svi.png", Resource}, {"img", "src", "html-image.png", Resource},
	}
	if len(got) != len(want) {
		for _, l := range got {
			t.Log(linkString(l))
		}
		t.Fatalf("%d links, want %d", len(got), len(want))
	}
	for i, l := range got {
		if g := (tk{l.Tag, l.Attr, l.Raw, l.Kind}); g != want[i] {
			t.Errorf("link %d: %+v, want %+v", i, g, want[i])
		}
	}
}

func TestPing(t *testing.T) {
	// A set of space-separated tokens, each a URL parsed against the base
	// URL with the document's encoding.
	page := "<a href=x ping=\" /p1\t/p2\n\n?\xe9 \f\"></a><area ping=''><a ping=\"http://[::1\"></a>"
	checkLinks(t, extract(t, page, pageURL, "text/html; charset=windows-1252"), []want{
		{"a", "href", "x", "https://example.com/dir/x", ""},
		{"a", "ping", "/p1", "https://example.com/p1", ""},
		{"a", "ping", "/p2", "https://example.com/p2", ""},
		{"a", "ping", "?\u00e9", "https://example.com/dir/page.html?%E9", ""},
		{"a", "ping", "http://[::1", "", "IPv6-unclosed"},
	})
}

func TestImagesrcset(t *testing.T) {
	// Read only on rel=preload as=image (HTML: imagesrcset must only be
	// specified there, and the preload steps read it only for images).
	page := `<link rel=preload as=image imagesrcset="a.png 1x, b.png 2x" imagesizes=50vw>
<link rel="Preload" as=" IMAGE " imagesrcset="c.png 100w">
<link rel=preload as=script imagesrcset="no1.png 1x" href=s.js>
<link rel=stylesheet imagesrcset="no2.png 1x" href=x.css>
<img imagesrcset="no3.png">`
	checkLinks(t, extract(t, page, pageURL, ""), []want{
		{"link", "imagesrcset", "a.png", "https://example.com/dir/a.png", ""},
		{"link", "imagesrcset", "b.png", "https://example.com/dir/b.png", ""},
		{"link", "imagesrcset", "c.png", "https://example.com/dir/c.png", ""},
		{"link", "href", "s.js", "https://example.com/dir/s.js", ""},
		{"link", "href", "x.css", "https://example.com/dir/x.css", ""},
	})
}

func TestSVG(t *testing.T) {
	tests := []struct {
		name, page string
		want       []want
	}{
		{"xlink:href in SVG", `<svg><a xlink:href="x"><image xlink:href="i.png"/></a></svg>`, []want{
			{"a", "xlink:href", "x", "https://example.com/dir/x", ""},
			{"image", "xlink:href", "i.png", "https://example.com/dir/i.png", ""}}},
		// SVG 2: "When the href attribute is present in both the XLink
		// namespace and without a namespace, the value of the attribute
		// without a namespace shall be used", whatever their order.
		{"href wins", `<svg><a xlink:href="x1" href="h1"></a><image href="h2" xlink:href="x2"/></svg>`, []want{
			{"a", "href", "h1", "https://example.com/dir/h1", ""},
			{"image", "href", "h2", "https://example.com/dir/h2", ""}}},
		{"an empty href still wins", `<svg><a href="" xlink:href="x"></a><image href="" xlink:href="y"/></svg>`, []want{
			{"a", "href", "", "https://example.com/dir/page.html?x", ""}}},
		{"an empty xlink:href of an a is the page", `<svg><a xlink:href=""></a><image xlink:href=""/></svg>`, []want{
			{"a", "xlink:href", "", "https://example.com/dir/page.html?x", ""}}},
		{"xlink:href outside SVG is nothing", `<a xlink:href="x"></a><img xlink:href="y">`, nil},
		{"image outside SVG is img", `<image src="i.png" href="h.png"><IMAGE SRCSET="s.png 2x">`, []want{
			{"img", "src", "i.png", "https://example.com/dir/i.png", ""},
			{"img", "srcset", "s.png", "https://example.com/dir/s.png", ""}}},
		{"after </svg>", `<svg><image href=a.png /></svg><image href=b.png><a xlink:href=c></a>`, []want{
			{"image", "href", "a.png", "https://example.com/dir/a.png", ""}}},
		{"nested svg", `<svg><svg></svg><image href=a.png /></svg>`, []want{
			{"image", "href", "a.png", "https://example.com/dir/a.png", ""}}},
		{"a self-closing svg opens nothing", `<svg/><image src=a.png href=b.png>`, []want{
			{"img", "src", "a.png", "https://example.com/dir/a.png", ""}}},
		{"an HTML element ends foreign content", `<svg><p><image src=a.png href=b.png>`, []want{
			{"img", "src", "a.png", "https://example.com/dir/a.png", ""}}},
		{"so does </p>", `<svg></p><a xlink:href=x></a>`, nil},
		{"svg's style attribute", `<svg style="background:url(bg.png)"><g style="fill:url(#g)"/></svg>`, []want{
			{"svg", "style", "bg.png", "https://example.com/dir/bg.png", ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkLinks(t, extract(t, tc.page, pageURL, ""), tc.want)
		})
	}
}

func TestHasStyleAttr(t *testing.T) {
	for raw, want := range map[string]bool{
		`<div style="x">`: true, `<div STYLE=x>`: true, `<div sTyLe>`: true, `<div data-style=x>`: true,
		`<div stye=x>`: false, `<div>`: false, `<styl`: false, ``: false,
	} {
		if got := hasStyleAttr([]byte(raw)); got != want {
			t.Errorf("hasStyleAttr(%q) = %v", raw, got)
		}
	}
}
