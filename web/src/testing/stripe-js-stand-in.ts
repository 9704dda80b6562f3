// A stand-in for Stripe.js (js.stripe.com), which cannot be reached in tests. It implements
// the few methods the checkout page uses, with Stripe's error codes and messages:
// elements(), create(), mount(), on('change'), getElement(), createPaymentMethod() and
// confirmCardPayment(), which posts to api.stripe.com like the real one (tests answer that
// with the local Stripe fake), or to `apiBase`: the demo's Stripe stand-in, which `npm start`
// runs without Stripe keys (the demo build installs this file then: features/checkout/lib/demo-payments.ts).
//
// `installStripeStandIn` is self-contained on purpose: e2e tests send its source to the
// browser as the body of https://js.stripe.com/..., component tests call it on jsdom.
//
// Card numbers: 4000 0000 0000 0002 is declined (as in Stripe test mode); other complete
// numbers succeed.

export function installStripeStandIn(target: Window, apiBase = 'https://api.stripe.com') {
  type Listener = (event: unknown) => void;
  type CardState = { value: string; complete: boolean; empty: boolean; brand: string };
  const placeholders: Record<string, string> = {
    cardNumber: '1234 1234 1234 1234',
    cardExpiry: 'MM / YY',
    cardCvc: 'CVC',
  };
  const incomplete: Record<string, { code: string; message: string }> = {
    cardNumber: { code: 'incomplete_number', message: 'Your card number is incomplete.' },
    cardExpiry: { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." },
    cardCvc: { code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
  };
  const brandOf = (digits: string) =>
    /^4/.test(digits)
      ? 'visa'
      : /^(5[1-5]|2[2-7])/.test(digits)
        ? 'mastercard'
        : /^3[47]/.test(digits)
          ? 'amex'
          : /^6(011|5)/.test(digits)
            ? 'discover'
            : /^3(0[0-5]|[68])/.test(digits)
              ? 'diners'
              : /^35/.test(digits)
                ? 'jcb'
                : /^62/.test(digits)
                  ? 'unionpay'
                  : 'unknown';
  const completeFor = (type: string, digits: string) =>
    type === 'cardNumber'
      ? digits.length === (brandOf(digits) === 'amex' ? 15 : 16)
      : type === 'cardExpiry'
        ? digits.length === 4 && Number(digits.slice(0, 2)) >= 1 && Number(digits.slice(0, 2)) <= 12
        : digits.length >= 3;

  function Stripe(publishableKey: string) {
    const elementsByType = new Map<string, { state: CardState }>();

    function createElement(type: string) {
      const listeners = new Map<string, Set<Listener>>();
      const state: CardState = { value: '', complete: false, empty: true, brand: 'unknown' };
      let input: HTMLInputElement | null = null;
      const emit = (name: string, event: unknown) => listeners.get(name)?.forEach((listener) => listener(event));
      const element = {
        state,
        mount(node: HTMLElement | string) {
          const host = typeof node === 'string' ? target.document.querySelector<HTMLElement>(node) : node;
          if (!host) throw new Error('Stripe stand-in: mount target not found');
          input = target.document.createElement('input');
          input.setAttribute('data-elements-stable-field-name', type);
          input.setAttribute('aria-label', placeholders[type] === 'CVC' ? 'CVC' : (placeholders[type] ?? type));
          input.placeholder = placeholders[type] ?? '';
          input.autocomplete = 'off';
          input.style.cssText = 'width:100%;border:0;outline:none;font-size:16px;background:transparent';
          input.addEventListener('input', () => {
            const digits = (input?.value ?? '').replace(/\D/g, '');
            state.value = digits;
            state.empty = digits.length === 0;
            state.complete = completeFor(type, digits);
            state.brand = type === 'cardNumber' ? brandOf(digits) : state.brand;
            emit('change', {
              elementType: type,
              empty: state.empty,
              complete: state.complete,
              error: undefined,
              ...(type === 'cardNumber' ? { brand: state.brand } : {}),
            });
          });
          input.addEventListener('focus', () => emit('focus', { elementType: type }));
          input.addEventListener('blur', () => {
            emit('blur', { elementType: type });
            if (!state.empty && !state.complete) {
              emit('change', {
                elementType: type,
                empty: false,
                complete: false,
                error: { type: 'validation_error', ...incomplete[type] },
                ...(type === 'cardNumber' ? { brand: state.brand } : {}),
              });
            }
          });
          host.appendChild(input);
          setTimeout(() => emit('ready', { elementType: type }), 0);
        },
        on(name: string, listener: Listener) {
          if (!listeners.has(name)) listeners.set(name, new Set());
          listeners.get(name)?.add(listener);
          return element;
        },
        off(name: string, listener: Listener) {
          listeners.get(name)?.delete(listener);
          return element;
        },
        update() {},
        focus: () => input?.focus(),
        blur: () => input?.blur(),
        clear() {
          if (input) input.value = '';
        },
        unmount() {
          input?.remove();
        },
        destroy() {
          input?.remove();
          elementsByType.delete(type);
        },
      };
      elementsByType.set(type, element);
      return element;
    }

    const elements = {
      create: (type: string) => createElement(type),
      getElement: (type: string | { __elementType?: string }) =>
        elementsByType.get(typeof type === 'string' ? type : (type.__elementType ?? '')) ?? null,
      update() {},
      fetchUpdates: async () => ({}),
      submit: async () => ({}),
    };

    const firstIncomplete = () => {
      for (const type of ['cardNumber', 'cardExpiry', 'cardCvc']) {
        const element = elementsByType.get(type);
        if (!element || !element.state.complete) return { type: 'validation_error', ...incomplete[type] };
      }
      return null;
    };

    return {
      elements: () => elements,
      _registerWrapper() {},
      registerAppInfo() {},
      createToken: async () => ({ error: { type: 'invalid_request_error', message: 'Not supported here' } }),
      async createPaymentMethod(options: { card: { state: CardState }; billing_details?: unknown }) {
        const error = firstIncomplete();
        if (error) return { error };
        const number = options.card.state.value;
        return {
          paymentMethod: {
            id: number === '4000000000000002' ? 'pm_card_declined' : `pm_card_${options.card.state.brand}`,
            object: 'payment_method',
            type: 'card',
            billing_details: options.billing_details,
            card: { brand: options.card.state.brand, last4: number.slice(-4) },
          },
        };
      },
      async confirmCardPayment(clientSecret: string, data: { payment_method: string }) {
        const id = clientSecret.split('_secret_')[0];
        const response = await target.fetch(`${apiBase}/v1/payment_intents/${id}/confirm`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${publishableKey}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ payment_method: data.payment_method, client_secret: clientSecret }).toString(),
        });
        const paymentIntent = await response.json();
        if (!response.ok) return { error: paymentIntent.error };
        if (paymentIntent.status !== 'succeeded') {
          return {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: paymentIntent,
            },
          };
        }
        return { paymentIntent };
      },
    };
  }
  Stripe.version = 'endive';
  (target as unknown as { Stripe: unknown }).Stripe = Stripe;
}

/** The stand-in as a script, for answering https://js.stripe.com/... in a browser. */
export const stripeStandInScript = (apiBase?: string) =>
  `(${installStripeStandIn.toString()})(window${apiBase ? `, ${JSON.stringify(apiBase)}` : ''});`;
