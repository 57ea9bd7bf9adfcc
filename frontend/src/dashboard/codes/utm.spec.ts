import { NO_UTM, readUtm, withUtm } from './utm';

describe('the UTM builder (issue 33)', () => {
  it('appends the tags in the usual order after the address own query, kept as written, before the fragment', () => {
    const tags = { ...NO_UTM, campaign: 'spring sale', source: 'flyer', medium: 'print' };
    expect(withUtm('https://cafe.example/menu', tags)).toBe(
      'https://cafe.example/menu?utm_source=flyer&utm_medium=print&utm_campaign=spring%20sale',
    );
    expect(withUtm('https://cafe.example/menu?table=4&q=caf%C3%A9+au+lait#top', tags)).toBe(
      'https://cafe.example/menu?table=4&q=caf%C3%A9+au+lait&utm_source=flyer&utm_medium=print&utm_campaign=spring%20sale#top',
    );
    expect(withUtm('https://cafe.example/?', { ...NO_UTM, term: 'a&b=c', content: 'é' })).toBe(
      'https://cafe.example/?utm_term=a%26b%3Dc&utm_content=%C3%A9',
    );
  });

  it('replaces the tags the address had and leaves out blank ones; no tags leaves the own query alone', () => {
    const tagged = 'https://cafe.example/menu?utm_source=old&table=4&UTM_MEDIUM=x&utm_id=7';
    expect(withUtm(tagged, { ...NO_UTM, source: 'new' })).toBe('https://cafe.example/menu?table=4&utm_id=7&utm_source=new');
    expect(withUtm('https://cafe.example/menu?utm_source=old', NO_UTM)).toBe('https://cafe.example/menu');
    expect(withUtm('https://cafe.example/menu?table=4#top', { ...NO_UTM, source: '  ' })).toBe('https://cafe.example/menu?table=4#top');
  });

  it('reads the tags an address carries, decoded', () => {
    expect(readUtm('https://cafe.example/?utm_source=flyer&utm_campaign=spring+sale&utm_content=%C3%A9&x=1')).toEqual({
      ...NO_UTM,
      source: 'flyer',
      campaign: 'spring sale',
      content: 'é',
    });
    expect(readUtm('https://cafe.example/')).toEqual(NO_UTM);
  });

  it('builds nothing on an address that is not http(s)', () => {
    expect(withUtm('cafe.example/menu', { ...NO_UTM, source: 'flyer' })).toBeNull();
    expect(withUtm('ftp://cafe.example/menu', { ...NO_UTM, source: 'flyer' })).toBeNull();
    expect(readUtm('not a web address')).toEqual(NO_UTM);
  });
});
