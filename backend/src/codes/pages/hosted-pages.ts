import {
  encodeBitcoin,
  encodeMailto,
  encodeMapsLink,
  encodeSms,
  encodeVCard,
  encodeVEvent,
  QR_TYPE_LABELS,
  isQrType,
  priceToCents,
} from '@qrsharks/qr-core';

/**
 * Hosted pages for codes whose content is not a web address (contact, pdf, images, location, events, email, sms,
 * bitcoin, wifi, text, payment): what /d/{shortCode} of such a dynamic code serves, and what /pdf/{id} and
 * /images/{id} serve. Every value is escaped; links only carry safe schemes; no script at all.
 */
export interface HostedPageInput {
  qrType: string;
  fields: Record<string, unknown>;
  title?: string;
  /**
   * The tenant's public origin. Not used for links: uploads and payment are linked by same-origin paths, so a page
   * works on whichever host it is opened (127.0.0.1, a tenant's domain) and its CSP's 'self' allows the files.
   */
  origin?: string;
  tenantName: string;
}

/** A Content-Security-Policy for these pages (they carry no script): send it as a header with the page. */
export const HOSTED_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-src 'self'; object-src 'self'; base-uri 'none'; " +
  "form-action 'none'";

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const text = (fields: Record<string, unknown>, key: string): string => {
  const value = fields[key];
  return value === undefined || value === null ? '' : String(value).trim();
};

/** http(s) URLs and same-origin paths (kept as paths) only; anything else (javascript:, data:) becomes null. */
export function safeUrl(value: string): string | null {
  if (!value) return null;
  if (/^\/(?!\/)/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const link = (href: string, label: string, options: { primary?: boolean; download?: string } = {}) =>
  `<a class="button${options.primary === false ? ' secondary' : ''}" ` +
  `href="${escapeHtml(href)}"${options.download ? ` download="${escapeHtml(options.download)}"` : ''} rel="noopener ` +
  `noreferrer">${escapeHtml(label)}</a>`;

const row = (label: string, value: string) =>
  value ? `<div class="row"><span class="label">${escapeHtml(label)}</span><span class="value">${escapeHtml(value)}</span></div>` : '';

const dataLink = (mime: string, content: string) => `data:${mime};charset=utf-8,${encodeURIComponent(content)}`;

const galleryImage = (src: string, title: string) =>
  `<a href="${escapeHtml(src)}"><img src="${escapeHtml(src)}" alt="${escapeHtml(title)}"></a>`;

function calendar(fields: Record<string, unknown>): string {
  const event = encodeVEvent(fields).replace(
    'BEGIN:VEVENT',
    `BEGIN:VEVENT\r\nUID:${Date.parse(text(fields, 'startDate')) || 0}-` +
      `${encodeURIComponent(text(fields, 'title')).slice(0, 40)}@qrcodesharks\r\nDTSTAMP:20000101T000000Z`,
  );
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//QR Code Sharks//Hosted page//EN', event, 'END:VCALENDAR'].join('\r\n');
}

function body(input: HostedPageInput): { heading: string; html: string } {
  const f = input.fields;
  switch (input.qrType) {
    case 'contact': {
      const name = [text(f, 'firstName'), text(f, 'lastName')].filter(Boolean).join(' ');
      const photo = safeUrl(text(f, 'imageUrl'));
      const phone = text(f, 'phoneNumber');
      const email = text(f, 'email');
      const site = safeUrl(text(f, 'url'));
      return {
        heading: name || 'Contact',
        html: [
          photo ? `<img class="avatar" src="${escapeHtml(photo)}" alt="">` : '',
          row('Phone', phone),
          row('Email', email),
          text(f, 'notes') ? `<p>${escapeHtml(text(f, 'notes'))}</p>` : '',
          '<div class="actions">',
          link(dataLink('text/vcard', encodeVCard(f)), 'Save contact', {
            download: `${(name || 'contact').replace(/[^\w.-]+/g, '-')}.vcf`,
          }),
          phone ? link(`tel:${phone.replace(/[^\d+]/g, '')}`, 'Call', { primary: false }) : '',
          email ? link(`mailto:${email}`, 'Email', { primary: false }) : '',
          site ? link(site, 'Website', { primary: false }) : '',
          '</div>',
        ].join(''),
      };
    }
    case 'pdf': {
      const file = safeUrl(text(f, 'pdfUrl'));
      const title = text(f, 'title') || input.title || 'Menu/PDF';
      return {
        heading: title,
        html: [
          text(f, 'description') ? `<p>${escapeHtml(text(f, 'description'))}</p>` : '',
          file
            ? `<object class="pdf" data="${escapeHtml(file)}" type="application/pdf"><p>Your browser cannot show the PDF ` +
              `here.</p></object><div ` +
              `class="actions">${link(file, 'Download PDF', { download: text(f, 'pdfFileName') || 'document.pdf' })}</div>`
            : '<p class="muted">The PDF will appear here once it is uploaded and the code is saved.</p>',
        ].join(''),
      };
    }
    case 'images': {
      const raw = Array.isArray(f.images) ? (f.images as unknown[]).map(String) : [text(f, 'imageUrl')];
      const images = raw.map((url) => safeUrl(url)).filter((url): url is string => Boolean(url));
      return {
        heading: text(f, 'title') || input.title || 'Images',
        html: [
          text(f, 'description') ? `<p>${escapeHtml(text(f, 'description'))}</p>` : '',
          images.length
            ? `<div class="gallery">${images.map((src) => galleryImage(src, text(f, 'title'))).join('')}</div>`
            : '<p class="muted">The images will appear here once they are uploaded and the code is saved.</p>',
        ].join(''),
      };
    }
    case 'location':
      return {
        heading: text(f, 'name') || 'Location',
        html: [
          row('Address', text(f, 'address')),
          text(f, 'description') ? `<p>${escapeHtml(text(f, 'description'))}</p>` : '',
          `<div class="actions">${link(encodeMapsLink(f), 'Open in Maps')}</div>`,
        ].join(''),
      };
    case 'events':
      return {
        heading: text(f, 'title') || 'Event',
        html: [
          row('Starts', text(f, 'startDate').replace('T', ' ')),
          row('Ends', (text(f, 'endDate') || text(f, 'startDate')).replace('T', ' ')),
          row('Location', text(f, 'location')),
          text(f, 'description') ? `<p>${escapeHtml(text(f, 'description'))}</p>` : '',
          `<div class="actions">${link(dataLink('text/calendar', calendar(f)), 'Add to calendar', { download: 'event.ics' })}</div>`,
        ].join(''),
      };
    case 'email':
      return {
        heading: 'Send an email',
        html: [
          row('To', text(f, 'email')),
          row('Subject', text(f, 'subject')),
          text(f, 'body') ? `<p>${escapeHtml(text(f, 'body'))}</p>` : '',
          `<div class="actions">${link(encodeMailto(f), 'Write email')}</div>`,
        ].join(''),
      };
    case 'sms':
      return {
        heading: 'Send a text message',
        html: [
          row('To', text(f, 'phoneNumber')),
          text(f, 'message') ? `<p>${escapeHtml(text(f, 'message'))}</p>` : '',
          `<div class="actions">${link(encodeSms(f), 'Write message')}</div>`,
        ].join(''),
      };
    case 'bitcoin':
      return {
        heading: text(f, 'label') || 'Bitcoin payment',
        html: [
          row('Address', text(f, 'address')),
          row('Amount (BTC)', text(f, 'amount')),
          text(f, 'message') ? `<p>${escapeHtml(text(f, 'message'))}</p>` : '',
          `<div class="actions">${link(encodeBitcoin(f), 'Open wallet')}</div>`,
        ].join(''),
      };
    case 'wifi':
      return {
        heading: 'Wi-Fi network',
        html: [
          row('Network', text(f, 'ssid')),
          row('Password', text(f, 'encryption') === 'nopass' ? '' : text(f, 'password')),
          row('Security', text(f, 'encryption') || 'WPA'),
          '<p class="muted">Open your Wi-Fi settings and choose this network.</p>',
        ].join(''),
      };
    case 'payment': {
      const price = (priceToCents(f.productPrice) / 100).toFixed(2);
      const id = text(f, 'productId');
      return {
        heading: text(f, 'productName') || 'Product',
        html: [
          text(f, 'productDescription') ? `<p>${escapeHtml(text(f, 'productDescription'))}</p>` : '',
          row('Price', `$${price}`),
          id ? `<div class="actions">${link(`/payment?id=${encodeURIComponent(id)}`, 'Buy now')}</div>` : '',
        ].join(''),
      };
    }
    case 'text':
      return { heading: input.title || 'Message', html: `<p class="pre">${escapeHtml(text(f, 'text'))}</p>` };
    default: {
      const target = safeUrl(text(f, 'url'));
      return {
        heading: input.title || text(f, 'businessName') || text(f, 'appName') || 'Link',
        html: target ? `<div class="actions">${link(target, 'Open link')}</div>` : '<p class="muted">Nothing to show.</p>',
      };
    }
  }
}

/** A complete HTML page (no script) for one code's content, branded with the tenant's name. */
export function renderHostedPage(input: HostedPageInput): string {
  const { heading, html } = body(input);
  const label = isQrType(input.qrType) ? QR_TYPE_LABELS[input.qrType] : 'QR code';
  const title = input.title || heading;
  return (
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(HOSTED_PAGE_CSP)}">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${escapeHtml(input.tenantName)}</title>
<style>
*{box-sizing:border-box}` +
    `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1a1f36;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:1.25rem}
.card{background:#fff;border-radius:1rem;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:1.5rem}
.kind{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:#5b6478;margin:0}
h1{font-size:1.5rem;margin:.25rem 0 1rem;word-wrap:break-word}
p{white-space:pre-line;word-wrap:break-word}.muted{color:#5b6478}
.row{display:flex;gap:.75rem;padding:.5rem 0;border-bottom:1px solid #eef0f5}` +
    `.label{min-width:6.5rem;color:#5b6478}.value{word-break:break-word}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
.button{display:inline-block;padding:.75rem 1.25rem;border-radius:.6rem;background:#1E40AF;color:#fff;text-decoration:none;font-weight:600}
.button.secondary{background:#e8ecf8;color:#1E40AF}
.avatar{width:6rem;height:6rem;border-radius:50%;object-fit:cover;display:block;margin-bottom:1rem}
.pdf{width:100%;height:70vh;border:1px solid #eef0f5;border-radius:.5rem}
.gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.75rem}` +
    `.gallery img{width:100%;border-radius:.5rem;display:block}
footer{text-align:center;color:#5b6478;font-size:.8rem;margin-top:1rem}
</style>
</head>
<body>
<main>
<div class="card">
<p class="kind">${escapeHtml(label)}</p>
<h1>${escapeHtml(heading)}</h1>
${html}
</div>
<footer>${escapeHtml(input.tenantName)}</footer>
</main>
</body>
</html>
`
  );
}

/** The page a paused, deleted or unknown code (or a missing upload) shows. */
export function renderNoticePage(input: { heading: string; message: string; tenantName: string }): string {
  return renderHostedPage({
    qrType: 'text',
    fields: { text: input.message },
    title: input.heading,
    origin: '/',
    tenantName: input.tenantName,
  });
}
