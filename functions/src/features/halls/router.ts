import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { caller } from '../../lib/auth.js';
import { handle } from '../../lib/route.js';
import {
  addHall,
  assignHalls,
  deleteHall,
  listHalls,
  readHallSettings,
  setHomeHall,
  updateHall,
  writeHallSettings,
} from './service.js';
import { chooseNextHall } from './next-hall.js';

/** Dining halls (ADR 72): the public list and the admins' changes. */
export const hallsRouter = Router();

// The same for every visitor: the CDN may keep the anonymous answer (lib/http-cache.ts).
hallsRouter.get(endpoints.halls.path, shareWhenAnonymous);

handle(hallsRouter, endpoints.halls, () => listHalls());
handle(hallsRouter, endpoints.addHall, ({ body }) => addHall(body));
handle(hallsRouter, endpoints.updateHall, ({ params, body }) => updateHall(params.id, body));
handle(hallsRouter, endpoints.deleteHall, ({ params }) => deleteHall(params.id));
handle(hallsRouter, endpoints.hallSettings, () => readHallSettings());
handle(hallsRouter, endpoints.updateHallSettings, ({ body }) => writeHallSettings(body));
handle(hallsRouter, endpoints.chooseNextHall, ({ body }, res) => chooseNextHall(caller(res).uid, body.hallId));
handle(hallsRouter, endpoints.setHomeHall, ({ params, body }) => setHomeHall(params.uid, body.hallId));
handle(hallsRouter, endpoints.assignHalls, ({ params, body }) => assignHalls(params.uid, body.hallIds));
