// verdict is what the URLPattern class gives for the case c ({pattern,
// base, ignoreCase, inputs}): an error, or the eight pattern strings and,
// for each input, null or every component's input and groups (undefined
// groups as null). ref.js asks the polyfill's class; chromium.go's page,
// the browser's own.
function verdict(URLPattern, c) {
  const components = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
  let p;
  try {
    p = c.base === "" ? new URLPattern(c.pattern, { ignoreCase: c.ignoreCase })
                      : new URLPattern(c.pattern, c.base, { ignoreCase: c.ignoreCase });
  } catch (e) {
    return { error: true };
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
  return out;
}
if (typeof module !== "undefined") module.exports = verdict;
