import { sanitiseSvgLogo, SVG_CANVAS_LIMIT, SVG_DEPTH_LIMIT } from './svg-logo';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const refusal = (text: string) => {
  const logo = sanitiseSvgLogo(text);
  return logo.ok ? null : logo.refusal;
};
const kept = (text: string) => {
  const logo = sanitiseSvgLogo(text);
  if (!logo.ok) throw new Error(`refused: ${logo.refusal}`);
  return logo;
};

describe('SVG logos: parsed, reduced to plain vector drawing, written out again', () => {
  it('keeps a generator preset (gradient, rects, circles, paths, strokes) as it was drawn', () => {
    const instagram =
      `<svg ${SVG} viewBox="0 0 64 64" width="64" height="64"><defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0">` +
      '<stop offset="0" stop-color="#f9a825"/><stop offset="1" stop-color="#7b1fa2"/></linearGradient></defs>' +
      '<rect x="2" y="2" width="60" height="60" rx="16" fill="url(#g)"/><circle cx="32" cy="32" r="8.5" fill="none" stroke="#fff" ' +
      'stroke-width="5"/>' +
      '<path d="M36 56V28c0-5 2.5-8 8-8h4" fill="none" stroke="#fff" stroke-linecap="round"/></svg>';
    const logo = kept(instagram);
    expect(logo.svg).toBe(instagram.replace(SVG, `${SVG} xmlns:xlink="http://www.w3.org/1999/xlink"`));
    expect(logo).toMatchObject({ width: 64, height: 64, rasterWidth: 512 });
  });

  it('refuses filters (feTurbulence, a filter attribute or style), scripts, handlers, foreignObject, entities', () => {
    expect(
      refusal(
        `<svg ${SVG} width="600" height="600"><filter id="f" x="-2" y="-2" width="5" height="5"><feTurbulence baseFrequency="0.9" ` +
          `numOctaves="10"/></filter><rect width="600" height="600" filter="url(#f)"/></svg>`,
      ),
    ).toBe('SVG logos with filters are not allowed');
    expect(refusal(`<svg ${SVG}><rect width="6" height="6" filter="url(#f)"/></svg>`)).toBe('SVG logos with filters are not allowed');
    expect(refusal(`<svg ${SVG}><rect width="6" height="6" style="fill:red; filter: blur(5px)"/></svg>`)).toBe(
      'SVG logos with filters are not allowed',
    );
    expect(refusal(`<svg ${SVG}><g><script>alert(1)</script></g></svg>`)).toBe('SVG logos with scripts are not allowed');
    expect(refusal(`<svg ${SVG}><rect ONCLICK="x()"/></svg>`)).toBe('SVG logos with event handlers are not allowed');
    expect(refusal(`<svg ${SVG}><foreignObject><div xmlns="http://www.w3.org/1999/xhtml"/></foreignObject></svg>`)).toBe(
      'SVG logos with embedded HTML are not allowed',
    );
    expect(refusal(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">]><svg ${SVG}/>`)).toBe(
      'SVG logos with entity declarations are not allowed',
    );
    expect(refusal(`<svg ${SVG}><title>&lol;</title></svg>`)).toBe('The SVG logo could not be read');
  });

  it('refuses every reference that is not a local #id: external files, data: URLs (an embedded PNG bomb), script links', () => {
    const xlink = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
    expect(refusal(`<svg ${SVG} ${xlink}><image width="10" height="10" xlink:href="data:image/png;base64,iVBORw0KGgo="/></svg>`)).toBe(
      'SVG logos with embedded images are not allowed',
    );
    expect(refusal(`<svg ${SVG}><use href=" data:image/svg+xml,&lt;svg/&gt;"/></svg>`)).toBe(
      'SVG logos with embedded images are not allowed',
    );
    expect(refusal(`<svg ${SVG}><use href="https://evil.example/a.svg#x"/></svg>`)).toBe(
      'SVG logos with external references are not allowed',
    );
    expect(refusal(`<svg ${SVG}><rect fill="url('https://evil.example/p.svg#g')"/></svg>`)).toBe(
      'SVG logos with external references are not allowed',
    );
    expect(refusal(`<svg ${SVG}><style>@import url(x.css);</style></svg>`)).toBe('SVG logos with external references are not allowed');
    expect(refusal(`<?xml-stylesheet href="x.css"?><svg ${SVG}/>`)).toBe('SVG logos with external references are not allowed');
    expect(refusal(`<svg ${SVG} ${xlink}><use xlink:href="java&#x09;script:alert(1)"/></svg>`)).toBe(
      'SVG logos with script links are not allowed',
    );
    expect(kept(`<svg ${SVG}><defs><path id="p" d="M0 0h4v4z"/></defs><use href="#p" x="2"/></svg>`).svg).toContain(
      '<use xlink:href="#p" x="2"/>',
    );
  });

  it('bounds the canvas (width/height and viewBox, any unit) and fits the raster into 512 px on the longer side', () => {
    const tooLarge = `The SVG logo is too large: at most ${SVG_CANVAS_LIMIT} x ${SVG_CANVAS_LIMIT} pixels`;
    expect(refusal(`<svg ${SVG} width="30000" height="30000"><rect width="10" height="10"/></svg>`)).toBe(tooLarge);
    expect(refusal(`<svg ${SVG} viewBox="0 0 5000 10"/>`)).toBe(tooLarge);
    expect(refusal(`<svg ${SVG} width="50in" height="1in"/>`)).toBe(tooLarge);
    expect(refusal(`<svg ${SVG} width="0" height="10"/>`)).toBe('The SVG logo could not be read');
    expect(kept(`<svg ${SVG} width="100%" viewBox="0 0 40 80"/>`)).toMatchObject({ width: 40, height: 80, rasterWidth: 256 });
    expect(kept(`<svg ${SVG}/>`)).toMatchObject({ width: 100, height: 100, rasterWidth: 512 });
  });

  it('drops what is outside the allow-list (editor metadata, text, style sheets, foreign attributes, nested svg)', () => {
    const inkscape =
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Created with Inkscape -->\n<svg ${SVG} ` +
      `xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10">` +
      '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata><style>rect{fill:red}</style>' +
      '<g inkscape:label="Layer 1" class="a" style="fill:#00f; stroke : #f00;cursor:pointer"><text x="1">Hi</text><rect width="1" ' +
      'height="1"/></g>' +
      '<svg width="5000"><rect/></svg><inkscape:thing/></svg>';
    expect(kept(inkscape).svg).toBe(
      `<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><g style="fill:#00f;stroke:#f00"><rect width="1" ` +
        `height="1"/></g></svg>`,
    );
  });

  it('parses XML strictly: malformed documents, other roots and deep nesting are refused', () => {
    for (const broken of [
      `<svg ${SVG}><rect></svg>`,
      `<svg ${SVG}><rect x="1" x="2"/></svg>`,
      `<svg ${SVG} width=10/>`,
      `<svg ${SVG}/><svg ${SVG}/>`,
      `<svg ${SVG}><a:b/></svg>`,
      '<html><svg/></html>',
      'not xml',
    ])
      expect(refusal(broken)).toBe('The SVG logo could not be read');
    const deep = `<svg ${SVG}>${'<g>'.repeat(SVG_DEPTH_LIMIT)}${'</g>'.repeat(SVG_DEPTH_LIMIT)}</svg>`;
    expect(refusal(deep)).toBe('This image is too complex to process');
    // Attribute values are escaped on the way out: what was checked is what resvg reads.
    expect(kept(`<svg ${SVG}><title>a &lt;b&gt; &amp; "c"</title><rect id="x&quot;y"/></svg>`).svg).toContain(
      '<title>a &lt;b&gt; &amp; &quot;c&quot;</title><rect id="x&quot;y"/>',
    );
  });

  it(
    'parses the parts attackers make long without backtracking (it runs on the event loop): unclosed comments and url(, long ' + 'numbers',
    () => {
      const long = 400_000;
      expect(refusal(`<svg ${SVG}><rect style="fill:red;${'/*'.repeat(long)}"/></svg>`)).toBeNull();
      expect(refusal(`<svg ${SVG}><rect fill="${'url('.repeat(long)}"/></svg>`)).toBe('The SVG logo could not be read');
      expect(refusal(`<svg ${SVG}><rect style="fill:${' '.repeat(long)}x ${' '.repeat(long)}y"/></svg>`)).toBeNull();
      expect(refusal(`<svg ${SVG} width="${'1'.repeat(long)}!"/>`)).toBe('The SVG logo could not be read');
    },
  );
});
