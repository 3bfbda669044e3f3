import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Resvg } from '@resvg/resvg-js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PNG } from 'pngjs';
import { svgDataUrl } from '../../../../test/fixtures/styled/styled-fixtures';
import { qrMatrix } from '../qr-matrix';
import { cleanSvgLogo } from './clean-svg-logo';
import { scenePng } from './scene-png';
import { sceneSvg } from './scene-svg';
import { judgeServiceQrStyle } from './service-qr-style';
import { styledQrScene } from './styled-qr-scene';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"';
const svg = (body: string, attributes = '') => `<svg ${NS}${attributes}>${body}</svg>`;
const clean = (text: string) => cleanSvgLogo(text, () => undefined);

const HOSTILE = [
  'a script',
  'an XHTML script',
  'an event attribute',
  'foreignObject',
  'a DOCTYPE with an entity',
  'a DOCTYPE alone',
  'text',
  'an absolute file URL',
  'an absolute path',
  'an xlink:href path',
  'a relative path',
  'an http URL',
  'a use of another document',
  'CSS url() in an attribute',
  'CSS url() in style',
  'CSS @import',
  'a CSS escape',
  'a style sheet instruction',
  'an inline SVG image',
  'a reference hidden in metadata',
  'an unknown SVG element',
  'references that multiply',
];

describe('SVG logos', () => {
  let directory: string;
  let secretPng: string;
  let secretText: string;
  let server: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'svg-logo-'));
    // A magenta image and a text file a hostile logo points at: neither may show up anywhere.
    const png = new PNG({ width: 4, height: 4 });
    for (let offset = 0; offset < png.data.length; offset += 4) png.data.set([255, 0, 255, 255], offset);
    secretPng = join(directory, 'secret.png');
    writeFileSync(secretPng, PNG.sync.write(png));
    secretText = join(directory, 'secret.txt');
    writeFileSync(secretText, 'SECRET-CONTENTS-7f3a');
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  });

  it('keeps drawing elements, presentation attributes, style sheets and #references; drops metadata and editor markup', () => {
    const result = clean(
      '<?xml version="1.0"?><!-- made by hand -->' +
        svg(
          '<title>Logo</title><metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>' +
            '<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" pagecolor="#fff"/>' +
            '<style>.a{fill:url(#g)}</style><defs><linearGradient id="g"><stop offset="0" stop-color="#0a3"/></linearGradient></defs>' +
            '<g transform="translate(1 1)" data-name="x"><circle class="a" cx="4" cy="4" r="3" fill="url(#g)"/>' +
            '<use xlink:href="#g"/><path d="M0 0L5 5" stroke="#000" stroke-width=".5"/></g>',
          ' width="100" height="100" xml:space="preserve"',
        ),
    );
    expect(result).toEqual({
      svg:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="100" height="100"><style>.a{fill:url(#g)}</style>' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#0a3"/></linearGradient></defs>' +
        '<g transform="translate(1 1)"><circle class="a" cx="4" cy="4" r="3" fill="url(#g)"/><use href="#g"/>' +
        '<path d="M0 0L5 5" stroke="#000" stroke-width=".5"/></g></svg>',
    });
  });

  const hostile = (): Array<[string, string]> => [
    ['a script', svg('<script>alert(1)</script>')],
    ['an XHTML script', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>')],
    ['an event attribute', svg('<rect width="5" height="5" onload="alert(1)"/>')],
    [
      'foreignObject',
      svg('<foreignObject width="5" height="5"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
    ],
    [
      'a DOCTYPE with an entity',
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file://${secretText}">]>${svg('<desc>&x;</desc>')}`,
    ],
    ['a DOCTYPE alone', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://127.0.0.1:${0}/svg11.dtd">${svg('')}`],
    ['text', svg('<text x="1" y="5">Hi</text>')],
    ['an absolute file URL', svg(`<image width="10" height="10" href="file://${secretPng}"/>`)],
    ['an absolute path', svg(`<image width="10" height="10" href="${secretPng}"/>`)],
    ['an xlink:href path', svg(`<image width="10" height="10" xlink:href="${secretPng}"/>`)],
    ['a relative path', svg(`<image width="10" height="10" href="${relative(process.cwd(), secretPng)}"/>`)],
    ['an http URL', svg(`<image width="10" height="10" href="http://127.0.0.1:PORT/logo.png"/>`)],
    ['a use of another document', svg(`<use href="http://127.0.0.1:PORT/defs.svg#a"/>`)],
    ['CSS url() in an attribute', svg(`<rect width="9" height="9" fill="url(http://127.0.0.1:PORT/p.svg#p)"/>`)],
    ['CSS url() in style', svg(`<rect width="9" height="9" style="fill: url('${secretPng}')"/>`)],
    ['CSS @import', svg(`<style>@import url(http://127.0.0.1:PORT/x.css);</style>`)],
    ['a CSS escape', svg(`<style>rect{fill:u\\72l(http://127.0.0.1:PORT/p)}</style>`)],
    ['a style sheet instruction', `<?xml-stylesheet href="http://127.0.0.1:PORT/x.css"?>${svg('')}`],
    ['an inline SVG image', svg(`<image href="${svgDataUrl(svg(`<image href="${secretPng}"/>`))}"/>`)],
    ['a reference hidden in metadata', svg(`<metadata><x:a xmlns:x="urn:x" href="${secretPng}"/></metadata>`)],
    ['an unknown SVG element', svg('<animate attributeName="href" to="/etc/passwd"/>')],
    ['references that multiply', svg(bomb())],
  ];

  it.each(HOSTILE.map((name) => [name]))('refuses %s as unsafe, and reads nothing while judging it', (name) => {
    const text = hostile()
      .find(([candidate]) => candidate === name)![1]
      .replace(/PORT/g, String(port));
    const judged = judgeServiceQrStyle({ logo: { image: svgDataUrl(text) } }, { margin: 4 });
    expect(judged.issues).toEqual([expect.objectContaining({ field: 'style.logo.image', issue: 'unsafe' })]);
    expect(JSON.stringify(judged)).not.toContain('SECRET-CONTENTS');
    expect(connections).toBe(0);
  });

  it('the file references above are ones resvg itself would follow: the refusal is what keeps them out', () => {
    const raw = svg(`<image width="10" height="10" href="${secretPng}"/>`).replace(
      ' viewBox',
      ' width="10" height="10" viewBox',
    );
    const pixels = new Resvg(raw, { font: { loadSystemFonts: false } }).render().pixels;
    expect([...pixels.subarray(0, 4)]).toEqual([255, 0, 255, 255]);
  });

  it('a cleaned logo is what the outputs carry: its SVG inline, drawn into the PNG, nothing read from outside', () => {
    const logo = svg('<circle cx="5" cy="5" r="4" fill="#0a3"/>', ' width="10" height="10"');
    const judged = judgeServiceQrStyle({ logo: { image: svgDataUrl(`<!-- c -->${logo}`) } }, { margin: 4 });
    expect(judged.issues).toEqual([]);
    const scene = styledQrScene(qrMatrix('BEGIN:VCARD\r\nEND:VCARD\r\n', judged.level), judged.style!, { margin: 4 });
    const out = sceneSvg(scene, { scale: 4 });
    const inline = /href="data:image\/svg\+xml;base64,([^"]+)"/.exec(out)?.[1];
    expect(Buffer.from(inline!, 'base64').toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><circle cx="5" cy="5" r="4" fill="#0a3"/></svg>',
    );
    const png = PNG.sync.read(scenePng(scene, 4));
    const centre = ((png.height / 2) * png.width + png.width / 2) * 4;
    expect([...png.data.subarray(centre, centre + 3)]).toEqual([0, 170, 51]);
    expect(connections).toBe(0);
  });

  it('malformed XML and a root other than svg are invalid values', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>',
      '<html/>',
      svg('') + '<svg/>',
      'plain text',
      svg('&nope;'),
    ])
      expect(clean(text)).toEqual({ issue: 'invalid_value' });
  });
});

/** Ten levels of groups that each use the level below ten times: 10^10 elements once expanded. */
function bomb(): string {
  let defs = '<g id="l0"><rect width="1" height="1"/></g>';
  for (let level = 1; level <= 10; level++)
    defs += `<g id="l${level}">${Array.from({ length: 10 }, () => `<use href="#l${level - 1}"/>`).join('')}</g>`;
  return `<defs>${defs}</defs><use href="#l10"/>`;
}
