// POST /redemptions: the counter serves the holder of a pass once. A refusal's body says why
// (RedemptionRefusal), which the counter shows in big letters.
import { useMutation } from '@tanstack/react-query';
import {
  counterOfflineMessage,
  routes,
  redemptionRefusals,
  type Redemption,
  type RedemptionBody,
  type RedemptionRefusal,
} from '@hostelhub/contracts';
import { ApiRequestError, callEndpoint } from '@/lib/api-client';

export type CounterAnswer =
  { kind: 'serve'; redemption: Redemption } | { kind: 'refused'; refusal: RedemptionRefusal; body: RedemptionBody };

const isRefusal = (body: unknown): body is RedemptionRefusal =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as RedemptionRefusal).message === 'string' &&
  (redemptionRefusals as readonly unknown[]).includes((body as RedemptionRefusal).reason);

/** What the counter shows for a failed call: the API's refusal, or "nothing was recorded". */
export function answerOfError(error: unknown, body: RedemptionBody): CounterAnswer {
  if (error instanceof ApiRequestError) {
    if (isRefusal(error.body)) return { kind: 'refused', refusal: error.body, body };
    return { kind: 'refused', refusal: { reason: 'invalid', message: error.message }, body };
  }
  // No answer at all: the network is down, so nothing was served.
  return { kind: 'refused', refusal: { reason: 'invalid', message: counterOfflineMessage }, body };
}

export const useRedeemPass = () =>
  useMutation({
    mutationFn: async (body: RedemptionBody): Promise<CounterAnswer> => {
      try {
        const { data } = await callEndpoint(routes.redeemPass, { body });
        return { kind: 'serve', redemption: data };
      } catch (error) {
        return answerOfError(error, body);
      }
    },
  });
