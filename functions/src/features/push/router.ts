import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller } from '../../lib/auth.js';
import { handle } from '../../lib/route.js';
import { addPushDevice, pushSettings, removePushDevice, updatePushPreferences } from './devices.js';

/** The member's push choices and devices (ADR 81). */
export const pushRouter = Router();

handle(pushRouter, endpoints.pushSettings, (_input, res) => pushSettings(caller(res).uid));

handle(pushRouter, endpoints.updatePushPreferences, ({ body }, res) => updatePushPreferences(caller(res).uid, body));

handle(pushRouter, endpoints.addPushDevice, ({ body }, res) => addPushDevice(caller(res).uid, body));

handle(pushRouter, endpoints.removePushDevice, ({ params }, res) => removePushDevice(caller(res).uid, params.deviceId));
