import {
  APP_CATEGORIES,
  APP_PLATFORMS,
  QR_TYPES,
  QR_TYPE_LABELS,
  REVIEW_PLATFORMS,
  SOCIAL_PLATFORMS,
  emptyContent,
  validateContent,
} from './content-types';

describe('content types', () => {
  it('lists the 13 spec types in order, then text and wifi', () => {
    expect(QR_TYPES).toEqual([
      'url',
      'contact',
      'payment',
      'pdf',
      'social',
      'images',
      'ratings',
      'email',
      'location',
      'events',
      'apps',
      'sms',
      'bitcoin',
      'text',
      'wifi',
    ]);
    expect(QR_TYPE_LABELS.url).toBe('Website URL');
    expect(QR_TYPE_LABELS.pdf).toBe('Menu/PDF');
    expect(QR_TYPE_LABELS.text).toBe('Plain Text');
  });

  it('has the spec enumerations', () => {
    expect(SOCIAL_PLATFORMS).toHaveLength(8);
    expect(REVIEW_PLATFORMS).toEqual(['google', 'yelp', 'tripadvisor', 'facebook', 'trustpilot']);
    expect(APP_PLATFORMS).toEqual(['appstore', 'googleplay', 'microsoft', 'amazon']);
    expect(APP_CATEGORIES).toHaveLength(20);
    expect(new Set(APP_CATEGORIES).size).toBe(20);
  });

  it('every empty form fails with the required messages and never throws', () => {
    for (const type of QR_TYPES) {
      const result = validateContent(type, emptyContent(type));
      expect(result.ok).toBe(false);
    }
  });

  it.each([
    ['url', {}, { url: 'URL is required' }],
    ['url', { url: 'not a url' }, { url: 'Please enter a valid URL' }],
    ['url', { url: 'ftp://example.com/x' }, { url: 'URL must use http or https protocol' }],
    [
      'contact',
      { email: 'nope', imageUrl: 'x' },
      {
        firstName: 'First name is required',
        phoneNumber: 'Phone number is required',
        email: 'Please enter a valid email',
        imageUrl: 'Please enter a valid image URL',
      },
    ],
    [
      'payment',
      { productPrice: '0' },
      {
        productName: 'Product name is required',
        productPrice: 'Price must be greater than 0',
        productDescription: 'Product description is required',
      },
    ],
    ['payment', { productName: 'a', productDescription: 'b', productPrice: '' }, { productPrice: 'Price must be greater than 0' }],
    ['pdf', { pdfFile: 'file.pdf' }, { title: 'Title is required', pdfFile: 'Please select a PDF file' }],
    ['images', { imageFile: 42 }, { title: 'Title is required', imageFile: 'Please select an image file' }],
    ['social', { platform: 'myspace', url: '' }, { platform: 'Platform is required', url: 'URL is required' }],
    ['ratings', {}, { businessName: 'Business name is required', platform: 'Platform is required', url: 'URL is required' }],
    ['email', {}, { email: 'Email is required' }],
    ['email', { email: 'a@b' }, { email: 'Please enter a valid email' }],
    ['location', { address: '   ' }, { address: 'Address is required' }],
    ['events', {}, { title: 'Event title is required', startDate: 'Start date is required', location: 'Location is required' }],
    ['apps', { platform: 'appstore' }, { appName: 'App name is required', url: 'URL is required' }],
    ['sms', {}, { phoneNumber: 'Phone number is required' }],
    ['bitcoin', {}, { address: 'Bitcoin address is required' }],
  ] as const)('%s %j fails with the spec messages', (type, fields, errors) => {
    expect(validateContent(type, fields)).toEqual({ ok: false, errors });
  });

  it('accepts filled forms, trims strings and fills defaults', () => {
    expect(validateContent('url', { url: ' https://example.com/a?b=1 ' })).toEqual({
      ok: true,
      data: { url: 'https://example.com/a?b=1' },
    });
    const payment = validateContent('payment', { productName: 'Tee', productPrice: '12.50', productDescription: 'Cotton' });
    expect(payment).toEqual({ ok: true, data: { productName: 'Tee', productPrice: 12.5, productDescription: 'Cotton' } });
    expect(validateContent('payment', { productName: 'Tee', productPrice: 0.01, productDescription: 'x' }).ok).toBe(true);
    expect(validateContent('wifi', { ssid: 'Home', password: 'pw' })).toEqual({
      ok: true,
      data: { ssid: 'Home', password: 'pw', encryption: 'WPA', hidden: false },
    });
    expect(
      validateContent('apps', { appName: 'A', platform: 'googleplay', url: 'https://play.google.com/x', appCategory: 'games' }).ok,
    ).toBe(true);
    expect(validateContent('social', { platform: 'snapchat', url: 'http://snapchat.com/add/x' }).ok).toBe(true);
  });

  it('checks the rules the spec leaves open', () => {
    expect(validateContent('payment', { productName: 'a', productDescription: 'b', productPrice: 1.234 })).toEqual({
      ok: false,
      errors: { productPrice: 'Price can have at most 2 decimal places' },
    });
    expect(validateContent('events', { title: 'T', location: 'L', startDate: '2025-02-30' })).toEqual({
      ok: false,
      errors: { startDate: 'Please enter a valid date' },
    });
    expect(validateContent('events', { title: 'T', location: 'L', startDate: '2025-06-02', endDate: '2025-06-01' })).toEqual({
      ok: false,
      errors: { endDate: 'End date must not be before the start date' },
    });
    expect(validateContent('events', { title: 'T', location: 'L', startDate: '2025-06-02T10:00', endDate: '2025-06-02' }).ok).toBe(true);
    expect(validateContent('wifi', { ssid: 'Cafe', encryption: 'nopass' }).ok).toBe(true);
    expect(validateContent('wifi', { ssid: 'Cafe', encryption: 'WEP' })).toEqual({
      ok: false,
      errors: { password: 'Password is required' },
    });
    expect(validateContent('bitcoin', { address: 'bc1q', amount: '-1' })).toEqual({
      ok: false,
      errors: { amount: 'Amount must be a positive number of bitcoin' },
    });
    expect(validateContent('location', { address: 'x', latitude: '91', longitude: '0' })).toEqual({
      ok: false,
      errors: { latitude: 'Latitude must be a number between -90 and 90' },
    });
    expect(validateContent('text', { text: '  ' })).toEqual({ ok: false, errors: { text: 'Text is required' } });
  });

  it('accepts a File for pdf and images when the runtime has File', () => {
    const file = new File([new Uint8Array([37, 80, 68, 70])], 'menu.pdf', { type: 'application/pdf' });
    expect(validateContent('pdf', { title: 'Menu', pdfFile: file }).ok).toBe(true);
    expect(validateContent('images', { title: 'Gallery', imageFile: null }).ok).toBe(true);
  });

  it('emptyContent gives a fresh object each time', () => {
    const a = emptyContent('contact');
    a.firstName = 'x';
    expect(emptyContent('contact').firstName).toBe('');
  });
});
