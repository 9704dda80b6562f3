/** The card fields, each a separate Stripe Element. */
export type CardField = 'number' | 'expiry' | 'cvc';

// Provider errors about one field are shown under that field, where they are fixed; any other
// one becomes a dialog.
const fieldForCode: Record<string, CardField> = {
  incomplete_number: 'number',
  invalid_number: 'number',
  card_declined: 'number',
  incomplete_expiry: 'expiry',
  invalid_expiry_year_past: 'expiry',
  incomplete_cvc: 'cvc',
};

export function fieldForCardError(code: string | undefined): CardField | null {
  return (code && fieldForCode[code]) || null;
}
