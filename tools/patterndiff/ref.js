// Reads {"pattern", "base", "ignoreCase", "inputs"} lines and writes, for
// each, the URLPattern polyfill's verdict (verdict.js).
"use strict";
const { URLPattern } = require("urlpattern-polyfill");
const verdict = require("./verdict.js");
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", line => {
  process.stdout.write(JSON.stringify(verdict(URLPattern, JSON.parse(line))) + "\n");
});
