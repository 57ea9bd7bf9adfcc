/**
 * SVG logos reduced to plain vector drawing before anything renders them. The file is parsed as XML (a strict
 * parser here: saxes is only a dev dependency of qr-core, pruned from production images), checked, and written out
 * again from the parsed tree with allow-listed elements and attributes only, so resvg sees exactly what was checked.
 *
 * Refused, with the reason named: scripts, event handlers, script links, embedded HTML or content, filters, images
 * and every reference that is not a local `#id` (external files and data: URLs, so no PNG bomb rides inside),
 * DOCTYPE/entities, a canvas larger than SVG_CANVAS_LIMIT per side, nesting deeper than SVG_DEPTH_LIMIT.
 * Dropped silently: anything else outside the allow-list (editor metadata, text, style sheets, patterns...).
 * What is left can still be slow to draw (`use` can repeat a group many times): the render pool's time budget
 * bounds that.
 */

/** Largest width or height of a logo's canvas, in CSS pixels (user units). */
export const SVG_CANVAS_LIMIT = 4096;
/** Deepest element nesting kept (resvg walks the tree recursively). */
export const SVG_DEPTH_LIMIT = 64;
/** Width or height, whichever is longer, of the PNG a logo is rasterised to. */
export const LOGO_RASTER_SIDE = 512;

export const SVG_UNREADABLE = 'The SVG logo could not be read';
export const TOO_COMPLEX = 'This image is too complex to process';

export type SvgLogo = { ok: true; svg: string; width: number; height: number; rasterWidth: number } | { ok: false; refusal: string };

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'use',
  'title',
  'desc',
]);

/** Presentation properties, allowed as attributes and inside style="...". */
const PROPERTIES = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'visibility',
  'display',
  'color',
  'shape-rendering',
  'paint-order',
  'vector-effect',
  'stop-color',
  'stop-opacity',
]);

/** Geometry and structure attributes (one set for every allowed element: none of them is active on another). */
const ATTRIBUTES = new Set([
  ...PROPERTIES,
  'id',
  'style',
  'transform',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'x',
  'y',
  'rx',
  'ry',
  'cx',
  'cy',
  'r',
  'fx',
  'fy',
  'fr',
  'x1',
  'y1',
  'x2',
  'y2',
  'd',
  'points',
  'pathLength',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'href',
]);

/** Elements whose presence is refused (by local name, in any namespace), and why. */
const REFUSED_ELEMENTS: [RegExp, string][] = [
  [/^script$/i, 'scripts'],
  [/^foreignObject$/i, 'embedded HTML'],
  [/^(iframe|embed|object|audio|video|canvas)$/i, 'embedded content'],
  [/^(filter|fe[A-Z][A-Za-z]*)$/, 'filters'],
  [/^image$/i, 'embedded images'],
];

class Refusal extends Error {}
const refuse = (message: string): never => {
  throw new Refusal(message);
};
const notAllowed = (what: string): never => refuse(`SVG logos with ${what} are not allowed`);

interface XmlElement {
  /** Local name and resolved namespace (null: none declared, taken as SVG). */
  name: string;
  ns: string | null;
  attributes: { name: string; ns: string | null; value: string }[];
  children: (XmlElement | string)[];
}

// ---------------------------------------------------------------------------------------------- the XML parser

const NAME = /[A-Za-z_][A-Za-z0-9_.:-]*/y;
const SPACE = /[ \t\r\n]*/y;

function decodeEntities(raw: string): string {
  if (raw.includes('<')) refuse(SVG_UNREADABLE);
  return raw.replace(/&([^;&\s]*);?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) return refuse(SVG_UNREADABLE);
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (body in named) return named[body];
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!numeric) return refuse(SVG_UNREADABLE); // an entity only a DOCTYPE could declare
    const code = numeric[1] ? parseInt(numeric[1], 16) : Number(numeric[2]);
    const legal =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    return legal ? String.fromCodePoint(code) : refuse(SVG_UNREADABLE);
  });
}

/** Parses a whole XML document into its root element; throws Refusal on malformed XML, DOCTYPE or style sheets. */
function parseXml(text: string): XmlElement {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: { element: XmlElement; qname: string; scope: Map<string, string | null> }[] = [];
  let root: XmlElement | null = null;

  const expect = (token: string) => {
    if (!text.startsWith(token, at)) refuse(SVG_UNREADABLE);
    at += token.length;
  };
  const space = () => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    const moved = SPACE.lastIndex > at;
    at = SPACE.lastIndex;
    return moved;
  };
  const name = () => {
    NAME.lastIndex = at;
    const match = NAME.exec(text) ?? refuse(SVG_UNREADABLE);
    at = NAME.lastIndex;
    return match[0];
  };
  const until = (end: string) => {
    const stop = text.indexOf(end, at);
    if (stop < 0) refuse(SVG_UNREADABLE);
    const body = text.slice(at, stop);
    at = stop + end.length;
    return body;
  };
  /** Comments, processing instructions and declarations: whatever may stand between elements. */
  const misc = (): boolean => {
    if (text.startsWith('<!--', at)) {
      at += 4;
      if (until('-->').includes('--')) refuse(SVG_UNREADABLE);
      return true;
    }
    if (text.startsWith('<?', at)) {
      at += 2;
      const target = name();
      until('?>');
      if (/^xml-stylesheet$/i.test(target)) notAllowed('external references');
      return true;
    }
    if (text.startsWith('<!', at) && !text.startsWith('<![CDATA[', at)) notAllowed('entity declarations');
    return false;
  };

  // Prolog: XML declaration, comments, no DOCTYPE.
  for (;;) {
    space();
    if (!misc()) break;
  }
  if (text[at] !== '<') refuse(SVG_UNREADABLE);

  while (at < text.length) {
    if (!root || stack.length) {
      // Inside the root: text, CDATA, comments, child elements, end tags.
      if (text[at] !== '<') {
        const stop = text.indexOf('<', at);
        const raw = text.slice(at, stop < 0 ? text.length : stop);
        at += raw.length;
        if (!stack.length) refuse(SVG_UNREADABLE);
        stack[stack.length - 1].element.children.push(decodeEntities(raw));
        continue;
      }
      if (text.startsWith('<![CDATA[', at)) {
        if (!stack.length) refuse(SVG_UNREADABLE);
        at += 9;
        stack[stack.length - 1].element.children.push(until(']]>'));
        continue;
      }
      if (misc()) continue;
      if (text.startsWith('</', at)) {
        at += 2;
        const qname = name();
        space();
        expect('>');
        const open = stack.pop();
        if (!open || open.qname !== qname) refuse(SVG_UNREADABLE);
        continue;
      }
      at += 1;
      const qname = name();
      const raw: [string, string][] = [];
      for (;;) {
        const spaced = space();
        if (text.startsWith('/>', at) || text[at] === '>') break;
        if (!spaced) refuse(SVG_UNREADABLE);
        const attribute = name();
        space();
        expect('=');
        space();
        const quote = text[at];
        if (quote !== '"' && quote !== "'") refuse(SVG_UNREADABLE);
        at += 1;
        const value = decodeEntities(until(quote));
        if (raw.some(([seen]) => seen === attribute)) refuse(SVG_UNREADABLE);
        raw.push([attribute, value.replace(/[\t\n\r]/g, ' ')]);
      }
      const selfClosing = text.startsWith('/>', at);
      at += selfClosing ? 2 : 1;

      // Namespaces: declarations first, then names resolved against the scope.
      const scope = new Map(stack.length ? stack[stack.length - 1].scope : [['xml', XML_NS]]);
      for (const [attribute, value] of raw) {
        if (attribute === 'xmlns') scope.set('', value || null);
        else if (attribute.startsWith('xmlns:')) scope.set(attribute.slice(6), value);
      }
      const resolve = (qualified: string, isElement: boolean): { name: string; ns: string | null } => {
        const colon = qualified.indexOf(':');
        if (colon < 0) return { name: qualified, ns: isElement ? (scope.get('') ?? null) : null };
        const prefix = qualified.slice(0, colon);
        if (prefix === 'xmlns') return { name: qualified.slice(colon + 1), ns: XMLNS_NS };
        if (!scope.has(prefix)) refuse(SVG_UNREADABLE);
        return { name: qualified.slice(colon + 1), ns: scope.get(prefix) ?? null };
      };
      const element: XmlElement = {
        ...resolve(qname, true),
        attributes: raw
          .filter(([attribute]) => attribute !== 'xmlns')
          .map(([attribute, value]) => ({ ...resolve(attribute, false), value })),
        children: [],
      };
      if (stack.length) stack[stack.length - 1].element.children.push(element);
      else if (root) refuse(SVG_UNREADABLE);
      else root = element;
      if (stack.length >= SVG_DEPTH_LIMIT) refuse(TOO_COMPLEX);
      if (!selfClosing) stack.push({ element, qname, scope });
    } else {
      // After the root: only space and comments.
      if (space()) continue;
      if (!misc()) refuse(SVG_UNREADABLE);
    }
  }
  if (!root || stack.length) refuse(SVG_UNREADABLE);
  return root!;
}

// ------------------------------------------------------------------------------------------ checks and output

/** A reference other than a local #id is refused; data: URLs get their own reason (they carry embedded images). */
function checkReference(target: string): void {
  const value = target
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();
  if (/^#[A-Za-z_][\w.:-]*$/.test(value)) return;
  if (/^(javascript|vbscript):/i.test(value.replace(/[\s\u0000-\u001f]/g, ''))) notAllowed('script links');
  if (/^data:/i.test(value)) notAllowed('embedded images');
  notAllowed('external references');
}

/** Every url(...) in a value must be local; @import and bare URLs in CSS are external. Linear: no backtracking. */
function checkValue(value: string): void {
  const lower = value.toLowerCase();
  if (lower.includes('@import')) notAllowed('external references');
  for (let from = 0; ;) {
    const at = lower.indexOf('url', from);
    if (at < 0) return;
    let open = at + 3;
    while (open < lower.length && ' \t\n\r\f'.includes(lower[open])) open += 1;
    if (lower[open] !== '(') {
      from = at + 3;
      continue;
    }
    const close = lower.indexOf(')', open);
    if (close < 0) refuse(SVG_UNREADABLE);
    checkReference(value.slice(open + 1, close));
    from = close + 1;
  }
}

const isSvg = (element: XmlElement) => element.ns === SVG_NS || element.ns === null;

/** Walks every element, kept or not, so a refused construct is named even inside something we would drop. */
function checkTree(element: XmlElement): void {
  for (const attribute of element.attributes) {
    if (attribute.ns === XMLNS_NS) continue;
    if (/^on/i.test(attribute.name)) notAllowed('event handlers');
    if (attribute.name === 'href') checkReference(attribute.value);
    if (attribute.name === 'filter' && attribute.value.trim() !== 'none') notAllowed('filters');
    if (attribute.name === 'style' && /(^|[;\s])filter\s*:/i.test(attribute.value)) notAllowed('filters');
    checkValue(attribute.value);
  }
  for (const [pattern, what] of REFUSED_ELEMENTS) if (pattern.test(element.name)) notAllowed(what);
  for (const child of element.children) {
    if (typeof child !== 'string') checkTree(child);
    else if (element.name === 'style') checkValue(child);
  }
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** style="..." keeping allowed properties only (values were checked for references already). */
function cleanStyle(style: string): string {
  // Scanned by hand, not by backtracking patterns: a hostile 2 MB value must not hold the event loop.
  let text = '';
  for (let at = 0; at < style.length;) {
    const open = style.indexOf('/*', at);
    if (open < 0) {
      text += style.slice(at);
      break;
    }
    text += style.slice(at, open);
    const close = style.indexOf('*/', open + 2);
    at = close < 0 ? style.length : close + 2;
  }
  const kept: string[] = [];
  for (const declaration of text.split(';')) {
    const colon = declaration.indexOf(':');
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (colon > 0 && PROPERTIES.has(property) && value) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}

function serialise(element: XmlElement, isRoot: boolean): string {
  const attributes: string[] = isRoot ? [`xmlns="${SVG_NS}"`, `xmlns:xlink="${XLINK_NS}"`] : [];
  for (const attribute of element.attributes) {
    const plain = attribute.ns === null || (attribute.ns === XLINK_NS && attribute.name === 'href');
    if (!plain || !ATTRIBUTES.has(attribute.name)) continue;
    const value = attribute.name === 'style' ? cleanStyle(attribute.value) : attribute.value;
    if (attribute.name === 'style' && !value) continue;
    attributes.push(`${attribute.name === 'href' ? 'xlink:href' : attribute.name}="${escapeXml(value)}"`);
  }
  const keepsText = element.name === 'title' || element.name === 'desc';
  const children = element.children
    .map((child) =>
      typeof child === 'string'
        ? keepsText
          ? escapeXml(child)
          : ''
        : isSvg(child) && ELEMENTS.has(child.name) && child.name !== 'svg'
          ? serialise(child, false)
          : '',
    )
    .join('');
  const open = `<${element.name}${attributes.map((attribute) => ` ${attribute}`).join('')}`;
  return children ? `${open}>${children}</${element.name}>` : `${open}/>`;
}

const UNITS: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };

/** A root width/height in CSS pixels; null when relative (%, or absent). */
function length(raw: string | undefined): number | null {
  if (raw === undefined || /^\s*[+-]?[\d.]+(?:e[+-]?\d+)?\s*%\s*$/i.test(raw)) return null;
  const match = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(raw);
  const unit = match ? UNITS[match[2].toLowerCase()] : undefined;
  if (!match || unit === undefined) return refuse(SVG_UNREADABLE);
  const value = Number(match[1]) * unit;
  return Number.isFinite(value) && value > 0 ? value : refuse(SVG_UNREADABLE);
}

/** The canvas in user units, bounded per side; resvg's default is 100 x 100 when nothing says otherwise. */
function canvas(root: XmlElement): { width: number; height: number } {
  const attribute = (name: string) => root.attributes.find((candidate) => candidate.ns === null && candidate.name === name)?.value;
  const tooLarge = `The SVG logo is too large: at most ${SVG_CANVAS_LIMIT} x ${SVG_CANVAS_LIMIT} pixels`;
  const viewBoxRaw = attribute('viewBox');
  let viewBox: number[] | null = null;
  if (viewBoxRaw !== undefined) {
    viewBox = viewBoxRaw
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (viewBox.length !== 4 || viewBox.some((value) => !Number.isFinite(value)) || viewBox[2] <= 0 || viewBox[3] <= 0)
      refuse(SVG_UNREADABLE);
    if (viewBox[2] > SVG_CANVAS_LIMIT || viewBox[3] > SVG_CANVAS_LIMIT) refuse(tooLarge);
  }
  let width = length(attribute('width'));
  let height = length(attribute('height'));
  if (viewBox) {
    width ??= height !== null ? (height * viewBox[2]) / viewBox[3] : viewBox[2];
    height ??= (width * viewBox[3]) / viewBox[2];
  }
  const size = { width: width ?? 100, height: height ?? 100 };
  if (size.width > SVG_CANVAS_LIMIT || size.height > SVG_CANVAS_LIMIT) refuse(tooLarge);
  return size;
}

/** The logo reduced to the allow-list and written out again, with its canvas and the width to rasterise it at. */
export function sanitiseSvgLogo(text: string): SvgLogo {
  try {
    const root = parseXml(text);
    checkTree(root);
    if (root.name !== 'svg' || !isSvg(root)) return { ok: false, refusal: SVG_UNREADABLE };
    const { width, height } = canvas(root);
    const rasterWidth = width >= height ? LOGO_RASTER_SIDE : Math.max(1, Math.round((LOGO_RASTER_SIDE * width) / height));
    return { ok: true, svg: serialise(root, true), width, height, rasterWidth };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.message };
    throw error;
  }
}
