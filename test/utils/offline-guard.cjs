// Preloaded with `node --require` into a process that must run offline; worker threads inherit it. fetch, socket
// connections and DNS look-ups throw, and each attempt is first written to stderr: a library that catches the error
// and falls back (zbar-wasm's loader does) still leaves the line for the test to find.
const dns = require('node:dns');
const { writeSync } = require('node:fs');
const net = require('node:net');

function refuse(what) {
  writeSync(2, `offline-guard: ${what}\n`);
  throw new Error(`network access in a process that must run offline: ${what}`);
}

globalThis.fetch = (input) => refuse(`fetch ${String(input)}`);
net.Socket.prototype.connect = function connect(options) {
  return refuse(`connect ${JSON.stringify(options)}`);
};
dns.lookup = (host) => refuse(`dns ${host}`);
dns.promises.lookup = async (host) => refuse(`dns ${host}`);
