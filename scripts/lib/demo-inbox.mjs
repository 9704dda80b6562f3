// The demo's inbox (docs/email.md): an SMTP server on 127.0.0.1 that keeps every message it
// is handed, and a web page listing them, so `npm start` shows the emails HostelHub writes
// without any of them leaving the machine. Messages live in memory for the run.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const demoSmtpPort = (offset) => 12125 + offset;
export const demoInboxPort = (offset) => 12180 + offset;

const escapeHtml = (value) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const addressesOf = (field) => (field?.value ?? []).map((entry) => entry.address).join(', ');

/** A message as the inbox's JSON and pages show it. */
function summary(message) {
  return {
    id: message.id,
    receivedAt: message.receivedAt,
    from: addressesOf(message.parsed.from),
    to: addressesOf(message.parsed.to),
    subject: message.parsed.subject ?? '',
    text: message.parsed.text ?? '',
    html: typeof message.parsed.html === 'string' ? message.parsed.html : '',
    headers: {
      'list-unsubscribe':
        message.parsed.headers.get('list-unsubscribe')?.url ??
        message.parsed.headerLines
          .find((line) => line.key === 'list-unsubscribe')
          ?.line.replace(/^List-Unsubscribe:\s*/i, '') ??
        null,
      'list-unsubscribe-post':
        message.parsed.headerLines
          .find((line) => line.key === 'list-unsubscribe-post')
          ?.line.replace(/^List-Unsubscribe-Post:\s*/i, '') ?? null,
    },
    attachments: message.parsed.attachments.map((attachment, index) => ({
      index,
      filename: attachment.filename ?? `attachment-${index + 1}`,
      contentType: attachment.contentType,
      size: attachment.size,
    })),
  };
}

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
  '<style>body{font-family:system-ui,Arial,sans-serif;color:#1c1917;max-width:56rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}' +
  'td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e7e5e4;vertical-align:top}a{color:#9a3412}iframe{width:100%;height:32rem;border:1px solid #e7e5e4}pre{white-space:pre-wrap}</style>' +
  `</head><body><main>${body}</main></body></html>`;

/** Starts the SMTP catcher and its inbox page; `messages` is what arrived, newest last. */
export async function startDemoInbox({ smtpPort, webPort, host = '127.0.0.1' }) {
  const messages = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    // Local only and for the demo: no TLS, any sender, no sign-in.
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: 5 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({ id: String(nextId++), receivedAt: new Date().toISOString(), parsed });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, host, resolve);
  });

  const byId = (id) => messages.find((message) => message.id === id);
  const web = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const send = (status, type, body, extra = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...extra });
      res.end(body);
    };
    if (url.pathname === '/messages') {
      return send(200, 'application/json', JSON.stringify(messages.map(summary)));
    }
    const attachment = url.pathname.match(/^\/messages\/(\d+)\/attachments\/(\d+)$/);
    if (attachment) {
      const file = byId(attachment[1])?.parsed.attachments[Number(attachment[2])];
      if (!file) return send(404, 'text/plain', 'No such attachment');
      return send(200, file.contentType || 'application/octet-stream', file.content, {
        'content-disposition': `attachment; filename="${String(file.filename ?? 'attachment').replace(/[^\w.-]/g, '_')}"`,
      });
    }
    const one = url.pathname.match(/^\/messages\/(\d+)$/);
    if (one) {
      const message = byId(one[1]);
      if (!message)
        return send(
          404,
          'text/html; charset=utf-8',
          page('Not found', '<p>No such message. <a href="/">Inbox</a></p>'),
        );
      const shown = summary(message);
      const files = shown.attachments
        .map(
          (file) =>
            `<li><a href="/messages/${shown.id}/attachments/${file.index}">${escapeHtml(file.filename)}</a> (${escapeHtml(file.contentType)})</li>`,
        )
        .join('');
      return send(
        200,
        'text/html; charset=utf-8',
        page(
          shown.subject,
          `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(shown.subject)}</h1>` +
            `<p>From ${escapeHtml(shown.from)} to ${escapeHtml(shown.to)}, ${escapeHtml(shown.receivedAt)}</p>` +
            (shown.headers['list-unsubscribe']
              ? `<p>List-Unsubscribe: ${escapeHtml(shown.headers['list-unsubscribe'])}</p>`
              : '') +
            (files ? `<h2>Attachments</h2><ul>${files}</ul>` : '') +
            // The HTML version in a sandbox without scripts; its links open in a new tab.
            (shown.html
              ? `<h2>HTML</h2><iframe title="The HTML version" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(shown.html.replace('<head>', '<head><base target="_blank">'))}"></iframe>`
              : '') +
            `<h2>Text</h2><pre>${escapeHtml(shown.text)}</pre>`,
        ),
        {
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src * data:",
        },
      );
    }
    if (url.pathname !== '/') return send(404, 'text/plain', 'Not found');
    const rows = messages
      .slice()
      .reverse()
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.receivedAt.slice(0, 19).replace('T', ' '))}</td><td>${escapeHtml(addressesOf(message.parsed.to))}</td>` +
          `<td><a href="/messages/${message.id}">${escapeHtml(message.parsed.subject ?? '(no subject)')}</a></td></tr>`,
      )
      .join('');
    return send(
      200,
      'text/html; charset=utf-8',
      page(
        'Demo inbox',
        `<h1>Demo inbox</h1><p>Every email the demo sends arrives here; none leaves this machine. Reload for new mail.</p>` +
          (rows
            ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
            : '<p>No email yet.</p>'),
      ),
    );
  });
  await new Promise((resolve, reject) => {
    web.once('error', reject);
    web.listen(webPort, host, resolve);
  });
  return {
    url: `http://${host}:${webPort}`,
    smtp: { host, port: smtpPort },
    messages,
    async close() {
      await Promise.all([new Promise((resolve) => smtp.close(resolve)), new Promise((resolve) => web.close(resolve))]);
    },
  };
}
