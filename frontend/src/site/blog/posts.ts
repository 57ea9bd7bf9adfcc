export type BlogCategory = 'Marketing' | 'Technology' | 'Security' | 'Industry' | 'Analytics' | 'Design' | 'Shark Tips';

export const BLOG_CATEGORIES: readonly ('All' | BlogCategory)[] = [
  'All',
  'Marketing',
  'Technology',
  'Security',
  'Industry',
  'Analytics',
  'Design',
  'Shark Tips',
];

export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  publishedAt: string;
  readTime: string;
  category: BlogCategory;
  tags: readonly string[];
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 1,
    title: 'Static vs Dynamic QR Codes: Which One Do You Need?',
    excerpt: 'Static codes are free and last forever; dynamic codes can change after printing and count every scan. Here is how to choose.',
    author: 'Maya Fischer',
    publishedAt: '2025-01-14',
    readTime: '5 min read',
    category: 'Technology',
    tags: ['dynamic QR', 'static QR', 'basics', 'analytics'],
    content:
      `## Two kinds of code, one pattern

Every QR code is a grid of black and white modules. What differs is **what the grid contains**.

A **static** code contains your content itself: the full web address, the contact card, the Wi-Fi password. Nothing sits between the ` +
      `scanner and your content, so the code works forever and costs nothing. The catch: once printed, it can never change.

A **dynamic** code contains a short link, such as \`/d/abc123\`, that points to our server. When someone scans it, we look up where it ` +
      `should go and send them there. Because the destination lives in your account, you can change it at any time.

## When static is the right choice

- The content will never change: a Wi-Fi password for a guest network, a vCard for a long-term role, a plain-text serial number.
- You do not need to know how often it is scanned.
- You want the smallest, simplest pattern possible.

## When dynamic pays for itself

- **Printed material with a long life**: menus, packaging, signage, vehicle wraps. If the destination changes, you edit the link ` +
      `instead of reprinting.
- **Campaigns you want to measure**: every scan is counted, with time, device and approximate country.
- **Promotions with an end date**: pause the code when the offer ends and resume it for the next one.

## A rule of thumb

If reprinting would cost more than a month of Premium, make it dynamic. You can try 12 dynamic codes free for 3 days, with no ` +
      `card required.`,
  },
  {
    id: 2,
    title: 'QR Code Error Correction Explained: L, M, Q and H',
    excerpt: 'Why a QR code still scans with a coffee stain or a logo in the middle, and how to pick the right error correction level.',
    author: 'Daniel Okafor',
    publishedAt: '2025-02-03',
    readTime: '6 min read',
    category: 'Technology',
    tags: ['error correction', 'logos', 'printing', 'Reed-Solomon'],
    content:
      `## Redundancy built into the pattern

QR codes use Reed-Solomon error correction, the same family of codes that lets a scratched CD still play. Part of every code is spare ` +
      `data that lets a scanner rebuild what it cannot read.

There are four levels:

- **L**: about 7% of the code can be damaged and still be recovered.
- **M**: about 15%.
- **Q**: about 25%.
- **H**: about 30%.

## The trade-off

More redundancy means more modules. The same web address at level H produces a denser code than at level L, and dense codes need to be ` +
      `printed larger to scan from the same distance.

## What we use and why

- Codes shown and downloaded from the generator use **level H**. That leaves room for a logo in the centre and for real-world wear: ` +
      `scratches, folds and glare on laminated menus.
- Dynamic codes use **level M**. Their content is only a short link, so the pattern stays small and easy to scan even at level M.

## Practical advice

1. Keep logos to the centre and no larger than about a fifth of the code's width.
2. Never cover the three large corner squares; scanners use them to find the code.
3. Test the printed code with two different phones before a large print run.`,
  },
  {
    id: 3,
    title: '7 Ways Restaurants Use QR Codes Beyond the Menu',
    excerpt: 'Menus were only the start. From reviews to Wi-Fi to table ordering, here is how restaurants get more from every table.',
    author: 'Sofia Marquez',
    publishedAt: '2025-02-20',
    readTime: '4 min read',
    category: 'Industry',
    tags: ['restaurants', 'hospitality', 'menus', 'reviews', 'Wi-Fi'],
    content:
      `## Start with the menu, then keep going

A Menu/PDF code on each table is the classic. Make it **dynamic** so you can swap the PDF when prices or dishes change, without ` +
      `reprinting a single card.

## Seven more ideas

1. **Reviews**: a ratings code on the receipt opens your Google or TripAdvisor review page directly.
2. **Guest Wi-Fi**: a Wi-Fi code joins the network without anyone spelling out the password.
3. **Allergen information**: link a detailed allergen sheet that staff can update daily.
4. **Booking**: a code on takeaway bags opens your reservation page.
5. **Social**: grow your Instagram with a social code on table tents.
6. **Gift cards**: a payment code sells gift cards at the counter.
7. **Staff training**: codes in the kitchen open recipe videos and cleaning checklists.

## Measure what works

Dynamic codes count every scan. Put a different code on the window poster and the table tent and compare the numbers after a week.`,
  },
  {
    id: 4,
    title: 'How to Keep Your QR Codes Safe from Quishing',
    excerpt: 'QR phishing is on the rise. What businesses and scanners can do to make sure a code leads where it should.',
    author: 'Daniel Okafor',
    publishedAt: '2025-03-11',
    readTime: '5 min read',
    category: 'Security',
    tags: ['security', 'phishing', 'quishing', 'best practices'],
    content:
      `## What quishing is

"Quishing" is phishing through a QR code. A scammer sticks a fake code over a real one, on a parking meter or a restaurant table, and ` +
      `sends people to a look-alike payment page.

## What businesses can do

- **Use tamper-evident placement**: print codes directly on the material rather than on loose stickers, or place them behind glass.
- **Put your domain next to the code**: "Scan to pay at pay.example.com" lets people check where they land.
- **Use dynamic codes and watch the numbers**: a sudden drop in scans at one location can mean the code has been covered.
- **Check your codes regularly**: walk past your own signs and scan them.

## What we do on our side

- Dynamic codes only ever redirect to http or https addresses, never to scripts or app schemes.
- Paused and deleted codes show a clear notice instead of a redirect.
- We never store raw IP addresses of the people who scan your codes.

## Advice for scanners

Look at the address your camera shows before you open it, and never enter card details on a page you did not expect.`,
  },
  {
    id: 5,
    title: 'Reading Your QR Code Analytics: Five Numbers That Matter',
    excerpt: 'Total scans is just the start. Unique visitors, time of day, device and location tell you what your print is really doing.',
    author: 'Priya Raman',
    publishedAt: '2025-03-27',
    readTime: '6 min read',
    category: 'Analytics',
    tags: ['analytics', 'scan tracking', 'campaigns', 'dynamic QR'],
    content:
      `## 1. Total scans

The headline number. Useful for trends, misleading alone: one enthusiastic visitor can scan ten times.

## 2. Unique visitors

We identify repeat visitors with a salted hash, not by storing their IP address. Unique visitors tell you how many people your code ` +
      `actually reached.

## 3. Scans over time

Look for the shape, not the total. A poster that peaks on Saturday mornings belongs near the market; a code that gets scans only at ` +
      `lunchtime belongs on the lunch menu.

## 4. Devices and browsers

If most scans come from phones of one platform, make sure the destination page works well there, and point app codes at the right store ` +
      `first.

## 5. Location and referrer

Approximate country tells you whether your international packaging is being read. Referrer data shows when your code is being shared ` +
      `online rather than scanned.

## Make it a habit

Check your top three codes once a week. Move, redesign or retire the ones that are not earning their place.`,
  },
  {
    id: 6,
    title: 'Designing a Branded QR Code That Still Scans',
    excerpt: 'Colours, shapes, frames and logos: how to make a QR code look like your brand without losing a single scan.',
    author: 'Lena Park',
    publishedAt: '2025-04-15',
    readTime: '5 min read',
    category: 'Design',
    tags: ['design', 'branding', 'colors', 'logos', 'frames'],
    content:
      `## Contrast first

Scanners look for dark modules on a light background. Keep the code colour **much darker** than the background. Our generator warns you ` +
      `when the contrast is too low to scan reliably.

Avoid inverted codes (light on dark) for print: many older scanners cannot read them.

## Shapes and corners

Round dots and rounded corner squares soften the look and are read by every modern scanner. You can colour the outer and inner corner ` +
      `squares separately to pick up a brand accent.

## Gradients

A second colour adds a gradient across the code. Keep both colours dark enough against the background; a gradient from navy to purple ` +
      `works, navy to yellow does not.

## Logos

Place your logo in the centre. Our codes use the highest error correction level, so a logo of about a fifth of the width is safe. ` +
      `Presets such as Instagram, YouTube and App Store are ready to use.

## Frames and calls to action

A frame with text such as **SCAN ME** or **See the menu** can double the number of scans, because people know what they will get. ` +
      `Keep the text short and the frame colour consistent with your brand.`,
  },
  {
    id: 7,
    title: 'Shark Tips: Printing QR Codes the Right Size',
    excerpt: 'Too small and nobody can scan it; too dense and it fails from a distance. A simple rule for every surface.',
    author: 'Marco Bianchi',
    publishedAt: '2025-05-06',
    readTime: '3 min read',
    category: 'Shark Tips',
    tags: ['printing', 'size', 'Shark Tips', 'posters'],
    content:
      `## The 10:1 rule

Divide the scanning distance by ten to get the minimum width of the code. Scanned from 1 metre? Print it at least 10 cm wide. From ` +
      `arm's length (about 30 cm)? At least 3 cm.

## Never smaller than 2 cm

Even on business cards, keep the code at least 2 by 2 cm.

## Leave a quiet zone

Keep a clear margin around the code of at least four modules. Text and graphics touching the code confuse scanners.

## Use SVG for print

PNG downloads are rendered at three times the preview size, fine for documents and screens. For posters, banners and vehicles, download ` +
      `the SVG: it stays sharp at any size.

## Shorter content, simpler code

Long web addresses make dense codes. A dynamic code contains only a short link, so it stays simple, which is another reason to ` +
      `use dynamic codes on large, far-away signage.`,
  },
  {
    id: 8,
    title: 'QR Codes in Retail: Turning Packaging into a Sales Channel',
    excerpt: 'How shops and brands use QR codes on shelves and packaging to answer questions, collect reviews and sell after hours.',
    author: 'Sofia Marquez',
    publishedAt: '2025-06-02',
    readTime: '5 min read',
    category: 'Marketing',
    tags: ['retail', 'packaging', 'marketing', 'payments'],
    content: `## The shelf is a conversation

Shoppers have questions at the shelf: ingredients, sizes, reviews. A code on the shelf tag answers them before they walk away.

## Ideas that work

- **Product pages and manuals** behind a Website URL or Menu/PDF code.
- **Payment codes** that sell a product directly, even when the shop is closed.
- **App codes** that send shoppers to the right store for your loyalty app.
- **Ratings codes** on the receipt to collect reviews while the purchase is fresh.

## Measure every display

Give each display its own dynamic code. After two weeks you will know which window, shelf or counter earns its place.

## Keep the promise

Tell people what they get: "Scan for sizing help" beats a bare code. And make sure the page is fast on a phone.`,
  },
  {
    id: 9,
    title: 'How Much Should a QR Code Generator Cost?',
    excerpt: 'Free generators, subscriptions and hidden expiry dates: what you actually pay for and what should always be free.',
    author: 'Priya Raman',
    publishedAt: '2025-07-09',
    readTime: '4 min read',
    category: 'Marketing',
    tags: ['pricing', 'premium', 'free plan', 'buying guide'],
    content:
      `## What should always be free

Creating a static QR code costs a generator almost nothing. It should be free, without an account, and it should **never expire**. Be ` +
      `wary of "free" codes that secretly point through a redirect and stop working after a trial.

## What is worth paying for

Dynamic codes need servers to redirect every scan and store analytics, so paid plans are fair when you need:

- Many dynamic codes you can edit after printing
- Scan analytics over time
- Logos, gradients and branded frames
- Bulk generation for labels and inventory

Expect premium plans to start from about $10/month. Ours is $9.99/month, with a 3-day free trial and no card required.

## Questions to ask any provider

1. Do static codes keep working if I cancel?
2. What happens to dynamic codes if I downgrade?
3. Can I export my codes as SVG for print?
4. Are scanners' IP addresses stored?`,
  },
  {
    id: 10,
    title: 'Bulk QR Code Generation: From Spreadsheet to Labels in Minutes',
    excerpt:
      'Need hundreds of codes for asset tags, tickets or product labels? Here is the fastest way from a CSV file to print-ready SVGs.',
    author: 'Marco Bianchi',
    publishedAt: '2025-08-19',
    readTime: '4 min read',
    category: 'Shark Tips',
    tags: ['bulk generation', 'CSV', 'labels', 'inventory', 'Shark Tips'],
    content:
      `## Prepare your list

Put one item per line. In a spreadsheet, keep the web address or text in the **first column** and export as CSV; only the first column ` +
      `is used. A plain TXT file with one item per line works too.

## Choose the type

- **Website URL** for links to product pages, manuals or forms.
- **Plain Text** for serial numbers, asset tags and ticket codes.

## Pick colours and generate

Choose the code and background colours, then generate. Codes are created ten at a time, with a running count of successes and failures, ` +
      `so a bad line never stops the run.

## Download and print

Download every successful code as an SVG file, named in order (qr-code-1.svg, qr-code-2.svg, ...), ready for your label software.

## Tips

- Remove blank lines and duplicates before you start.
- Test a handful of printed labels before printing a thousand.
- Keep texts short: shorter content makes simpler codes that scan faster.`,
  },
];

export function findPost(id: string | undefined): BlogPost | undefined {
  const numeric = Number(id);
  return BLOG_POSTS.find((post) => post.id === numeric);
}

export function searchPosts(query: string, category: 'All' | BlogCategory): BlogPost[] {
  const needle = query.trim().toLowerCase();
  return BLOG_POSTS.filter((post) => {
    if (category !== 'All' && post.category !== category) return false;
    if (!needle) return true;
    return (
      post.title.toLowerCase().includes(needle) ||
      post.excerpt.toLowerCase().includes(needle) ||
      post.tags.some((tag) => tag.toLowerCase().includes(needle))
    );
  });
}
