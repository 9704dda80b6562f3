// The demo's image host, run by `npm start` when no image host is configured
// (VITE_IMAGE_UPLOAD_URL): a local server speaking the part of ImgBB's upload API the site
// uses (docs/image-upload.md). `POST /1/upload` with the file in the multipart field `image`
// answers `{ data: { url } }`; `GET /images/<name>` serves it back. The pictures are kept in
// `dir`, which `npm start` saves with the demo data (ADR 11).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

/** Where the demo's image host listens: beside the Stripe stand-in. */
export const demoImageHostPort = (offset) => 12112 + offset;

// Raster images only: an SVG opened from the host's address could run script.
const extensions = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};
const typesByExtension = Object.fromEntries(Object.entries(extensions).map(([type, extension]) => [extension, type]));
const maxBytes = 5 * 1024 * 1024;

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', ...corsHeaders });
  res.end(JSON.stringify(body));
}

const refuse = (res, status, message) => json(res, status, { status_code: status, error: { message } });

/** Starts the host on `port`, keeping pictures in `dir`. */
export async function startDemoImageHost({ port, dir }) {
  mkdirSync(dir, { recursive: true });
  let origin = '';

  async function upload(req, res) {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + 64 * 1024) {
      return refuse(res, 413, 'The image is larger than 5 MB.');
    }
    let form;
    try {
      form = await new Request('http://host/', {
        method: 'POST',
        headers: req.headers,
        body: req,
        duplex: 'half',
      }).formData();
    } catch {
      return refuse(res, 400, 'Send the image as multipart/form-data in the field "image".');
    }
    const file = form.get('image');
    if (!file || typeof file === 'string') return refuse(res, 400, 'Send the image in the field "image".');
    const extension = extensions[file.type];
    if (!extension) return refuse(res, 400, 'Only PNG, JPEG, GIF, WebP or AVIF images can be uploaded.');
    if (file.size > maxBytes) return refuse(res, 413, 'The image is larger than 5 MB.');
    const name = `${randomBytes(12).toString('hex')}.${extension}`;
    writeFileSync(join(dir, name), Buffer.from(await file.arrayBuffer()));
    return json(res, 200, { data: { url: `${origin}/images/${name}` }, success: true, status: 200 });
  }

  function serve(res, name) {
    const match = /^([0-9a-f]{24})\.(\w+)$/.exec(name);
    const type = match ? typesByExtension[match[2]] : undefined;
    const path = type ? join(dir, name) : null;
    if (!path || !existsSync(path)) return refuse(res, 404, 'No such image');
    res.writeHead(200, {
      'content-type': type,
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    res.end(readFileSync(path));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders);
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/1/upload') {
      return void upload(req, res).catch(() => refuse(res, 500, 'The upload failed.'));
    }
    if (req.method === 'GET' && url.pathname.startsWith('/images/'))
      return serve(res, url.pathname.slice('/images/'.length));
    return refuse(res, 404, 'Not found');
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    uploadUrl: `${origin}/1/upload`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
