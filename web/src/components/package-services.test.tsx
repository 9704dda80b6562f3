import { render, screen } from '@testing-library/react';
import { PackageServices } from './package-services';

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent?.replace('✓', '').trim());

test('a limited package without priority shows its weekly limit and its other services', () => {
  render(
    <PackageServices
      pack={{ services: ['Like upcoming meals', 'Member newsletter'], weeklyRequestLimit: 3, priorityServing: false }}
      className=""
    />,
  );
  expect(shown()).toEqual(['Request up to 3 meals a week', 'Like upcoming meals', 'Member newsletter']);
});

test('the lines about requests and serving come from the entitlements, not from the stored text', () => {
  render(
    <PackageServices
      pack={{
        services: ['Request up to 10 meals a week', 'Priority serving', 'Unlimited meal requests', 'Guest meal'],
        weeklyRequestLimit: 3,
        priorityServing: false,
      }}
      className=""
    />,
  );
  expect(shown()).toEqual(['Request up to 3 meals a week', 'Guest meal']);
  expect(screen.queryByText('Priority serving')).not.toBeInTheDocument();
});

test('an unlimited package with priority says so', () => {
  render(
    <PackageServices
      pack={{ services: ['Guest meal each month'], weeklyRequestLimit: null, priorityServing: true }}
      className=""
    />,
  );
  expect(shown()).toEqual(['Unlimited meal requests', 'Priority serving', 'Guest meal each month']);
});
