// Issue 33, the UTM builder's pure part: a destination's utm_source, utm_medium, utm_campaign, utm_term and utm_content
// read from it, and set on it. The address's own query is kept as it was written (order, encoding), only its utm_*
// pairs are replaced by the builder's; a blank tag is left out; the #fragment stays last.

export const UTM_TAGS = [
  ['source', 'Source', 'newsletter, flyer, google'],
  ['medium', 'Medium', 'email, print, cpc'],
  ['campaign', 'Campaign', 'spring_sale'],
  ['term', 'Term', 'paid keywords'],
  ['content', 'Content', 'which link or ad'],
] as const;
export type UtmTag = (typeof UTM_TAGS)[number][0];
export type UtmTags = Record<UtmTag, string>;

export const NO_UTM: UtmTags = { source: '', medium: '', campaign: '', term: '', content: '' };

interface Parts {
  base: string;
  query: string[];
  hash: string;
}

/** The address split by hand (not through URL, which would re-encode the query); null when it is not http(s). */
function split(address: string): Parts | null {
  const text = address.trim();
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  } catch {
    return null;
  }
  const hashAt = text.indexOf('#');
  const withoutHash = hashAt < 0 ? text : text.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : text.slice(hashAt);
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const query =
    queryAt < 0
      ? []
      : withoutHash
          .slice(queryAt + 1)
          .split('&')
          .filter(Boolean);
  return { base, query, hash };
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};
const utmName = (pair: string): UtmTag | null => {
  const name = decode(pair.split('=')[0]).toLowerCase();
  const tag = name.startsWith('utm_') ? name.slice(4) : '';
  return UTM_TAGS.some(([known]) => known === tag) ? (tag as UtmTag) : null;
};

/** The UTM tags a destination already carries (blank for each it does not); none for an address that is not http(s). */
export function readUtm(address: string): UtmTags {
  const tags = { ...NO_UTM };
  for (const pair of split(address)?.query ?? []) {
    const tag = utmName(pair);
    if (tag) tags[tag] = decode(pair.slice(pair.indexOf('=') + 1 || pair.length));
  }
  return tags;
}

/** The destination with these UTM tags (in the usual order, after its own query), or null when it is not http(s). */
export function withUtm(address: string, tags: UtmTags): string | null {
  const parts = split(address);
  if (!parts) return null;
  const kept = parts.query.filter((pair) => utmName(pair) === null);
  const added = UTM_TAGS.filter(([tag]) => tags[tag].trim()).map(([tag]) => `utm_${tag}=${encodeURIComponent(tags[tag].trim())}`);
  const query = [...kept, ...added];
  return `${parts.base}${query.length ? `?${query.join('&')}` : ''}${parts.hash}`;
}
