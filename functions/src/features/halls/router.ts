import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { shareWhenAnonymous } from '../../lib/http-cache.js';
import { adminProfile, caller } from '../../lib/auth.js';
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
import { actorOf } from '../../lib/admin-actions.js';

/** Dining halls (ADR 72): the public list and the admins' changes. */
export const hallsRouter = Router();

// The same for every visitor: the CDN may keep the anonymous answer (lib/http-cache.ts).
hallsRouter.get(endpoints.halls.path, shareWhenAnonymous);

handle(hallsRouter, endpoints.halls, () => listHalls());
handle(hallsRouter, endpoints.addHall, ({ body }, res) => addHall(body, actorOf(adminProfile(res))));
handle(hallsRouter, endpoints.updateHall, ({ params, body }, res) =>
  updateHall(params.id, body, actorOf(adminProfile(res))),
);
handle(hallsRouter, endpoints.deleteHall, ({ params }, res) => deleteHall(params.id, actorOf(adminProfile(res))));
handle(hallsRouter, endpoints.hallSettings, () => readHallSettings());
handle(hallsRouter, endpoints.updateHallSettings, ({ body }, res) =>
  writeHallSettings(body, actorOf(adminProfile(res))),
);
handle(hallsRouter, endpoints.chooseNextHall, ({ body }, res) => chooseNextHall(caller(res).uid, body.hallId));
handle(hallsRouter, endpoints.setHomeHall, ({ params, body }, res) =>
  setHomeHall(params.uid, body.hallId, actorOf(adminProfile(res))),
);
handle(hallsRouter, endpoints.assignHalls, ({ params, body }, res) =>
  assignHalls(params.uid, body.hallIds, actorOf(adminProfile(res))),
);
