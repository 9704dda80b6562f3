import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app.js';
import { jwtSecret } from './config.js';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

export const api = onRequest({ secrets: [jwtSecret] }, createApp());
