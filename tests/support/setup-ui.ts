import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Route tests load each page's code on demand, as the browser does; on two busy cores that can take
// longer than Testing Library's default second. Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
