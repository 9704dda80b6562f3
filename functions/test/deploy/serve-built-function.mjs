// Serves one HTTP function of the built bundle (functions/lib/index.js) on a loopback port, in a
// process of its own whose environment the test chose: a deployed instance's, which holds only
// the secrets the function declares (functions/test/deploy-secrets.test.ts). Like the Functions
// Framework, it hands the handler Express's request and response, the body parsed when JSON and
// the bytes as they came in `rawBody` (what the webhook's signature covers).
// Prints `{"port":n}` once listening.
import { createRequire } from 'node:module';
import express from 'express';

const name = process.argv[2];
const bundle = createRequire(import.meta.url)('../../lib/index.js');
const handler = bundle[name];
if (typeof handler !== 'function') throw new Error(`functions/lib/index.js exports no function ${name}`);

const keepRaw = (req, _res, buffer) => {
  req.rawBody = buffer;
};
const app = express();
app.disable('x-powered-by');
app.use(express.json({ verify: keepRaw }), express.raw({ type: () => true, verify: keepRaw }));
app.use((req, res) => handler(req, res));
const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
