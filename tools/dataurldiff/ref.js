// Reads {"kind", "input"} lines and writes, for each, the reference
// implementations' answer: for "mime", whatwg-mimetype's serialization
// (null where the constructor throws); for "dataurl", data-urls' MIME
// type and body in hex (null where it returns null); for "base64", Node's
// atob() as hex (null where it throws).
"use strict";
const { MIMEType } = require("whatwg-mimetype");
const parseDataURL = require("data-urls");
const hex = bytes => Buffer.from(bytes).toString("hex");
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", line => {
  const { kind, input } = JSON.parse(line);
  let out = null;
  try {
    if (kind === "mime") {
      out = { type: new MIMEType(input).toString() };
    } else if (kind === "dataurl") {
      const d = parseDataURL(input);
      out = d === null ? null : { type: d.mimeType.toString(), body: hex(d.body) };
    } else if (kind === "base64") {
      out = { body: hex(Buffer.from(atob(input), "latin1")) };
    }
  } catch (e) {
    out = null;
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});
