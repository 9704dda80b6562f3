// Queries the tests share beyond Testing Library's own.
import { within, type ByRoleMatcher } from '@testing-library/react';

/** The text of each element with `role` within `container`, in order (cells, headers, links). */
export const textsOf = (container: HTMLElement, role: ByRoleMatcher) =>
  within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
