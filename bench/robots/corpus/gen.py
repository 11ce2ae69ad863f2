#!/usr/bin/env python3
"""Writes the robots.txt corpus of the robots benchmark (small.txt,
groups.txt, wildcards.txt, long.txt) in this folder: files of our own
making, shaped as real sites' files are (a fixed pseudo-random sequence,
the same on every run). The paths come from the words of real URLs, so
that some rules match the shared URL lists."""
import os
import random

here = os.path.dirname(os.path.abspath(__file__))
rnd = random.Random(37)
words = ["admin", "search", "cart", "checkout", "account", "login", "tmp", "private", "api", "static",
         "images", "css", "js", "wp-admin", "wp-content", "wp-includes", "cgi-bin", "news", "edgar",
         "blog", "tag", "category", "feed", "print", "share", "user", "users", "profile", "archive",
         "about", "contact", "help", "docs", "download", "files", "media", "video", "en", "de", "fr",
         "products", "product", "catalog", "filter", "sort", "page", "index", "home", "events", "org"]
exts = ["html", "htm", "php", "asp", "aspx", "pdf", "jpg", "gif", "xml", "json", "shtml"]
params = ["sort", "order", "filter", "color", "size", "page", "sessionid", "utm_source", "ref", "q", "s", "lang"]
bots = ["Googlebot", "Googlebot-Image", "Bingbot", "Slurp", "DuckDuckBot", "Baiduspider", "YandexBot",
        "AhrefsBot", "SemrushBot", "MJ12bot", "DotBot", "PetalBot", "GPTBot", "CCBot", "ClaudeBot",
        "Applebot", "facebookexternalhit", "Twitterbot", "ia_archiver", "ExampleBot", "Bytespider",
        "DataForSeoBot", "BLEXBot", "SeznamBot", "Sogou", "Exabot", "MegaIndex", "Qwantify", "archive_org_bot"]


def seg():
    return rnd.choice(words)


def path(depth=None):
    depth = depth or rnd.randint(1, 4)
    p = "/" + "/".join(seg() for _ in range(depth))
    r = rnd.random()
    if r < 0.3:
        p += "/"
    elif r < 0.5:
        p += "." + rnd.choice(exts)
    return p


def wild():
    r = rnd.random()
    if r < 0.2:
        return "/*?*" + rnd.choice(params) + "="
    if r < 0.35:
        return "/*." + rnd.choice(exts) + "$"
    if r < 0.5:
        return "/" + seg() + "/*/" + seg()
    if r < 0.6:
        return "/*" + rnd.choice(params) + "=*&" + rnd.choice(params) + "="
    if r < 0.7:
        return path() + "*"
    if r < 0.8:
        return "/" + seg() + "*" + seg() + "$"
    return path()


def rule(allow_share, wild_share):
    kind = "Allow" if rnd.random() < allow_share else "Disallow"
    return kind + ": " + (wild() if rnd.random() < wild_share else path())


def write(name, text):
    with open(os.path.join(here, name), "w") as f:
        f.write(text)


# small.txt: a small site's file.
write("small.txt", """# robots.txt for www.example.com
User-agent: *
Disallow: /admin/
Disallow: /cart
Disallow: /checkout/
Disallow: /search?
Disallow: /*?sessionid=
Allow: /admin/public/

Sitemap: https://www.example.com/sitemap.xml
""")

# groups.txt: a big site with a group per crawler, some merged, some
# sharing a group, and a long "*" group.
lines = ["# robots.txt of a large site", ""]
for i, bot in enumerate(bots):
    agents = [bot] + ([rnd.choice(bots)] if rnd.random() < 0.2 else [])
    for a in agents:
        lines.append("User-agent: " + a)
    if rnd.random() < 0.15:
        lines.append("Disallow: /")
    else:
        for _ in range(rnd.randint(3, 25)):
            lines.append(rule(0.3, 0.3))
    if rnd.random() < 0.3:
        lines.append("Crawl-delay: %d" % rnd.randint(1, 30))
    lines.append("")
lines.append("User-agent: *")
for _ in range(200):
    lines.append(rule(0.2, 0.3))
lines.append("")
for i in range(5):
    lines.append("Sitemap: https://www.example.com/sitemap-%d.xml" % i)
write("groups.txt", "\n".join(lines) + "\n")

# wildcards.txt: a shop's faceted navigation, mostly wildcards.
lines = ["User-agent: *"]
for _ in range(600):
    lines.append(rule(0.15, 0.85))
lines += ["", "User-agent: ExampleBot", "Allow: /products/", "Disallow: /*?*sort=", "Disallow: /*.pdf$", ""]
write("wildcards.txt", "\n".join(lines) + "\n")

# long.txt: a long file, many groups and thousands of rules (CRLF ends).
lines = []
for g in range(60):
    for a in rnd.sample(bots, rnd.randint(1, 3)):
        lines.append("User-agent: " + a)
    for _ in range(rnd.randint(10, 120)):
        lines.append(rule(0.25, 0.35))
    lines.append("")
lines.append("User-agent: *")
for _ in range(3000):
    lines.append(rule(0.25, 0.35) + ("  # " + seg() if rnd.random() < 0.1 else ""))
write("long.txt", "\r\n".join(lines) + "\r\n")

# urls.lst: URLs made of the same words, so that many rules match them
# (the shared lists' URLs seldom do): -list robots/corpus/urls.lst.
urls = []
for _ in range(1000):
    u = "https://www.example.com" + path()
    if rnd.random() < 0.4:
        u += "?" + "&".join("%s=%s" % (rnd.choice(params), seg()) for _ in range(rnd.randint(1, 3)))
    urls.append(u)
write("urls.lst", "\n".join(urls) + "\n")
