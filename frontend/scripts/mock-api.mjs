#!/usr/bin/env node
// A stand-in for the Rust API, for working on the front end before/without the real server:
//   node scripts/mock-api.mjs [port]        (default 8787)
//   ANKARA_API=http://127.0.0.1:8787 npx vite     # or: npx vite preview
// Serves the catalogue endpoints with made-up data and SVG pictures under /media.
// With SERVE_DIST=1 it also serves the built app (dist/) like the Rust binary does: gzip, long
// caching for hashed assets, index.html (with the session embedded) for every other path. That is
// the setup for Lighthouse runs: npm run build && SERVE_DIST=1 node scripts/mock-api.mjs
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const port = Number(process.argv[2] ?? process.env.PORT ?? 8787);
const now = Date.UTC(2026, 10, 1);

const palette = [
  ['#1b1f3b', '#c2410c'],
  ['#2c3156', '#f2a541'],
  ['#3b2f2f', '#b45309'],
  ['#0f3d3e', '#d97706'],
  ['#3f1d38', '#ea580c'],
  ['#1e293b', '#a16207'],
];

// MOCK_JPEG_DIR=/some/dir serves photo-weight JPEGs from there instead of tiny SVGs (files named
// tall<N>-<w>.jpg and wide<N>-<w>.jpg, N in 0..5, w in 320/640/1024), for realistic Lighthouse runs.
const jpegDir = process.env.MOCK_JPEG_DIR;
const ext = jpegDir ? 'jpg' : 'svg';

function img(key, shape = 'tall') {
  const k = jpegDir ? `${shape}${hash(key) % 6}~${key}` : key;
  return {
    url: `/media/${k}-640.${ext}`,
    srcset: `/media/${k}-320.${ext} 320w, /media/${k}-640.${ext} 640w, /media/${k}-1024.${ext} 1024w`,
    width: 1024,
    height: 1280,
  };
}
function wide(key) {
  return { ...img(key, 'wide'), width: 1024, height: 640 };
}

const collections = [
  [
    'formal-shoes',
    'Formal Shoes',
    'Oxfords, brogues, loafers and monk straps, hand-finished in leather and suede for the office and the aisle.',
  ],
  [
    'formal-trousers',
    'Formal Trouser',
    'Tailored trousers in wool blends and crisp cotton twill, cut slim or classic, with a clean break.',
  ],
  [
    'corporate-shirts',
    'Corporate Shirts',
    'Poplin, twill and oxford shirts with sharp collars, in whites, blues and quiet stripes.',
  ],
  [
    'wristwatches',
    'Wristwatches',
    'Automatic, quartz and chronograph watches on steel and leather: the finishing touch.',
  ],
  ['suits', 'Suits', 'Two- and three-piece suits in navy, charcoal and earth tones, made to be tailored to you.'],
  ['sneakers', 'Sneakers', 'Clean leather low-tops and knit runners for the weekend and smart-casual Fridays.'],
].map(([id, name, description]) => ({
  id,
  name,
  description,
  image: wide(`col-${id}`),
  createdAt: now,
  updatedAt: now,
}));

const names = {
  'formal-shoes': [
    'Oxford Brogue',
    'Penny Loafer',
    'Double Monk Strap',
    'Chelsea Boot',
    'Derby Cap-Toe',
    'Suede Tassel Loafer',
  ],
  'formal-trousers': ['Slim Wool Trouser', 'Pleated Chino', 'Charcoal Dress Pant'],
  'corporate-shirts': ['White Poplin Shirt', 'Blue Oxford Shirt', 'Bengal Stripe Shirt'],
  wristwatches: ['Heritage Automatic', 'Steel Chronograph', 'Minimal Quartz 38mm'],
  suits: ['Navy Two-Piece Suit', 'Charcoal Three-Piece', 'Agbada-Inspired Tuxedo'],
  sneakers: ['White Leather Low-Top', 'Knit Runner', 'Suede Court Sneaker'],
};
const categories = {
  'formal-shoes': 'Shoes',
  'formal-trousers': 'Trousers',
  'corporate-shirts': 'Shirts',
  wristwatches: 'Watches',
  suits: 'Suits',
  sneakers: 'Sneakers',
};

const products = [];
for (const [collectionId, list] of Object.entries(names)) {
  const count = collectionId === 'formal-shoes' ? 27 : list.length;
  for (let i = 0; i < count; i++) {
    const name = i < list.length ? list[i] : `${list[i % list.length]} ${Math.floor(i / list.length) + 1}`;
    const id = `${collectionId}-${i + 1}`;
    products.push({
      id,
      name,
      description: `${name}: a ${categories[collectionId].toLowerCase()} staple from the Ankara ${collectionId.replace('-', ' ')} edit.\n\nMade with care, finished by hand and built to last through many Lagos Mondays.`,
      price: 1_500_000 + ((i * 734_517) % 9_000_000),
      images: [img(`${id}-a`), img(`${id}-b`), img(`${id}-c`)],
      featured: i < 2,
      rating: [4.5, 4.8, 3.9, 4.2, 5, 4.1][i % 6],
      reviewCount: [128, 54, 9, 1, 230, 17][i % 6],
      collectionId,
      category: categories[collectionId],
      sizes:
        collectionId.includes('shoes') || collectionId === 'sneakers'
          ? ['40', '41', '42', '43', '44', '45']
          : collectionId === 'wristwatches'
            ? []
            : ['S', 'M', 'L', 'XL'],
      colors: ['Black', 'Brown', 'Navy'].slice(0, 1 + (i % 3)),
      createdAt: now - i,
    });
  }
}

const releases = [
  [
    'The Lagos Boardroom Suit',
    'A sharp navy two-piece in breathable wool, cut for long days and warm evenings.',
    'suits',
    'suits-1',
  ],
  [
    'Heritage Automatic',
    'Our first automatic: sapphire crystal, exhibition case back, and a tan Nigerian-leather strap.',
    'wristwatches',
    'wristwatches-1',
  ],
  [
    'Oxford Brogue in Oxblood',
    'The classic brogue, now in a deep oxblood polish that darkens beautifully with wear.',
    'formal-shoes',
    'formal-shoes-1',
  ],
].map(([name, description, collectionId, productId], i) => ({
  id: `release-${i + 1}`,
  name,
  description,
  price: 4_500_000 + i * 1_250_000,
  backgroundImage: wide(`release-${i + 1}`),
  collectionId,
  collectionName: collections.find((c) => c.id === collectionId).name,
  productId,
  featured: true,
  createdAt: now - i,
}));

const about = {
  title: 'Dressing the modern Nigerian gentleman since 2019',
  description1:
    'Ankara began in a small Yaba studio with one idea: a well-made suit, a good pair of shoes and a watch you love should not require a trip abroad. We work with tailors, cobblers and leather workers across Lagos, Aba and Kano to bring you pieces that fit our climate and our calendar.\n\nEvery item is checked by hand before it leaves us.',
  description2:
    'We deliver to all 36 states and the FCT, and we answer every message ourselves. If something does not fit, tell us: we will make it right. Thank you for shopping with a Nigerian brand.',
  image1: wide('about-1'),
  image2: wide('about-2'),
  createdAt: now,
  updatedAt: now,
};

function hash(text) {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

function svg(key) {
  const [a, b] = palette[hash(key) % palette.length];
  const wideShape =
    key.startsWith('col-') || key.startsWith('release') || key.startsWith('about') || key.startsWith('hero');
  const [w, h] = wideShape ? [1024, 640] : [1024, 1280];
  const label = key
    .replace(/-(a|b|c)$/, '')
    .replace(/^(col|hero)-/, '')
    .replace(/-/g, ' ');
  const variant = key.endsWith('-b') ? 0.35 : key.endsWith('-c') ? 0.6 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="${variant}" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<radialGradient id="r" cx="0.7" cy="0.3" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#r)"/>
<circle cx="${w * 0.72}" cy="${h * 0.38}" r="${Math.min(w, h) * 0.22}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="10"/>
<text x="50%" y="${h * 0.88}" text-anchor="middle" font-family="Georgia, serif" font-size="${Math.round(w / 16)}" fill="#fff" fill-opacity="0.7">${label}</text>
</svg>`;
}

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

const delay = Number(process.env.MOCK_DELAY_MS ?? 0);

createServer(async (req, res) => {
  const url = new URL(req.url, `http://127.0.0.1:${port}`);
  const path = url.pathname;
  if (delay) await new Promise((r) => setTimeout(r, delay));

  if (path.startsWith('/media/') && jpegDir) {
    const m = /^\/media\/((?:tall|wide)\d)~.*-(320|640|1024)\.jpg$/.exec(path);
    if (!m) return send(res, 404, { error: 'not_found', message: 'Not found' });
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=31536000, immutable' });
    return res.end(readFileSync(join(jpegDir, `${m[1]}-${m[2]}.jpg`)));
  }
  if (path.startsWith('/media/')) {
    const key = path.slice('/media/'.length).replace(/-(320|640|1024)\.svg$/, '');
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' });
    return res.end(svg(key));
  }
  if (path === '/api/health') return send(res, 200, { status: 'ok' });
  if (path === '/api/session') return send(res, 200, { user: null });
  if (path === '/api/hero') return send(res, 200, [wide('hero-1'), wide('hero-2'), wide('hero-3')]);
  if (path === '/api/collections') return send(res, 200, collections);
  if (path === '/api/releases') return send(res, 200, process.env.MOCK_NO_RELEASES ? [] : releases);
  if (path === '/api/about') return send(res, 200, about);
  if (path === '/api/products/featured')
    return send(
      res,
      200,
      products.filter((p) => p.featured),
    );
  if (path === '/api/search') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = products.filter((p) => p.name.toLowerCase().includes(q));
    const sort = url.searchParams.get('sort');
    if (sort === 'price-asc') found.sort((a, b) => a.price - b.price);
    if (sort === 'price-desc') found.sort((a, b) => b.price - a.price);
    if (sort === 'newest') found.sort((a, b) => b.createdAt - a.createdAt);
    return send(res, 200, found.slice(0, 24));
  }
  if (path === '/api/search/suggest') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = products.filter((p) => p.name.toLowerCase().includes(q)).slice(0, 5);
    return send(
      res,
      200,
      found.map((p) => ({ id: p.id, name: p.name, category: p.category, price: p.price, image: p.images[0] ?? null })),
    );
  }
  if (path === '/api/orders/track') {
    const number = (url.searchParams.get('number') ?? '').trim().toUpperCase();
    const email = (url.searchParams.get('email') ?? '').trim().toLowerCase();
    if (!number || !email)
      return send(res, 400, { error: 'validation', message: 'Please enter your order number and e-mail address.' });
    if (number !== 'K7M2QX9A' || email !== 'ada@example.com')
      return send(res, 404, {
        error: 'not_found',
        message: "We couldn't find an order with that number and e-mail address.",
      });
    const item = products[0];
    return send(res, 200, {
      order: {
        number: 'K7M2QX9A',
        status: 'shipped',
        trackingNumber: 'GIG-4471-LOS',
        createdAt: now - 3 * 86_400_000,
        updatedAt: now - 86_400_000,
        items: [{ productId: item.id, name: item.name, price: item.price, quantity: 2, size: '42', color: 'Black' }],
        totalAmount: item.price * 2,
      },
    });
  }
  if (path === '/api/contact' && req.method === 'POST') {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const { email = '', message = '' } = JSON.parse(raw || '{}');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !message.trim())
      return send(res, 400, { error: 'validation', message: 'Please enter a valid e-mail address and a message.' });
    return send(res, 201, { message: 'Thank you! Your message has been received. We will reply by e-mail soon.' });
  }
  let m = /^\/api\/collections\/([^/]+)$/.exec(path);
  if (m) {
    const collection = collections.find((c) => c.id === decodeURIComponent(m[1]));
    if (!collection) return send(res, 404, { error: 'not_found', message: 'Collection not found' });
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const all = products.filter((p) => p.collectionId === collection.id);
    return send(res, 200, {
      collection,
      products: all.slice((page - 1) * 24, page * 24),
      page,
      pageSize: 24,
      total: all.length,
    });
  }
  m = /^\/api\/products\/([^/]+)$/.exec(path);
  if (m) {
    const product = products.find((p) => p.id === decodeURIComponent(m[1]));
    if (!product)
      return send(res, 404, { error: 'not_found', message: "The product you're looking for doesn't exist." });
    return send(res, 200, product);
  }
  if (path.startsWith('/api/')) return send(res, 404, { error: 'not_found', message: 'Not found' });
  if (process.env.SERVE_DIST) return serveDist(req, res, path);
  send(res, 404, { error: 'not_found', message: 'Not found' });
}).listen(port, '127.0.0.1', () => console.log(`mock API on http://127.0.0.1:${port}`));

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const gzipped = new Map();

function serveDist(req, res, path) {
  const relative = normalize(path).replace(/^\/+/, '');
  let file = relative && !relative.includes('..') ? join(dist, relative) : '';
  let body;
  let cache = 'public, max-age=31536000, immutable';
  if (file && existsSync(file) && !file.endsWith('/') && relative !== 'index.html') {
    body = readFileSync(file);
    if (!relative.startsWith('assets/')) cache = 'public, max-age=3600';
  } else {
    file = join(dist, 'index.html');
    const session = '<script id="ankara-session" type="application/json">{"user":null}</script>';
    body = Buffer.from(readFileSync(file, 'utf8').replace('</head>', `${session}</head>`));
    cache = 'no-cache, no-store';
  }
  const type = types[extname(file)] ?? 'application/octet-stream';
  const headers = { 'Content-Type': type, 'Cache-Control': cache };
  if (/gzip/.test(req.headers['accept-encoding'] ?? '') && /text|javascript|svg/.test(type)) {
    if (!gzipped.has(file) || type.startsWith('text/html')) gzipped.set(file, gzipSync(body, { level: 9 }));
    headers['Content-Encoding'] = 'gzip';
    body = gzipped.get(file);
  }
  res.writeHead(200, headers);
  res.end(body);
}
