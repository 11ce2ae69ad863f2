// Reads {"input", "base"} lines and writes, for each, what jsdom's
// whatwg-url reports: whether it parses, its validation errors in order,
// and whether the input is a valid URL string.
"use strict";
const whatwgURL = require("whatwg-url");
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", line => {
  const { input, base } = JSON.parse(line);
  const baseURL = base === null ? null : whatwgURL.parseURL(base);
  const { url, validationErrors } = whatwgURL.parseURLWithValidationErrors(input, { baseURL });
  const valid = whatwgURL.isValidURLString(input, { baseURL });
  process.stdout.write(JSON.stringify({ ok: url !== null, errors: validationErrors, valid }) + "\n");
});
