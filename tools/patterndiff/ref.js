// Reads {"pattern", "base", "ignoreCase", "inputs"} lines and writes, for
// each, what the URLPattern polyfill gives: an error, or the eight pattern
// strings and, for each input, null or every component's input and groups
// (undefined groups as null).
"use strict";
const { URLPattern } = require("urlpattern-polyfill");
const components = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", line => {
  const c = JSON.parse(line);
  let p;
  try {
    p = c.base === "" ? new URLPattern(c.pattern, { ignoreCase: c.ignoreCase })
                      : new URLPattern(c.pattern, c.base, { ignoreCase: c.ignoreCase });
  } catch (e) {
    process.stdout.write(JSON.stringify({ error: true }) + "\n");
    return;
  }
  const out = { error: false, components: components.map(k => p[k]), results: [] };
  for (const input of c.inputs) {
    const r = p.exec(input);
    if (r === null) { out.results.push(null); continue; }
    out.results.push(components.map(k => {
      const groups = {};
      for (const [name, value] of Object.entries(r[k].groups)) groups[name] = value === undefined ? null : value;
      return { input: r[k].input, groups };
    }));
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});
