/** The demo's card note: shown instead of the test-mode note when the demo's Stripe stand-in takes the payments. */
export function DemoPaymentsNote() {
  return (
    <p className="mb-3 rounded-md bg-sky-50 px-3 py-2 text-xs text-sky-900" data-testid="demo-payments">
      <strong>Demo payments:</strong> nothing is charged. Use card 4242 4242 4242 4242 (any future expiry, any CVC) to
      subscribe; 4000 0000 0000 0002 is declined.
    </p>
  );
}
