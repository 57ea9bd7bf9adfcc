/**
 * What a tenant's custom CSS would make a visitor's browser fetch, found the way the browser finds it: a small
 * tokenizer after CSS Syntax Level 3 (comments only outside strings, escapes decoded in names, strings and url(),
 * names compared case-insensitively), so `\75 rl(`, `u\72l(`, `/* *\/` between tokens or a `/*` inside a string
 * cannot hide a fetch or fake one. Pure: unit-tested with hostile CSS in client-input.spec.ts.
 */

/** A reference the browser would resolve: where it appeared and its target as the browser reads it. */
export interface CssReference {
  kind: 'url' | 'import' | 'image-set' | 'font-face';
  target: string;
}

type Token = { t: 'ident' | 'function' | 'at' | 'string' | 'url'; v: string } | { t: 'badurl' } | { t: 'delim'; v: string } | { t: 'ws' };

const HEX = /[0-9a-f]/i;
const isNameChar = (c: string | undefined) => c !== undefined && (/[a-z0-9_-]/i.test(c) || c.charCodeAt(0) >= 0x80);
const isWs = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** The tokens of `css`: enough of the grammar to see every function, string, url and at-rule as the browser does. */
function tokenize(css: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const validEscape = (at: number) => css[at] === '\\' && at + 1 < css.length && css[at + 1] !== '\n' && css[at + 1] !== '\r';
  /** Consumes an escape at i (the backslash) and answers the character it stands for. */
  const escape = (): string => {
    i++;
    let hex = '';
    while (hex.length < 6 && i < css.length && HEX.test(css[i])) hex += css[i++];
    if (!hex) return css[i++] ?? '\ufffd';
    if (isWs(css[i])) i += css[i] === '\r' && css[i + 1] === '\n' ? 2 : 1;
    const code = parseInt(hex, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  };
  const name = (): string => {
    let out = '';
    while (i < css.length) {
      if (isNameChar(css[i])) out += css[i++];
      else if (validEscape(i)) out += escape();
      else break;
    }
    return out;
  };
  /** A name starts here (a digit starts a number instead; '-' starts one only before a name character). */
  const startsName = (at: number): boolean => {
    if (validEscape(at)) return true;
    if (!isNameChar(css[at]) || /[0-9]/.test(css[at])) return false;
    return css[at] !== '-' || isNameChar(css[at + 1]) || validEscape(at + 1);
  };
  const string = (quote: string): Token => {
    i++;
    let out = '';
    while (i < css.length && css[i] !== quote) {
      if (css[i] === '\n') return { t: 'string', v: out }; // a bad string: ends at the line, as browsers do
      if (css[i] === '\\') {
        if (css[i + 1] === '\n') i += 2;
        else if (i + 1 >= css.length) i++;
        else out += escape();
      } else out += css[i++];
    }
    i++;
    return { t: 'string', v: out };
  };
  /** An unquoted url( ... ) (the "url(" already consumed). */
  const url = (): Token => {
    while (isWs(css[i])) i++;
    let out = '';
    while (i < css.length && css[i] !== ')') {
      const c = css[i];
      if (isWs(c)) {
        while (isWs(css[i])) i++;
        if (i >= css.length || css[i] === ')') break;
        return badUrl();
      }
      if (c === '"' || c === "'" || c === '(') return badUrl();
      if (c === '\\') {
        if (!validEscape(i)) return badUrl();
        out += escape();
      } else out += css[i++];
    }
    i++;
    return { t: 'url', v: out };
  };
  const badUrl = (): Token => {
    while (i < css.length && css[i] !== ')') i += validEscape(i) ? 2 : 1;
    i++;
    return { t: 'badurl' };
  };

  while (i < css.length) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      tokens.push({ t: 'ws' });
    } else if (isWs(c)) {
      while (isWs(css[i])) i++;
      tokens.push({ t: 'ws' });
    } else if (c === '"' || c === "'") {
      tokens.push(string(c));
    } else if (c === '@' && startsName(i + 1)) {
      i++;
      tokens.push({ t: 'at', v: name().toLowerCase() });
    } else if (startsName(i)) {
      const ident = name().toLowerCase();
      if (css[i] === '(') {
        i++;
        if (ident === 'url') {
          let j = i;
          while (isWs(css[j])) j++;
          if (css[j] === '"' || css[j] === "'") tokens.push({ t: 'function', v: ident });
          else tokens.push(url());
        } else tokens.push({ t: 'function', v: ident });
      } else tokens.push({ t: 'ident', v: ident });
    } else {
      // Anything else (a backslash that is no escape too) is a delimiter of its own.
      i++;
      tokens.push({ t: 'delim', v: c });
    }
  }
  return tokens;
}

/** Functions whose string arguments are image URLs (image-set's `"a.png" 1x`, image("a.png"), cross-fade). */
const IMAGE_FUNCTIONS = /(?:^|-)(?:image-set|image|cross-fade)$/;

/**
 * Every URL the CSS names: url() and src() anywhere, the strings of image-set() and its kin, @import's target and the
 * strings of an @font-face rule's src. An unquoted url() the browser would throw away (a "bad url") is reported with
 * an empty target, so the caller refuses it rather than guess.
 */
export function cssReferences(css: string): CssReference[] {
  const tokens = tokenize(css);
  const refs: CssReference[] = [];
  /**
   * Open functions, parentheses and blocks, innermost last, each knowing the innermost function around it and how many
   * @font-face blocks enclose it, so every question below is answered in constant time (20 KB of '(' stays linear).
   */
  type Open = { kind: 'fn' | 'paren' | 'block'; fn: string | null; fontFaces: number };
  const stack: Open[] = [];
  const top = (): Open | undefined => stack[stack.length - 1];
  const open = (kind: Open['kind'], name: string | null) => {
    const outer = top();
    const fontFaces = (outer?.fontFaces ?? 0) + (kind === 'block' && name === 'font-face' ? 1 : 0);
    stack.push({ kind, fn: kind === 'fn' ? name : kind === 'block' ? null : (outer?.fn ?? null), fontFaces });
  };
  /** Closes what is open up to the innermost block (a '{', '}' or ';' ends every function and parenthesis in it). */
  const closeToBlock = () => {
    while (stack.length && top()!.kind !== 'block') stack.pop();
  };
  let prelude: string | null = null; // the at-rule whose prelude we are in
  let declaration: string | null = null; // the property whose value we are in
  let lastIdent: string | null = null;
  const innermost = () => top()?.fn ?? null;
  const inFontFace = () => (top()?.fontFaces ?? 0) > 0;
  /** What a URL found here is for (null: not a URL, as `content: "x"` or a custom property's value). */
  const context = (): CssReference['kind'] | null => {
    const fn = innermost();
    if (prelude === 'namespace') return null;
    if (prelude === 'import') return fn === null || fn === 'url' ? 'import' : null;
    if (fn === 'url' || fn === 'src') return 'url';
    if (fn !== null && IMAGE_FUNCTIONS.test(fn)) return 'image-set';
    return inFontFace() && declaration === 'src' && fn === null ? 'font-face' : null;
  };
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    switch (token.t) {
      case 'url':
      case 'badurl':
        if (prelude !== 'namespace') refs.push({ kind: context() ?? 'url', target: token.t === 'url' ? token.v : '' });
        break;
      case 'function': {
        // var(), env() and attr() inside a URL's function put a value there that this scan cannot see: refused.
        const kind = context();
        if (kind && kind !== 'import' && /^(?:var|env|attr)$/.test(token.v)) refs.push({ kind, target: '' });
        open('fn', token.v);
        break;
      }
      case 'string': {
        const kind = context();
        if (kind) refs.push({ kind, target: token.v });
        break;
      }
      case 'at':
        prelude = token.v;
        break;
      case 'ident':
        lastIdent = token.v;
        break;
      case 'delim': {
        const c = token.v;
        if (c === '(' || c === '[') open('paren', null);
        else if (c === ')' || c === ']') {
          // A ')' closes the innermost function or parenthesis; a stray one changes nothing.
          if (stack.length && top()!.kind !== 'block') stack.pop();
        } else if (c === '{') {
          closeToBlock();
          open('block', prelude ?? '');
          prelude = null;
          declaration = null;
        } else if (c === '}') {
          closeToBlock();
          stack.pop();
          prelude = null;
          declaration = null;
        } else if (c === ';') {
          closeToBlock();
          prelude = null;
          declaration = null;
        } else if (c === ':' && top()?.kind === 'block' && declaration === null) {
          declaration = lastIdent;
        }
        break;
      }
      default:
        break;
    }
    if (token.t !== 'ident' && token.t !== 'ws') lastIdent = token.t === 'delim' && token.v === ':' ? lastIdent : null;
  }
  return refs;
}

/** `/uploads/{stored name}`: a same-origin path, so on a tenant's host it is that tenant's own upload (served per tenant). */
const OWN_UPLOAD = /^\/uploads\/[0-9a-z][0-9a-z._-]*$/i;

/** May the tenant's pages fetch this target? Only the tenant's own uploads, and in-document references (`#id`). */
export function isOwnUpload(target: string): boolean {
  const value = target.trim();
  return (OWN_UPLOAD.test(value) && !value.includes('..')) || /^#[\w-]+$/.test(value);
}

/** @import's rule (kept from before): a path on the page's own origin, which no spelling may turn into another host. */
export function isSameOriginPath(target: string): boolean {
  // Browsers read '\\' as '/' and drop tabs and newlines in URLs: '/\\evil.example' and '/\t/evil.example' are '//evil.example'.
  return /^\/[^/\\]/.test(target) && !/[\\\s\u0000-\u001f]/.test(target);
}
